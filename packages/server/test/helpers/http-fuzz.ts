import { expect } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/lib/errors.js';
import {
  anyJson,
  headerText,
  oddString,
  pct,
  rarely,
  valueFor,
  wellFormedId,
} from './fuzz-values.js';
import { fillPath, sampleOf, type ApiOperation } from './openapi-operations.js';

/**
 * Arbitraries for black-box requests against the documented API: every part of a request drawn
 * from what the OpenAPI document says it should be, mixed with what it should not be.
 */

/** What the generators draw real values from (ids, cursors, tokens made by the test's setup). */
export interface FuzzWorld {
  /** Customer tokens, and the back-office token (when the app enables it). */
  tokens: { own: string; other: string; admin?: string };
  /** Ids by path parameter name (`accountId`…): the fuzzing customer's, and another's. */
  ids: { own: Record<string, string[]>; other: string[] };
  /** Cursors handed out by list endpoints (own lists and another customer's). */
  cursors: string[];
  /** Bodies known to succeed, by `METHOD /path/template`: mutated one field at a time. */
  bodies: Record<string, Record<string, unknown>>;
  /** A client id and secret that work. */
  credentials: { clientId: string; clientSecret: string };
}

/** A path value, and whether it goes into the URL percent-encoded. */
function pathValue(
  name: string,
  world: FuzzWorld,
): fc.Arbitrary<{ value: string; encode: boolean }> {
  const encoded = (arb: fc.Arbitrary<string>) => arb.map((value) => ({ value, encode: true }));
  // Drawn from the live pools: ids the run creates join them, so deletes don't starve later cases.
  const pick = (pool: () => string[]) =>
    fc.nat().map((i) => {
      const ids = pool();
      return ids[i % ids.length] ?? 'x';
    });
  return fc.oneof(
    { weight: 16, arbitrary: encoded(pick(() => world.ids.own[name] ?? [])) },
    { weight: 1, arbitrary: encoded(pick(() => Object.values(world.ids.own).flat())) },
    { weight: 1, arbitrary: encoded(fc.constantFrom(...world.ids.other)) },
    { weight: 1, arbitrary: encoded(wellFormedId) },
    { weight: 1, arbitrary: encoded(oddString) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%ZZ', '%', '%E0%A4%A', '..', '.', '%2F', '%2e%2e', 'a%00b', ';', '~', '*')
        .map((value) => ({ value, encode: false })),
    },
  );
}

