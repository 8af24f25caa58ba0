import { beforeAll, describe, expect, it } from 'vitest';
import { BOUND_CLIENT_CEILING } from '../../src/modules/customers/index.js';
import { ACCESS_LEVELS, type AccessLevel, type ScopeResource } from '../../src/lib/scopes.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { fillPath, sampleOf, type JsonSchema } from '../helpers/openapi-operations.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, receivedDeposit, useSandboxApp } from '../helpers/world.js';

interface DocumentedRoute {
  method: string;
  path: string;
  scope: string;
  pathNames: string[];
  queryNames: string[];
  body: JsonSchema | undefined;
}

/**
 * Every customer route of /openapi.json with the scope it needs. A route named nowhere in the
 * table below fails the test by name: whoever adds it decides how a bound client meets it.
 */
async function customerRoutes(inject: (url: string) => Promise<unknown>) {
  const doc = (await inject('/openapi.json')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const out: DocumentedRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const security = (op.security ?? []) as Record<string, string[]>[];
      const scope = security.find((s) => 'bearerAuth' in s)?.bearerAuth?.[0];
      if (!path.startsWith('/v1/') || scope === undefined) continue;
      const parameters = (op.parameters ?? []) as { name: string; in: string }[];
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> })
        ?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        scope,
        pathNames: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body,
      });
    }
  }
  return out;
}

/** Routes that take no account, operation or quote, each with why a bound client may use it. */
const ACCOUNT_FREE: Record<string, string> = {
  'GET /v1/beneficiaries': "the customer's address book, read-only for a bound client",
  'GET /v1/beneficiaries/{beneficiaryId}': 'the same address book',
  'GET /v1/pix/keys/{key}': "a DICT lookup: nobody's account",
  'GET /v1/rates': "market rates: nobody's account",
};

/** Lists whose every row a bound client must see only for its own accounts. */
const BOUND_LISTS = ['GET /v1/accounts', 'GET /v1/operations'];

const beyondCeiling = (scope: string): boolean => {
  const [resource, level] = scope.split(':') as [ScopeResource, AccessLevel];
  const ceiling = BOUND_CLIENT_CEILING[resource];
  return ceiling !== undefined && ACCESS_LEVELS.indexOf(level) > ACCESS_LEVELS.indexOf(ceiling);
};

/** Every string in an answer, to check that an unbound account's ids never appear in one. */
function stringsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** The body with every member named like an account id set to X, except `member`, set to Y. */
function withAccounts(sample: unknown, member: string, x: string, y: string): unknown {
  const body = { ...(sample as Record<string, unknown>) };
  for (const key of Object.keys(body)) if (/accountId$/i.test(key)) body[key] = x;
  body[member] = y;
  return body;
}

