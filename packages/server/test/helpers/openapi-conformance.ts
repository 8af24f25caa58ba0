import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { pct } from './fuzz-values.js';
import { fillPath, type JsonSchema } from './openapi-operations.js';

/**
 * A conformance run driven by /openapi.json: requests generated from each operation's own
 * schemas (valid ones, and ones broken in exactly one documented way), and every answer checked
 * against what the document declares for it. Used by openapi.conformance.test.ts.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface Schema extends JsonSchema {
  pattern?: string;
  maxItems?: number;
  uniqueItems?: boolean;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  not?: Schema;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  style?: string;
}

/** A parameter's schema with the parameter's own example (the document moves it there). */
const paramSchema = (p: Parameter): Schema =>
  p.example === undefined ? (p.schema ?? {}) : { ...p.schema, examples: [p.example] };

interface MediaType {
  schema?: Schema;
  example?: unknown;
}

interface Operation {
  operationId?: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  security?: Record<string, unknown>[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One documented operation, as the run sees it. */
export interface DocumentedOperation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operation: Operation;
  /** Security requirement is the admin token's. */
  admin: boolean;
  /** No bearer token: credentials, if any, are in the body (the token endpoint). */
  public: boolean;
}

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? doc.security ?? [];
      out.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase() as DocumentedOperation['method'],
        path,
        operation,
        admin: security.some((requirement) => 'adminToken' in requirement),
        public: security.length === 0,
      });
    }
  }
  return out;
}

/** Real values the valid requests draw from: tokens, ids by parameter or member name, bodies. */
export interface ConformanceWorld {
  token: string;
  adminToken?: string;
  /** By name (`accountId`, `subscriptionId`…), the ids the test's setup created. */
  ids: Record<string, string[]>;
  /** Bodies known to succeed, by operationId. */
  bodies: Record<string, unknown>;
}

/** A request with how it was made (for the failure report). */
export interface GeneratedRequest {
  options: InjectOptions;
  /** `valid`, or the one documented rule the request breaks. */
  breaks: string;
}

const ALPHANUMERIC = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
);

/** Turns `#/components/schemas/X` into the schema it names (one level; refs nest lazily). */
function resolver(doc: OpenApiDocument) {
  return (schema: Schema): Schema => {
    if (schema.$ref?.startsWith('#/components/schemas/')) {
      const named = doc.components?.schemas?.[schema.$ref.slice('#/components/schemas/'.length)];
      if (named) return named;
    }
    return schema;
  };
}

/**
 * Values that satisfy `schema`: ids from the world's pools where the member is named like one,
 * the schema's own examples often, otherwise drawn from its type and constraints.
 */
function validValue(
  raw: Schema,
  name: string,
  world: ConformanceWorld,
  resolve: (s: Schema) => Schema,
): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const pool = world.ids[name];
  if (pool?.length && (schema.type === 'string' || schema.type === undefined)) {
    return fc.constantFrom(...pool);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.allOf?.length) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf.map(resolve)) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return validValue(merged, name, world, resolve);
  }
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches?.length) {
    if (schema.properties) {
      // `oneOf` of `required` lists over the parent's members (exactly one amount): one branch's
      // members required, every other branch's left out.
      return fc.constantFrom(...branches.keys()).chain((i) => {
        const others = branches.flatMap((b, j) => (j === i ? [] : (b.required ?? [])));
        const properties = Object.fromEntries(
          Object.entries(schema.properties!).filter(([key]) => !others.includes(key)),
        );
        return validValue(
          {
            ...schema,
            oneOf: undefined,
            anyOf: undefined,
            properties,
            required: [...(schema.required ?? []), ...(branches[i]!.required ?? [])],
          },
          name,
          world,
          resolve,
        );
      });
    }
    return fc.oneof(...branches.map((branch) => validValue(branch, name, world, resolve)));
  }
  const examples = schema.examples ?? (schema.example !== undefined ? [schema.example] : []);
  const generated = generatedValue(schema, name, world, resolve);
  return examples.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...examples) },
        { weight: 1, arbitrary: generated },
      )
    : generated;
}

