import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN } from '../helpers/admin.js';
import {
  ConformanceChecker,
  operationsOf,
  type DocumentedOperation,
  type OpenApiDocument,
} from '../helpers/openapi-conformance.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const PACKAGE = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

type Node = Record<string, unknown>;

/** Every `example`/`examples` in the document, with the schema it sits beside. */
function examplesIn(doc: Node): { where: string; schema: Node; value: unknown }[] {
  const out: { where: string; schema: Node; value: unknown }[] = [];
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${where}/${i}`));
    const n = node as Node;
    const schema = n.schema as Node | undefined;
    // A media type or a parameter: its example(s) against its schema.
    if (schema) {
      if (n.example !== undefined) out.push({ where, schema, value: n.example });
      for (const [name, example] of Object.entries((n.examples ?? {}) as Record<string, Node>)) {
        out.push({ where: `${where}/examples/${name}`, schema, value: example.value });
      }
    }
    // A schema: its own `examples` array.
    if (Array.isArray(n.examples) && (n.type !== undefined || n.properties || n.$ref)) {
      for (const value of n.examples) out.push({ where, schema: n, value });
    }
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'example' && key !== 'examples') visit(child, `${where}/${key}`);
    }
  };
  visit(doc, '#');
  return out;
}

describe.each(ENGINES)('the OpenAPI document at /openapi.json on %s', (engine) => {
  let doc: OpenApiDocument & Node;
  let operations: DocumentedOperation[];

  const t = useTestApp(engine, {
    env: ADMIN_ENV,
    resolve: () => Promise.resolve(['93.184.216.34']),
  });

  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    operations = operationsOf(doc);
  });

  it('names the package version, its license and the server to call', () => {
    const info = doc.info as Node;
    expect(info.version).toBe(PACKAGE.version);
    expect(info.license).toEqual({ name: 'Apache-2.0', identifier: 'Apache-2.0' });
    expect(doc.servers).toEqual([{ url: '/', description: 'cofre (sandbox)' }]);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map((op) => op.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['listAccounts', 'getAccount', 'createDeposit', 'cancelOperation']),
    );
  });

  it('tags every operation with a declared, described tag', () => {
    const declared = new Map(
      (doc.tags as { name: string; description: string }[]).map((tag) => [tag.name, tag]),
    );
    for (const op of operations) {
      const tags = (op.operation as { tags?: string[] }).tags ?? [];
      expect(tags.length, op.id).toBeGreaterThan(0);
      for (const tag of tags)
        expect(declared.get(tag)?.description, `${op.id} ${tag}`).toBeTruthy();
    }
  });

  it('declares the statuses every route of a kind can answer, as problem+json', () => {
    for (const op of operations) {
      const statuses = Object.keys(op.operation.responses ?? {});
      const expected = ['400', '503'];
      if (!op.public) expected.push('401');
      if (!op.public && op.path.startsWith('/v1/')) expected.push('429');
      if (op.path.includes('{')) expected.push('404', '414');
      if (op.method !== 'GET') expected.push('413', '415');
      const keyed = (op.operation.parameters ?? []).some((p) => p.name === 'Idempotency-Key');
      if (keyed) expected.push('409', '422');
      expect(statuses, op.id).toEqual(expect.arrayContaining(expected));
      // The token endpoint answers its errors as RFC 6749 §5.2 says: application/json.
      const errorType =
        op.id === 'createAccessToken' ? 'application/json' : 'application/problem+json';
      for (const status of expected) {
        const content = op.operation.responses?.[status]?.content ?? {};
        expect(Object.keys(content), `${op.id} ${status}`).toEqual([errorType]);
      }
    }
  });

  it('declares the RateLimit fields on every answer of a rate-limited operation but its 401, as sent', async () => {
    const headers = (doc.components as Node).headers as Record<string, Node>;
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit']));
    const isLimited = (op: DocumentedOperation) => !op.public && op.path.startsWith('/v1/');
    const limited = operations.filter(isLimited);
    expect(limited.map((op) => op.id)).toEqual(expect.arrayContaining(['listAccounts']));
    for (const op of limited) {
      for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
        const declared = Object.keys((response as { headers?: Node }).headers ?? {});
        if (status === '401') expect(declared, `${op.id} 401`).not.toContain('RateLimit');
        else
          expect(declared, `${op.id} ${status}`).toEqual(
            expect.arrayContaining(['RateLimit-Policy', 'RateLimit']),
          );
      }
    }
    for (const op of operations.filter((op) => !isLimited(op))) {
      const declared = Object.values(op.operation.responses ?? {}).flatMap((r) =>
        Object.keys((r as { headers?: Node }).headers ?? {}),
      );
      expect(declared, op.id).not.toContain('RateLimit');
    }
    // What a rate-limited answer carries has the declared form, a success and a 404 alike.
    const { token } = await t.customer('Rate limit fields');
    for (const url of ['/v1/accounts', '/v1/accounts/acc_missing']) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(res.headers['ratelimit-policy'], url).toMatch(/^"default";q=\d+;w=60$/);
      expect(res.headers.ratelimit, url).toMatch(/^"default";r=\d+;t=\d+$/);
    }
    const anonymous = await t.app.inject({ url: '/v1/accounts' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.ratelimit).toBeUndefined();
  });

  it('declares both idempotency headers with the constraints the server enforces', () => {
    const keyed = operations.filter((op) =>
      (op.operation.parameters ?? []).some((p) => p.name === 'Idempotency-Key'),
    );
    expect(keyed.map((op) => op.id)).toEqual(
      expect.arrayContaining(['createAccount', 'createDeposit', 'createSubscription']),
    );
    for (const op of keyed) {
      for (const name of ['Idempotency-Key', 'X-Idempotency-Key']) {
        const param = op.operation.parameters!.find((p) => p.name === name);
        expect(param?.schema, `${op.id} ${name}`).toMatchObject({
          type: 'string',
          minLength: 1,
          maxLength: 255,
          pattern: '^[\\x21-\\x7E]+$',
        });
      }
    }
  });

  it('states the cursor format and the exactly-one-of rules as schema', () => {
    const list = operations.find((op) => op.id === 'listAccounts')!;
    const cursor = list.operation.parameters!.find((p) => p.name === 'cursor')!;
    expect(cursor.schema?.pattern).toBeDefined();
    const quote = operations.find((op) => op.id === 'createQuote')!;
    expect(quote.operation.requestBody?.content?.['application/json']?.schema?.oneOf).toEqual([
      { required: ['sourceAmount'] },
      { required: ['targetAmount'] },
    ]);
  });

  it('has examples that validate against their schemas, webhooks included', () => {
    const checker = new ConformanceChecker(doc);
    const examples = examplesIn(doc);
    expect(examples.length).toBeGreaterThan(20);
    const wrong = examples
      .filter((e, i) => checker.validator(`example ${i}`, e.schema)(e.value) !== true)
      .map((e) => e.where);
    expect(wrong).toEqual([]);
  });

  it('accepts every request body example as sent (an example id may be unknown: 404)', async () => {
    const { token } = await t.customer('Examples');
    for (const op of operations) {
      const media = op.operation.requestBody?.content?.['application/json'];
      const examples = [
        ...(media?.example === undefined ? [] : [media.example]),
        ...(media?.schema?.examples ?? []),
      ];
      for (const example of examples) {
        if (op.path.includes('{')) continue; // the path's own ids are placeholders
        const res = await t.app.inject({
          method: op.method,
          url: op.path,
          headers: op.public ? {} : { authorization: `Bearer ${op.admin ? ADMIN_TOKEN : token}` },
          payload: example as object,
        });
        expect([200, 201, 202, 204, 401, 404], `${op.id}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});