/** A body, a content type and the request-level headers that go with it. */
function bodyFor(op: ApiOperation, world: FuzzWorld): fc.Arbitrary<Partial<InjectOptions>> {
  const json = op.bodies['application/json'];
  const jsonBody = (value: unknown, type = 'application/json'): Partial<InjectOptions> => ({
    headers: { 'content-type': type },
    payload: JSON.stringify(value),
  });
  const known = world.bodies[`${op.method} ${op.path}`];
  const sample = known ?? (json ? sampleOf(json) : {});
  // A body that works with one member replaced, removed, or added.
  const properties = json?.properties ?? {};
  const oneChange = fc
    .tuple(
      fc.constantFrom(...Object.keys(properties), '__unknown__'),
      fc.option(fc.constant(null), { freq: 4 }),
    )
    .chain(([key, remove]) =>
      (properties[key] ? valueFor(properties[key], key) : anyJson).map((value) => {
        const body: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
        if (remove === null) delete body[key];
        else body[key] = value;
        return jsonBody(body);
      }),
    );
  const validish = json
    ? valueFor(json).map((value) => jsonBody(value))
    : anyJson.map((value) => jsonBody(value));
  const isToken = op.path === '/v1/oauth/client/token';
  return fc.oneof(
    { weight: json ? 1 : 12, arbitrary: fc.constant({}) },
    { weight: json ? 6 : 1, arbitrary: validish },
    { weight: json ? 6 : 0, arbitrary: oneChange },
    { weight: json ? 3 : 0, arbitrary: fc.constant(jsonBody(sample)) },
    {
      weight: isToken ? 4 : 0,
      arbitrary: fc.constantFrom(jsonBody(world.credentials), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${world.credentials.clientId}&client_secret=${pct(world.credentials.clientSecret)}`,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ headers: { 'content-type': 'application/json' }, payload: '' }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'APPLICATION/JSON',
            'application/json; charset=latin1',
            'application/json;;',
            'application/vnd.api+json',
            'application/problem+json',
            'text/plain',
            'text/html',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            '*/*',
            'garbage',
            ';',
            '',
          ),
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.constantFrom('{"a":', '{"__proto__":{"x":1}}', '[', 'null', '"\\ud800"', 'a=b&c'),
            anyJson.map((value) => JSON.stringify(value) ?? ''),
            fc.dictionary(oddString, oddString, { maxKeys: 3 }).map((d) =>
              Object.entries(d)
                .map(([k, v]) => `${pct(k)}=${pct(v)}`)
                .join('&'),
            ),
          ),
        )
        .map(([type, payload]) => ({
          headers: type === '' ? {} : { 'content-type': type },
          payload,
        })),
    },
    {
      // Nested deep: a walker that recurses per level runs out of stack (thousands of levels
      // fit in a few KB), or just past the 32 levels a body may have.
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(33, 5_000, 30_000), fc.constantFrom('[', '{"a":'))
        .map(([depth, open]) => ({
          headers: { 'content-type': 'application/json' },
          payload: `${open.repeat(depth)}${open === '[' ? '' : '1'}${(open === '[' ? ']' : '}').repeat(depth)}`,
        })),
    },
    {
      // Near and over the body limit.
      weight: 1,
      arbitrary: fc
        .integer({ min: 60_000, max: 70_000 })
        .map((n) => jsonBody({ ...(sample as object), padding: 'p'.repeat(n) })),
    },
  );
}

/** Query strings: known parameters with right and wrong values, unknown ones, raw oddities. */
function queryFor(op: ApiOperation, world: FuzzWorld): fc.Arbitrary<string> {
  const known = op.queryParams.map((param) => {
    const values =
      param.name === 'cursor'
        ? fc.oneof(
            fc.constantFrom(...world.cursors),
            fc
              .tuple(
                fc.constantFrom(...world.cursors),
                fc.nat(),
                fc.string({ minLength: 1, maxLength: 2 }),
              )
              .map(([c, i, s]) => c.slice(0, i % c.length) + s + c.slice((i % c.length) + 1)),
            oddString,
          )
        : valueFor(param.schema ?? {}, param.name).map((value) =>
            typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
          );
    return fc.option(
      values.map((value) => `${param.name}=${pct(value)}`),
      { freq: 2 },
    );
  });
  const unknown = rarely(
    fc.array(
      fc.tuple(oddString, oddString).map(([name, value]) => `${pct(name)}=${pct(value)}`),
      { minLength: 1, maxLength: 2 },
    ),
    12,
  );
  const raw = rarely(
    fc.constantFrom(
      '&',
      '&&',
      '=',
      'a',
      'limit',
      'limit=',
      'limit=1&limit=2',
      'sortOrder=ASCENDING&sortOrder=DESCENDING',
      '%ZZ=1',
      'a=%ZZ',
      'cursor=%',
      '__proto__=1',
      'constructor[prototype]=1',
      'a[b]=c',
      'access_token=x',
    ),
    12,
  );
  return fc.tuple(fc.tuple(...known), unknown, raw).map(([k, u, r]) => {
    const parts = [
      ...k.filter((p): p is string => p !== null),
      ...(u ?? []),
      ...(r === undefined ? [] : [r]),
    ];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function authorizationFor(op: ApiOperation, world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const { own, other, admin } = world.tokens;
  const [header = '', payload = ''] = own.split('.');
  return fc.oneof(
    // Admin routes mostly with the admin token; customer tokens there must be refused too.
    { weight: op.admin && admin ? 24 : 0, arbitrary: fc.constant(`Bearer ${admin ?? ''}`) },
    { weight: op.admin && admin ? 1 : 0, arbitrary: fc.constant(`Bearer ${admin ?? ''}x`) },
    { weight: op.secured && !op.admin ? 24 : 2, arbitrary: fc.constant(`Bearer ${own}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${other}`) },
    { weight: op.secured ? 1 : 20, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        `bearer ${own}`,
        `Bearer ${own}x`,
        `Bearer ${header}.${payload}.`,
        `Bearer ${header}.${payload}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        `Basic ${Buffer.from('x:y').toString('base64')}`,
        `Basic ${Buffer.from(`${world.credentials.clientId}:${world.credentials.clientSecret}`).toString('base64')}`,
        'Basic !!!',
        // Basic credentials are percent-decoded (RFC 6749 section 2.3.1): `%00` is a NUL.
        `Basic ${Buffer.from(`cli_%00:${world.credentials.clientSecret}`).toString('base64')}`,
        `Basic ${Buffer.from(`${'😀'.repeat(200)}:x`).toString('base64')}`,
        'Digest x',
      ),
    },
    { weight: 1, arbitrary: headerText.map((s) => `Bearer ${s}`) },
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** One generated request for one of the documented operations. */
export function requestFor(ops: ApiOperation[], world: FuzzWorld): fc.Arbitrary<InjectOptions> {
  return fc.constantFrom(...ops).chain((op) => {
    const values = fc.tuple(...op.pathParams.map((p) => pathValue(p.name, world)));
    return fc
      .record({
        method: fc.oneof(
          { weight: 12, arbitrary: fc.constant(op.method) },
          { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
        ),
        values,
        query: queryFor(op, world),
        body: bodyFor(op, world),
        authorization: authorizationFor(op, world),
        extra: fc.record({
          'idempotency-key': rarely(fc.oneof(fc.uuid(), headerText), 3),
          'x-request-id': rarely(headerText, 6),
          'content-encoding': rarely(
            fc.constantFrom('gzip', 'identity', 'br, identity', 'x-nonsense'),
            20,
          ),
          accept: rarely(fc.constantFrom('application/xml', '*/*', 'text/html'), 10),
        }),
      })
      .map(({ method, values, query, body, authorization, extra }) => {
        const url = fillPath(
          op.path,
          Object.fromEntries(
            op.pathParams.map((p, i) => {
              const v = values[i]!;
              return [p.name, v.encode ? pct(v.value) : v.value];
            }),
          ),
          false,
        );
        return {
          method,
          url: `${url}${query}`,
          ...body,
          headers: {
            ...Object.fromEntries(
              Object.entries(extra).filter(
                (entry): entry is [string, string] => entry[1] !== undefined,
              ),
            ),
            ...body.headers,
            ...(authorization === undefined ? {} : { authorization }),
          },
        } satisfies InjectOptions;
      });
  });
}

const PROBLEM_JSON = /^application\/problem\+json(;|$)/;
/** The token endpoint's errors are RFC 6749 section 5.2 bodies, with the problem members. */
const OAUTH_JSON = /^application\/json(;|$)/;
const TOKEN_PATH = '/v1/oauth/client/token';

/**
 * The contract every answer keeps, whatever was asked: no 5xx; an X-Request-Id; every error a
 * bounded problem document whose `code` is in the catalogue with that status. Throws what broke.
 */
export function checkAnswer(request: InjectOptions, res: LightMyRequestResponse): void {
  const url = typeof request.url === 'string' ? request.url : JSON.stringify(request.url);
  const where = () =>
    `${request.method} ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 400)}`;
  if (res.statusCode >= 500) throw new Error(`server error: ${where()}`);
  const requestId = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '')
    throw new Error(`no X-Request-Id: ${where()}`);
  if (res.statusCode < 400 || request.method === 'HEAD') return;
  const tokenEndpoint = request.method === 'POST' && url.split('?')[0] === TOKEN_PATH;
  if (!(tokenEndpoint ? OAUTH_JSON : PROBLEM_JSON).test(String(res.headers['content-type']))) {
    throw new Error(
      `error is not ${tokenEndpoint ? 'application/json' : 'problem+json'} (${String(res.headers['content-type'])}): ${where()}`,
    );
  }
  if (tokenEndpoint && typeof res.json<{ error?: unknown }>().error !== 'string') {
    throw new Error(`token endpoint error without an OAuth error member: ${where()}`);
  }
  if (res.rawPayload.length > 16 * 1024)
    throw new Error(`error body of ${res.rawPayload.length} bytes: ${where()}`);
  const body = res.json<{ code?: string; status?: number; requestId?: string }>();
  const entry = ERROR_CATALOGUE[body.code as ErrorCode] as { status: number } | undefined;
  if (!entry) throw new Error(`code ${String(body.code)} is not in the catalogue: ${where()}`);
  if (entry.status !== res.statusCode || body.status !== res.statusCode) {
    throw new Error(`status disagrees with the catalogue: ${where()}`);
  }
  if (body.requestId !== requestId)
    throw new Error(`requestId differs from the header: ${where()}`);
}

/** What the fuzz tests read of a log line (pino's JSON). */
interface LogLine {
  level: number;
  msg?: string;
}

/**
 * Asserts a fuzz run's log is clean: no error-level line (a 5xx or worse), and no value the
 * database refused for its size — each request string's maxLength must refuse a huge value
 * before any query (plugins/errors.ts logs it when one gets through).
 */
export function expectCleanLog(logged: readonly string[]): void {
  const lines = logged.map((line) => JSON.parse(line) as LogLine);
  expect(
    lines.filter((l) => l.level >= 50),
    'error-level log lines',
  ).toEqual([]);
  expect(
    lines.filter((l) => l.msg === 'value too long to store'),
    'values refused by the database for their size',
  ).toEqual([]);
}