function generatedValue(
  schema: Schema,
  name: string,
  world: ConformanceWorld,
  resolve: (s: Schema) => Schema,
): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
      const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date(Date.now() - 86_400_000), max: new Date(), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.format === 'email') return fc.constant('someone@example.com');
      if (schema.format === 'uri' || /url|uri/i.test(name)) {
        return fc.constant('https://hooks.example.com/cofre');
      }
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const examples = (schema.examples ?? []).filter((e) => typeof e === 'string');
        // fast-check builds strings for plain patterns; one with lookarounds (or a union of
        // many shapes, where most draws would miss the length) is drawn from its examples.
        if (!/\(\?[=!<]/.test(schema.pattern)) {
          // Lengths are cut to the schema's, never filtered: a filter that rarely passes hangs.
          return fc
            .stringMatching(pattern, { size: 'xsmall' })
            .map((text) => (fits(text) ? text : (examples[0] ?? text)));
        }
        if (examples.length) return fc.constantFrom(...examples);
        return fc
          .string({ unit: ALPHANUMERIC, minLength: Math.max(1, min), maxLength: max })
          .map((text) => (pattern.test(text) ? text : 'a'.repeat(Math.max(1, min))));
      }
      return fc.string({ unit: ALPHANUMERIC, minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
    case undefined:
      return fc.constant(null);
    case 'array': {
      const items = validValue(schema.items ?? {}, name, world, resolve);
      const constraints = {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) {
        model[key] = validValue(child, key, world, resolve);
      }
      const requiredKeys = (schema.required ?? []).filter((key) => key in model);
      const values = schema.additionalProperties;
      if (Object.keys(model).length === 0 && typeof values === 'object') {
        // A map (metadata): a few alphanumeric keys with values of the map's value schema.
        return fc.dictionary(
          fc.string({ unit: ALPHANUMERIC, minLength: 1, maxLength: 8 }),
          validValue(values, '', world, resolve),
          { maxKeys: 2 },
        );
      }
      return fc.record(model, { requiredKeys });
    }
    default:
      // Any other type name: nothing this document uses.
      return fc.constant(null);
  }
}

/**
 * Statuses a valid request may be refused with, when the operation declares them: an unknown or
 * foreign id, a state or business rule, a rate limit (the token endpoint's failure limiter
 * counts the run's wrong secrets).
 */
const BUSINESS_REFUSALS = [404, 409, 422, 429];

/**
 * 400s a schema-valid request can still get, each for a rule JSON Schema cannot state (so the
 * document says it in words): by problem code, or by the field errors of an INVALID_DATA.
 */
export const SEMANTIC_400_CODES = [
  // An amount's precision and bounds depend on the asset named in another member.
  'INVALID_AMOUNT_PRECISION',
  'AMOUNT_MUST_BE_POSITIVE',
  'AMOUNT_TOO_LARGE',
  // A BR Code's CRC and its EMV fields.
  'INVALID_BR_CODE',
];
const SEMANTIC_FIELD_ERRORS: { code?: string; pointer?: RegExp; why: string }[] = [
  { code: 'INVALID_CHECK_DIGITS', why: 'CPF/CNPJ check digits are arithmetic' },
  { pointer: /^\/holder\/taxId$/, why: 'a CPF or a CNPJ according to holder.type' },
  { code: 'UNKNOWN_EVENT_TYPE', why: 'an event type must belong to the resource named beside it' },
  { pointer: /^\/expiresAt$/, why: 'relative to the time of the request' },
  { pointer: /^\/createdAtTo$/, why: 'later than createdAtFrom when both are given' },
  {
    code: 'OUT_OF_RANGE',
    pointer: /^\/(at|from|to)$/,
    why: 'balances and statement instants: not in the future, to not earlier than from',
  },
  { pointer: /^\/maxConcurrency$/, why: "the server's configured maximum" },
  {
    pointer: /^\/accountIds\/\d+$/,
    code: 'INVALID_VALUE',
    why: "an account of the client's customer",
  },
  {
    pointer: /^\/(accountIds|permissions(\/\w+)?)$/,
    code: 'INVALID_VALUE',
    why: 'a client bound to accounts holds beneficiaries at read at most, no events or subscriptions',
  },
  {
    pointer: /^\/(signingKey|signatureFormat)$/,
    code: 'INVALID_VALUE',
    why: 'signingKey ed25519 needs signatureFormat standard-webhooks (with the one stored)',
  },
  // Unreachable while the schema's pattern holds; kept in case a generator stretches it.
  { pointer: /^\/allowedNetworks\/\d+$/, code: 'INVALID_FORMAT', why: 'a CIDR block or address' },
  { pointer: /^\/(pixKey|paymentInstruction)\/key$/, why: 'a key of the shape its keyType names' },
  // A PIX key in the path: one of five shapes, each with its own rules (described; a pattern
  // for all five would make the answer quote a regular expression instead of naming them).
  { pointer: /^\/key$/, code: 'INVALID_FORMAT', why: 'a CPF, CNPJ, e-mail, +55 phone or UUID' },
  {
    pointer: /^\/resources(\/\d+(\/name)?)?$/,
    why: 'includeAll, or resources with events, each once',
  },
  { pointer: /^\/(quoteAsset|targetAsset)$/, why: 'two different assets' },
  { code: 'UNSUPPORTED_NETWORK', why: "a wallet's network must carry its asset" },
  { pointer: /^(\/paymentInstruction)?\/address$/, why: "an address in its network's format" },
  {
    code: 'OUT_OF_RANGE',
    pointer: /^\/(limitPrice|rate)$/,
    why: 'a rate above zero with at most 12 decimals (the pattern states its form)',
  },
];