// Issue 27 point 1: "optionally bound to a list of accounts … another account → 404 as for
// another customer". Driven by /openapi.json, so a route added later is covered or named.
describe.each(ENGINES)('a client bound to accounts, on every /v1 route, on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: ADMIN_ENV });
  const world = {} as {
    x: string;
    y: string;
    yDeposit: string;
    yQuote: string;
    xDeposit: string;
    bound: string;
    routes: DocumentedRoute[];
  };

  beforeAll(async () => {
    const owner = await t.customer();
    world.x = await activeAccount(t, clock, owner.token);
    world.y = await activeAccount(t, clock, owner.token);
    world.xDeposit = await receivedDeposit(t, clock, owner.token, world.x, '100.00');
    world.yDeposit = await receivedDeposit(t, clock, owner.token, world.y, '100.00');
    const quote = { sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '10.00' };
    world.yQuote = (await createQuote(t, owner.token, { ...quote, accountId: world.y })).id;
    await createQuote(t, owner.token, { ...quote, accountId: world.x });
    const created = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${owner.customerId}/clients`,
      payload: {
        name: 'bound to X',
        permissions: {
          accounts: 'write',
          operations: 'write',
          quotes: 'write',
          beneficiaries: 'read',
        },
        accountIds: [world.x],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    world.bound = await t.token(created.json());
    world.routes = await customerRoutes(async (url) => (await t.app.inject({ url })).json());
  });

  const call = (method: string, url: string, payload?: unknown) =>
    t.as(world.bound, {
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const expectNotFound = (
    res: { statusCode: number; body: string; json: () => unknown },
    id: string,
  ) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    expect((res.json() as { detail: string }).detail).toContain(id);
  };

  it('answers every route that names another account of the customer as for another customer (404), and every other route as the table says', async () => {
    const unclassified: string[] = [];
    const ids: Record<string, string> = {
      accountId: world.y,
      operationId: world.yDeposit,
      quoteId: world.yQuote,
    };
    for (const route of world.routes) {
      const name = `${route.method} ${route.path}`;
      const sample = route.body ? sampleOf(route.body) : undefined;
      const url = fillPath(route.path, ids);
      if (beyondCeiling(route.scope)) {
        // Events, subscriptions and beneficiary writes span the customer: never a bound client's.
        const res = await call(route.method, url, sample);
        expect(res.statusCode, name).toBe(403);
        expect(res.json(), name).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
        continue;
      }
      const bound = route.pathNames.filter((p) => p in ids);
      const members = Object.keys(sample ?? {}).filter((k) => /accountId$/i.test(k));
      if (name === 'POST /v1/accounts') {
        const res = await call(route.method, url, sample);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'CLIENT_BOUND_TO_ACCOUNTS' });
      } else if (bound.length > 0) {
        // The path names Y's account, operation or quote.
        expectNotFound(await call(route.method, url, sample), ids[bound[0]!]!);
      } else if (members.length > 0) {
        // Each account member of the body in turn names Y, the others X.
        for (const member of members) {
          const body = withAccounts(sample, member, world.x, world.y);
          const res = await call(route.method, url, body);
          expect(res.statusCode, `${name} with ${member} of another account: ${res.body}`).toBe(
            404,
          );
          expectNotFound(res, world.y);
        }
      } else if (BOUND_LISTS.includes(name)) {
        const res = await call(route.method, url);
        expect(res.statusCode, res.body).toBe(200);
        expect(stringsIn(res.json()).has(world.y), name).toBe(false);
        expect(res.json<{ data: unknown[] }>().data.length, name).toBeGreaterThan(0);
        if (route.queryNames.includes('accountId')) {
          const filtered = await call(route.method, `${url}?accountId=${world.y}`);
          expect(filtered.statusCode, filtered.body).toBe(200);
          expect(filtered.json<{ data: unknown[] }>().data, name).toEqual([]);
        }
      } else if (!(name in ACCOUNT_FREE)) unclassified.push(name);
    }
    expect(unclassified, 'routes a bound client meets in a way this table does not say').toEqual(
      [],
    );
  });

  it('lists only the bound accounts and their operations, and reads them as any client', async () => {
    const accounts = await call('GET', '/v1/accounts');
    expect(accounts.json<{ data: { id: string }[] }>().data.map((a) => a.id)).toEqual([world.x]);
    const operations = await call('GET', '/v1/operations');
    const rows = operations.json<{ data: { id: string; accountId: string }[] }>().data;
    expect(rows.map((o) => o.id)).toEqual([world.xDeposit]);
    expect((await call('GET', `/v1/accounts/${world.x}/balances`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/operations/${world.xDeposit}`)).statusCode).toBe(200);
  });

  it('refuses a transfer from its account to another account of the customer, and moves nothing', async () => {
    const res = await call('POST', '/v1/operations/transfer', {
      accountId: world.x,
      destinationAccountId: world.y,
      asset: 'BRL',
      amount: '1.00',
    });
    expectNotFound(res, world.y);
    const balances = await call('GET', `/v1/accounts/${world.x}/balances`);
    expect(balances.json<{ data: { available: string }[] }>().data[0]!.available).toBe('100.00');
  });
  it("never replays an answer recorded for another binding under the customer's Idempotency-Key", async () => {
    const owner = await t.customer();
    const y = await activeAccount(t, clock, owner.token);
    const created = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${owner.customerId}/clients`,
      payload: { permissions: { operations: 'write' }, accountIds: [y] },
    });
    const bound = await t.token(created.json());
    const payload = { accountId: y, asset: 'BRL', amount: '5.00' };
    const headers = { 'idempotency-key': 'same-key-for-both' };
    const first = await t.as(owner.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload,
      headers,
    });
    expect(first.statusCode, first.body).toBe(201);
    // Bound to Y itself, yet the first answer was recorded without a binding: a conflict.
    const again = await t.as(bound, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload,
      headers,
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    // Its own key replays its own answer, as for any client.
    const own = { 'idempotency-key': 'bound-key' };
    const made = await t.as(bound, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload,
      headers: own,
    });
    const replay = await t.as(bound, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload,
      headers: own,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(made.json());
  });
});
