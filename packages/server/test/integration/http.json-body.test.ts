import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN } from '../helpers/admin.js';
import {
  documentedOperations,
  fillPath,
  type ApiOperation,
} from '../helpers/openapi-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/** JSON bodies that are not objects: each is a 400 wherever a body can be sent. */
const NOT_OBJECTS = ['null', '[]', '1', '"x"', 'true'];
/** A 10 KB body nested 5,000 levels: the NUL check's recursion overflowed the stack (a 500). */
const DEEP = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;

interface ProblemBody {
  code: string;
  errors?: { pointer: string; in: string; code: string }[];
}

// Every documented operation that takes a body (or could be sent one): the body's shape is
// checked before anything else of the request, the same way on every route.
describe.each(ENGINES)('a JSON body on %s', (engine) => {
  let token: string;
  let operations: ApiOperation[];

  const t = useTestApp(engine, { env: ADMIN_ENV });

  beforeAll(async () => {
    ({ token } = await t.customer());
    operations = (await documentedOperations(t.app)).filter((op) => op.method !== 'GET');
  });

  function send(op: ApiOperation, payload: string): Promise<LightMyRequestResponse> {
    const bearer = op.admin ? ADMIN_TOKEN : token;
    const request: InjectOptions = {
      method: op.method,
      // Well-formed ids of nothing, and the first value of a closed set (an asset).
      url: fillPath(op.path, {
        asset: 'BRL',
        base: 'BRL',
        quote: 'USDT',
        key: 'maria@example.com',
      }).replace(/\/x(?=\/|$)/g, '/op_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
      headers: {
        'content-type': 'application/json',
        ...(op.secured ? { authorization: `Bearer ${bearer}` } : {}),
      },
      payload,
    };
    return t.app.inject(request);
  }

  function expectRefused(res: LightMyRequestResponse, label: string, error: object): void {
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
    const body = res.json<ProblemBody>();
    expect(body.code, label).toBe('INVALID_DATA');
    expect(body.errors, label).toEqual([expect.objectContaining(error)]);
  }

  it('refuses a body that is not a JSON object on every route, also where the body is optional', async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) {
      for (const payload of NOT_OBJECTS) {
        const res = await send(op, payload);
        expectRefused(res, `${op.method} ${op.path} ${payload}`, {
          pointer: '',
          in: 'body',
          code: 'INVALID_TYPE',
        });
      }
    }
  });

  it('refuses a body nested deeper than 32 levels on every route, before walking it', async () => {
    const just = `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`;
    for (const op of operations) {
      for (const payload of [DEEP, just]) {
        const res = await send(op, payload);
        expectRefused(res, `${op.method} ${op.path} (${payload.length} bytes)`, {
          pointer: '',
          in: 'body',
          code: 'INVALID_VALUE',
        });
      }
    }
  });

  it('refuses a member in the body of a route that takes none, and takes {} as no body', async () => {
    const bodiless = operations.filter((op) => Object.keys(op.bodies).length === 0);
    expect(bodiless.length).toBeGreaterThan(10);
    for (const op of bodiless) {
      const label = `${op.method} ${op.path}`;
      expectRefused(await send(op, '{"reason":"x"}'), label, {
        pointer: '/reason',
        in: 'body',
        code: 'UNKNOWN_FIELD',
      });
      const empty = await send(op, '{}');
      const none = await send(op, '');
      expect(empty.statusCode, `${label} {}: ${empty.body.slice(0, 200)}`).toBe(none.statusCode);
    }
  });

  it('leaves a request to no route its 404, and to another method its 405, whatever the body', async () => {
    for (const payload of ['null', '{"name":"x"}']) {
      const missing = await t.as(token, {
        method: 'POST',
        url: '/v1/nothing-here',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(missing.statusCode, missing.body).toBe(404);
      const method = await t.as(token, {
        method: 'PUT',
        url: '/v1/accounts',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(method.statusCode, method.body).toBe(405);
    }
  });

  it('rotates a signing secret with no body or {}, and refuses JSON null there', async () => {
    const sub = await t.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://93.184.216.34/hooks', includeAll: true },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const url = `/v1/subscriptions/${sub.json<{ id: string }>().id}/secret/rotate`;
    const rotate = (payload?: string) =>
      t.as(token, {
        method: 'POST',
        url,
        ...(payload === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload }),
      });
    expect((await rotate()).statusCode).toBe(200);
    expect((await rotate('{}')).statusCode).toBe(200);
    expectRefused(await rotate('null'), 'null', { pointer: '', code: 'INVALID_TYPE' });
  });
});
