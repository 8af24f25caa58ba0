import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { applyErrata, valueAt } from './api-pix-errata.js';

// ajv-formats is CommonJS with a default export (as src/plugins/validation.ts casts it).
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The BCB's API Pix 2.9.0 document, as a test oracle: every request cofre sends to a PSP and
 * every answer the fake PSP gives are checked against it. The document is read where every
 * checkout has it (../shared/reference/, beside the repository; shared/reference/README.md) and
 * never copied. The schemas are validated by ajv 8 (what fastify uses); the OpenAPI structure
 * around them (path templates, parameters, request bodies, responses, content types,
 * callbacks) is walked here, because cofre uses a dozen operations and wants a stricter walker
 * than the off-the-shelf ones (openapi-backend, for one, accepts an undocumented status): an
 * undocumented status, a query name the document does not declare and a missing required body
 * are all problems. No new dependency: ajv, ajv-formats and yaml were already in the tree.
 */

const REPOSITORY = fileURLToPath(new URL('../../../../../', import.meta.url));
export const CONTRACT_PATH = resolve(REPOSITORY, '../shared/reference/bcb-api-pix-2.9.0.yaml');

/** Where the document is, or why the contract checks skip (the issue: they skip and say why). */
export function contractFile(): { path: string } | { path: undefined; reason: string } {
  if (existsSync(CONTRACT_PATH)) return { path: CONTRACT_PATH };
  return {
    path: undefined,
    reason: `API Pix contract checks skipped: ${CONTRACT_PATH} is absent (shared/reference/ is expected beside the checkout)`,
  };
}

export interface Exchange {
  method: string;
  /** Relative to the API root (COFRE_PIX_PSP_URL's path removed), e.g. `/cob/01J…`. */
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  /** undefined when the answer had no body. */
  body: unknown;
}

export interface Route {
  /** The document's path template, e.g. `/pix/{e2eid}/devolucao/{id}`. */
  template: string;
  method: string;
  /** Path parameters, percent-decoded. */
  values: Record<string, string>;
}

export interface ApiPixContract {
  route(method: string, path: string): Route | undefined;
  /** Every way `exchange` departs from the document; [] when it conforms. */
  request(exchange: Exchange): string[];
  /** Every way `answer` (to `exchange`) departs from the document; an undocumented status is one. */
  response(exchange: Exchange, answer: Answer): string[];
  /** The PSP's notification: PUT /webhook/{chave} → callbacks.listaPix → POST {webhookUrl}/pix. */
  callback(body: unknown): string[];
}

type Node = Record<string, unknown>;
const ID = 'https://cofre.test/bcb-api-pix-2.9.0.json';
const pointerToken = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
const describeErrors = (where: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? 'is invalid'}`);

let loaded: ApiPixContract | undefined;

/** The contract from CONTRACT_PATH, loaded once per test process (about half a second). */
export function apiPixContract(file: string = CONTRACT_PATH): ApiPixContract {
  if (file === CONTRACT_PATH) return (loaded ??= loadApiPixContract(file));
  return loadApiPixContract(file);
}

export function loadApiPixContract(file: string): ApiPixContract {
  return contractOf(parse(readFileSync(file, 'utf8')) as Node);
}

/** The checker over a parsed document (errata applied first; they throw if the document changed). */
export function contractOf(doc: Node): ApiPixContract {
  applyErrata(doc);
  const schemas = compiler(doc);
  const paths = doc.paths as Record<string, Node>;
  const route = router(paths);
  const deref = (pointer: string): [string, Node] => {
    const node = valueAt(doc, pointer) as Node;
    return typeof node.$ref === 'string' ? deref(node.$ref.slice(1)) : [pointer, node];
  };
  const operation = (r: Route) => `/paths/${pointerToken(r.template)}/${r.method}`;
  return {
    route,
    request(exchange) {
      const r = route(exchange.method, exchange.path);
      if (!r) return [`${exchange.method} ${exchange.path} is not an operation of API Pix`];
      return [
        ...parameterProblems(paths, r, exchange.query ?? {}, deref, schemas),
        ...requestBodyProblems(
          valueAt(doc, operation(r)) as Node,
          operation(r),
          exchange.body,
          deref,
          schemas,
        ),
      ];
    },
    response(exchange, answer) {
      const r = route(exchange.method, exchange.path);
      if (!r) return [`${exchange.method} ${exchange.path} is not an operation of API Pix`];
      const responses = (valueAt(doc, operation(r)) as Node).responses as Node;
      if (!(String(answer.status) in responses)) {
        return [
          `status ${answer.status} is not documented for ${r.method.toUpperCase()} ${r.template}`,
        ];
      }
      const [pointer, response] = deref(`${operation(r)}/responses/${answer.status}`);
      const content = response.content as Node | undefined;
      if (!content)
        return answer.body === undefined ? [] : ['the document gives this status no body'];
      const type = (answer.contentType ?? '').split(';')[0]!.trim();
      if (!(type in content)) {
        return [`content type "${type}" is not documented (${Object.keys(content).join(', ')})`];
      }
      const check = schemas.body(`${pointer}/content/${pointerToken(type)}/schema`);
      return check(answer.body) ? [] : describeErrors('body', check.errors);
    },
    callback(body) {
      const callback = `/paths/${pointerToken('/webhook/{chave}')}/put/callbacks/listaPix/${pointerToken('{$request.body#/webhookUrl}/pix')}/post`;
      const [pointer] = deref(`${callback}/requestBody`);
      const check = schemas.body(`${pointer}/content/application~1json/schema`);
      return check(body) ? [] : describeErrors('callback', check.errors);
    },
  };
}

interface Schemas {
  /** Bodies: never coerced (a JSON "10" is not the integer 10). */
  body(pointer: string): ValidateFunction;
  /** Parameters arrive as text: coerced to the schema's type. */
  parameter(pointer: string): ValidateFunction;
}

/**
 * Two ajv instances over the whole document, compiling a schema by JSON pointer the first time
 * it is asked for. strict: false because the document uses `example`, `readOnly`, `maximum` on an
 * array and string defaults on integers; no useDefaults, so a check sees what was sent.
 */
function compiler(doc: Node): Schemas {
  const make = (coerceTypes: boolean) => {
    const ajv = addFormats(
      new Ajv({ strict: false, allErrors: true, coerceTypes, validateSchema: false }),
    );
    ajv.addSchema(
      { $id: ID, paths: doc.paths, components: doc.components },
      undefined,
      undefined,
      false,
    );
    const cache = new Map<string, ValidateFunction>();
    return (pointer: string) => {
      let check = cache.get(pointer);
      if (!check) cache.set(pointer, (check = ajv.compile({ $ref: `${ID}#${pointer}` })));
      return check;
    };
  };
  return { body: make(false), parameter: make(true) };
}