function semanticRefusal(problem: Problem | undefined): boolean {
  if (SEMANTIC_400_CODES.includes(problem?.code ?? '')) return true;
  const errors = problem?.code === 'INVALID_DATA' ? (problem.errors ?? []) : [];
  return (
    errors.length > 0 &&
    errors.every((e) =>
      SEMANTIC_FIELD_ERRORS.some(
        (rule) =>
          (rule.code === undefined || rule.code === e.code) &&
          (rule.pointer === undefined || rule.pointer.test(e.pointer)),
      ),
    )
  );
}

interface Problem {
  code?: string;
  errors?: { pointer: string; code: string }[];
}

export interface Violation {
  operation: string;
  kind:
    | 'valid request refused'
    | 'undeclared status'
    | 'body does not match its schema'
    | 'undeclared content type'
    | 'invalid request accepted';
  status: number;
  detail: string;
}

/** Checks answers against the document: declared status, media type and schema. */
export class ConformanceChecker {
  private readonly ajv = addFormats(
    new Ajv({ strict: false, allErrors: false, discriminator: false, validateFormats: true }),
  );
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly resolve: (s: Schema) => Schema;

  constructor(private readonly doc: OpenApiDocument) {
    this.resolve = resolver(doc);
  }

  /** A validator for a schema of the document (its `#/components` refs resolved). */
  validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  check(
    op: DocumentedOperation,
    request: GeneratedRequest,
    res: LightMyRequestResponse,
  ): Violation[] {
    const out: Violation[] = [];
    const status = res.statusCode;
    const where = `${request.options.method} ${JSON.stringify(request.options.url).slice(1, 121)} (${request.breaks})`;
    const violation = (kind: Violation['kind'], detail: string) =>
      out.push({ operation: op.id, kind, status, detail: `${where}: ${detail}` });
    const responses = op.operation.responses ?? {};
    const declared =
      responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!declared) violation('undeclared status', res.body.slice(0, 200));
    const problem = /json/.test(String(res.headers['content-type']))
      ? (safeJson(res.body) as Problem | undefined)
      : undefined;
    if (request.breaks === 'valid' && status >= 400) {
      const allowed =
        (BUSINESS_REFUSALS.includes(status) && declared !== undefined) ||
        (status === 401 && op.public) ||
        (status === 400 && semanticRefusal(problem));
      if (!allowed) violation('valid request refused', res.body.slice(0, 300));
    }
    if (request.breaks !== 'valid' && status < 300) {
      violation('invalid request accepted', res.body.slice(0, 200));
    }
    if (declared && res.body !== '') {
      const media = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const content = declared.content ?? {};
      const schema = content[media]?.schema;
      if (!content[media]) {
        violation(
          'undeclared content type',
          `${media}; declared ${Object.keys(content).join(', ')}`,
        );
      } else if (schema) {
        const validate = this.validator(`${op.id} ${status} ${media}`, schema);
        if (!validate(safeJson(res.body))) {
          violation(
            'body does not match its schema',
            `${this.ajv.errorsText(validate.errors)}; ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    return out;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function authorization(op: DocumentedOperation, world: ConformanceWorld): Record<string, string> {
  if (op.public) return {};
  return { authorization: `Bearer ${op.admin ? (world.adminToken ?? '') : world.token}` };
}

function queryString(values: [string, string][]): string {
  return values.length ? `?${values.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : '';
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

interface Parts {
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: unknown;
}

/** The parts of a valid request: every one checked against its schema by `checker`. */
function validParts(
  op: DocumentedOperation,
  world: ConformanceWorld,
  checker: ConformanceChecker,
): fc.Arbitrary<Parts> {
  const resolve = checker.resolve;
  const params = op.operation.parameters ?? [];
  const pathArbs = Object.fromEntries(
    params
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, validValue(paramSchema(p), p.name, world, resolve).map(asText)]),
  );
  // A cursor (and PREVIOUS) only exists as a page handed out for the same list and filters.
  const query = params.filter(
    (p) => p.in === 'query' && p.name !== 'cursor' && p.name !== 'direction',
  );
  // A query array is sent as OpenAPI's default for it (style form, explode): `?a=1&a=2`; an
  // object with style deepObject as `?name[key]=value` pairs.
  const pairs = (p: Parameter, value: unknown): [string, string][] =>
    p.style === 'deepObject' && value !== null && typeof value === 'object'
      ? Object.entries(value).map(([k, v]) => [`${p.name}[${k}]`, asText(v)])
      : Array.isArray(value)
        ? value.map((v) => [p.name, asText(v)])
        : [[p.name, asText(value)]];
  const queryArb = fc.tuple(
    ...query.map((p) =>
      p.required
        ? validValue(paramSchema(p), p.name, world, resolve).map((v) => pairs(p, v))
        : fc.option(validValue(paramSchema(p), p.name, world, resolve).map((v) => pairs(p, v))),
    ),
  );
  const keyed = params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  const headersArb = keyed
    ? fc
        .option(fc.uuid())
        .map((key): Record<string, string> => (key ? { 'idempotency-key': key } : {}))
    : fc.constant<Record<string, string>>({});
  const json = op.operation.requestBody?.content?.['application/json']?.schema;
  const known = world.bodies[op.id];
  const bodyArb: fc.Arbitrary<unknown> = json
    ? known !== undefined
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constant(known) },
          { weight: 1, arbitrary: validValue(json, '', world, resolve) },
        )
      : validValue(json, '', world, resolve)
    : fc.constant(undefined);
  return fc
    .record({ path: fc.record(pathArbs), query: queryArb, headers: headersArb, body: bodyArb })
    .map((parts) => ({
      ...parts,
      query: parts.query.flatMap((q) => q ?? []),
    }))
    .filter(
      (parts) =>
        parts.body === undefined ||
        checker.validator(`${op.id} request body`, json ?? {})(parts.body) === true,
    );
}

function toRequest(op: DocumentedOperation, world: ConformanceWorld, parts: Parts, breaks: string) {
  const hasBody = parts.body !== undefined;
  return {
    breaks,
    options: {
      method: op.method,
      url: `${fillPath(op.path, parts.path)}${queryString(parts.query)}`,
      headers: {
        ...authorization(op, world),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...parts.headers,
      },
      ...(hasBody ? { payload: JSON.stringify(parts.body) } : {}),
    } satisfies InjectOptions,
  };
}

/** Valid requests for `op`, drawn from its schemas and the world's real ids. */
export function validRequest(
  op: DocumentedOperation,
  world: ConformanceWorld,
  checker: ConformanceChecker,
): fc.Arbitrary<GeneratedRequest> {
  return validParts(op, world, checker).map((parts) => toRequest(op, world, parts, 'valid'));
}

type Mutation = [string, (parts: Parts) => Parts];

/** Every way to break `op`'s request that its document states (one rule at a time). */
function mutations(op: DocumentedOperation, checker: ConformanceChecker): Mutation[] {
  const out: Mutation[] = [
    ['an unknown query parameter', (p) => ({ ...p, query: [...p.query, ['zzUnknown', '1']] })],
  ];
  const params = op.operation.parameters ?? [];
  for (const param of params) {
    const schema = checker.resolve(param.schema ?? {});
    if (param.in === 'query' && param.style === 'deepObject') {
      out.push([
        `query ${param.name} not an object`,
        (p) => ({
          ...p,
          query: [...p.query.filter(([k]) => !k.startsWith(`${param.name}[`)), [param.name, 'x']],
        }),
      ]);
    } else if (param.in === 'query') {
      const bad = schema.enum
        ? 'NOT_ONE_OF_THEM'
        : schema.type === 'integer'
          ? String((schema.maximum ?? 1e9) + 1)
          : schema.pattern
            ? 'not a match!'
            : schema.maxLength !== undefined
              ? 'x'.repeat(schema.maxLength + 1)
              : undefined;
      if (bad !== undefined) {
        out.push([
          `query ${param.name} breaks its schema`,
          (p) => ({
            ...p,
            query: [...p.query.filter(([k]) => k !== param.name), [param.name, bad]],
          }),
        ]);
      }
    }
    if (param.in === 'path' && schema.maxLength !== undefined) {
      out.push([
        `path ${param.name} over maxLength`,
        (p) => ({ ...p, path: { ...p.path, [param.name]: 'x'.repeat(schema.maxLength! + 1) } }),
      ]);
    }
    if (param.in === 'header' && param.name === 'Idempotency-Key') {
      out.push([
        'an Idempotency-Key outside its pattern',
        (p) => ({ ...p, headers: { ...p.headers, 'idempotency-key': 'has spaces in it' } }),
      ]);
      out.push([
        'two different idempotency keys',
        (p) => ({
          ...p,
          headers: { 'idempotency-key': 'key-one', 'x-idempotency-key': 'key-two' },
        }),
      ]);
    }
  }
  const body = op.operation.requestBody;
  const json = body?.content?.['application/json']?.schema;
  if (body?.required) out.push(['no body', (p) => ({ ...p, body: undefined })]);
  if (json) {
    const schema = checker.resolve(json);
    const closed = (s: Schema) => s.additionalProperties === false;
    const branches = (schema.oneOf ?? schema.anyOf ?? []).map(checker.resolve);
    if (closed(schema) || (branches.length > 0 && branches.every(closed))) {
      out.push([
        'an unknown body member',
        (p) => ({ ...p, body: { ...(p.body as object), zzUnknown: 1 } }),
      ]);
    }
    out.push(['a body that is an array', (p) => ({ ...p, body: [] })]);
    for (const key of schema.required ?? []) {
      out.push([
        `body without required ${key}`,
        (p) => {
          const copy = { ...(p.body as Record<string, unknown>) };
          delete copy[key];
          return { ...p, body: copy };
        },
      ]);
    }
    for (const [key, raw] of Object.entries(schema.properties ?? {})) {
      const child = checker.resolve(raw);
      if (child.type === undefined && !child.enum && !child.anyOf && !child.oneOf) continue;
      out.push([
        `body ${key} of the wrong type`,
        (p) => ({
          ...p,
          body: { ...(p.body as object), [key]: child.type === 'object' ? 'x' : { x: 1 } },
        }),
      ]);
      if (child.maxLength !== undefined) {
        out.push([
          `body ${key} over maxLength`,
          (p) => ({
            ...p,
            body: { ...(p.body as object), [key]: 'x'.repeat(child.maxLength! + 1) },
          }),
        ]);
      }
      if (child.enum) {
        out.push([
          `body ${key} not in its enum`,
          (p) => ({ ...p, body: { ...(p.body as object), [key]: 'NOT_ONE_OF_THEM' } }),
        ]);
      }
    }
  }
  return out;
}

/**
 * Requests for `op` that break exactly one documented rule (taken from a valid request). Body
 * mutations are kept only when the document's own schema refuses the result, so a refusal the
 * server must give is never a guess.
 */
export function invalidRequest(
  op: DocumentedOperation,
  world: ConformanceWorld,
  checker: ConformanceChecker,
): fc.Arbitrary<GeneratedRequest> {
  const json = op.operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .tuple(validParts(op, world, checker), fc.constantFrom(...mutations(op, checker)))
    .map(([parts, [name, mutate]]) => ({ before: parts, after: mutate(parts), name }))
    .filter(({ before, after }) => {
      if (after.body === before.body || after.body === undefined || !json) return true;
      return checker.validator(`${op.id} request body`, json)(after.body) === false;
    })
    .map(({ after, name }) => toRequest(op, world, after, name));
}