/** Literal paths win over templates (`/pix` is not `/{pixUrlAccessToken}`), then fewer parameters. */
function router(paths: Record<string, Node>): ApiPixContract['route'] {
  const templates = Object.keys(paths).map((template) => ({
    template,
    re: new RegExp('^' + template.replace(/\{[^}]+\}/g, '([^/]+)') + '$'),
    names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
  }));
  return (method, path) => {
    const m = method.toLowerCase();
    const hit = templates
      .map((t) => ({ t, match: t.re.exec(path) }))
      .filter((h) => h.match !== null && paths[h.t.template]![m] !== undefined)
      .sort((a, b) => a.t.names.length - b.t.names.length)[0];
    if (!hit) return undefined;
    let values: Record<string, string>;
    try {
      values = Object.fromEntries(
        hit.t.names.map((n, i) => [n, decodeURIComponent(hit.match![i + 1]!)]),
      );
    } catch {
      return undefined; // a malformed percent-escape names no resource
    }
    return { template: hit.t.template, method: m, values };
  };
}

function parameterProblems(
  paths: Record<string, Node>,
  r: Route,
  query: Readonly<Record<string, string>>,
  deref: (pointer: string) => [string, Node],
  schemas: Schemas,
): string[] {
  const item = paths[r.template]!;
  const base = `/paths/${pointerToken(r.template)}`;
  const declared = [
    ...((item.parameters as unknown[] | undefined) ?? []).map((_, i) => `${base}/parameters/${i}`),
    ...(((item[r.method] as Node).parameters as unknown[] | undefined) ?? []).map(
      (_, i) => `${base}/${r.method}/parameters/${i}`,
    ),
  ].map(deref);
  const problems: string[] = [];
  const undeclared = new Set(Object.keys(query));
  for (const [pointer, p] of declared) {
    const name = String(p.name);
    const source = p.in === 'path' ? r.values : p.in === 'query' ? query : undefined;
    if (!source) continue;
    undeclared.delete(name);
    const value = source[name];
    if (value === undefined) {
      if (p.required === true) problems.push(`${String(p.in)} parameter ${name} is required`);
      continue;
    }
    // A parameter is text on the wire: the coercing instance checks "2" as the integer 2.
    const check = schemas.parameter(`${pointer}/schema`);
    if (!check(value)) problems.push(...describeErrors(`${String(p.in)}.${name}`, check.errors));
  }
  for (const name of undeclared) problems.push(`query parameter ${name} is not in the document`);
  return problems;
}

function requestBodyProblems(
  op: Node,
  pointer: string,
  body: unknown,
  deref: (pointer: string) => [string, Node],
  schemas: Schemas,
): string[] {
  if (op.requestBody === undefined) {
    return body === undefined ? [] : ['this operation takes no body'];
  }
  const [at, requestBody] = deref(`${pointer}/requestBody`);
  if (body === undefined)
    return requestBody.required === true ? ['a request body is required'] : [];
  const check = schemas.body(`${at}/content/application~1json/schema`);
  return check(body) ? [] : describeErrors('body', check.errors);
}
