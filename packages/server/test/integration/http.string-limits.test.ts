import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValueTooLarge } from '../../src/db/value-too-large.js';
import { insertClaim } from '../../src/modules/idempotency/idempotency.repository.js';
import { toAppError } from '../../src/plugins/errors.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { BANK, createBeneficiary, WALLET, PIX_EMAIL } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { createTestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { unboundedRequestValues } from '../helpers/unbounded-strings.js';
import { useTestApp } from '../helpers/world.js';

/** Callback hosts resolve to a public address: URL checks pass without the network. */
const publicDns = () => Promise.resolve(['93.184.216.34']);

describe('the OpenAPI document', () => {
  it('bounds every string (maxLength), number, array and map a request can carry (or a closed set of values)', async () => {
    // With the back-office enabled, so its routes are documented and walked too.
    const t = await createTestApp('sqlite', { env: ADMIN_ENV });
    try {
      const doc = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(unboundedRequestValues(doc.json())).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

/** Lengths around the measured 500s, in code points (what `maxLength` counts). */
const LENGTHS = [10_000, 30_000, 70_000];
/** One, two and four UTF-8 bytes per code point; the last two UTF-16 units. */
const PIECES = ['x', 'ÿ', '😀'];

/** Rows per table the refused requests could have written to. */
const TABLES = [
  'accounts',
  'beneficiaries',
  'payment_instructions',
  'subscriptions',
  'operations',
  'events',
  'messages',
  'jobs',
  'idempotency_keys',
  'ledger_journals',
  'ledger_holds',
  'auth_failures',
];

interface Case {
  name: string;
  request: (value: string) => InjectOptions;
  /** Where the error points: the field, and the part of the request it is in. */
  pointer: string;
  in: 'body' | 'query' | 'header';
}

describe.each(ENGINES)('a string of 10k to 70k characters on %s', (engine) => {
  let token: string;
  let cases: Case[];
  let subscriptionUrl: string;

  const t = useTestApp(engine, {
    // A body limit far above the values, so what refuses them is each field's maxLength (an
    // operator may raise the limit; the fields stay bounded).
    env: { COFRE_RATE_LIMIT_PER_MINUTE: '0', COFRE_BODY_LIMIT_BYTES: String(1024 * 1024) },
    resolve: publicDns,
  });

  beforeAll(async () => {
    const customer = await t.customer();
    token = customer.token;
    const account = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const accountId = account.json<{ id: string }>().id;
    const sub = await t.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://hooks.example.com/a', includeAll: true },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    subscriptionUrl = `/v1/subscriptions/${sub.json<{ id: string }>().id}`;
    const beneficiary = await createBeneficiary(t, token);
    const instructions = `/v1/beneficiaries/${beneficiary.id}/paymentInstructions`;
    const pix = (body: Record<string, unknown>) => ({
      accountId,
      amount: '1.00',
      pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
      ...body,
    });
    type Payload = (v: string) => Record<string, unknown>;
    const post = (url: string, payload: Payload) => (v: string) =>
      ({ method: 'POST', url, payload: payload(v) }) satisfies InjectOptions;
    const patch = (payload: Payload) => (v: string) =>
      ({ method: 'PATCH', url: subscriptionUrl, payload: payload(v) }) satisfies InjectOptions;
    /** One case per body field of one route: `[pointer, body with the value there]`. */
    const bodyFields = (label: string, url: string, fields: [string, Payload][]): Case[] =>
      fields.map(([pointer, payload]) => ({
        name: `${label} ${pointer}`,
        request: post(url, payload),
        pointer,
        in: 'body',
      }));
    const events = (v: string) => ({ resources: [{ name: 'ACCOUNT', events: [v] }] });
    const url = (v: string) => `https://hooks.example.com/${v}`;
    cases = [
      ...bodyFields('POST /v1/operations/pixPayment', '/v1/operations/pixPayment', [
        ['/description', (v) => pix({ description: v })],
        ['/pixKey/key', (v) => pix({ pixKey: { keyType: 'EMAIL', key: v } })],
        ['/brCode', (v) => ({ accountId, brCode: v })],
        ['/accountId', (v) => pix({ accountId: v })],
      ]),
      ...bodyFields('POST …/paymentInstructions', instructions, [
        ['/key', (v) => ({ ...PIX_EMAIL, key: v })],
        ['/address', (v) => ({ ...WALLET, address: v })],
        ['/accountNumber', (v) => ({ ...BANK, accountNumber: v })],
        ['/ispb', (v) => ({ ...BANK, ispb: v })],
      ]),
      {
        name: 'POST /v1/subscriptions /url',
        request: post('/v1/subscriptions', (v) => ({ url: url(v), includeAll: true })),
        pointer: '/url',
        in: 'body',
      },
      {
        name: 'POST /v1/subscriptions an event type',
        request: post('/v1/subscriptions', (v) => ({ url: url('b'), ...events(v) })),
        pointer: '/resources/0/events/0',
        in: 'body',
      },
      {
        name: 'PATCH /v1/subscriptions/{id} /url',
        request: patch((v) => ({ url: url(v) })),
        pointer: '/url',
        in: 'body',
      },
      {
        name: 'PATCH /v1/subscriptions/{id} an event type',
        request: patch(events),
        pointer: '/resources/0/events/0',
        in: 'body',
      },
      {
        name: 'POST /v1/beneficiaries /holder/name',
        request: post('/v1/beneficiaries', (v) => ({
          holder: { type: 'INDIVIDUAL', name: v, taxId: '52998224725' },
          relationshipType: 'THIRD_PARTY',
          paymentInstruction: PIX_EMAIL,
        })),
        pointer: '/holder/name',
        in: 'body',
      },
      {
        name: 'POST /v1/accounts /name',
        request: post('/v1/accounts', (v) => ({ type: 'CHECKING', name: v })),
        pointer: '/name',
        in: 'body',
      },
      {
        name: 'GET /v1/beneficiaries ?taxId',
        request: (v) => ({
          method: 'GET',
          url: `/v1/beneficiaries?taxId=${encodeURIComponent(v)}`,
        }),
        pointer: '/taxId',
        in: 'query',
      },
      {
        name: 'GET /v1/accounts ?cursor',
        request: (v) => ({ method: 'GET', url: `/v1/accounts?cursor=${encodeURIComponent(v)}` }),
        pointer: '/cursor',
        in: 'query',
      },
    ];
  });

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
        table,
      )}`.execute(t.handle.db);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  }

  it('is refused with 400 INVALID_DATA pointing at the field, on every route, and changes nothing', async () => {
    const before = await rowCounts();
    const subscription = (await t.as(token, { method: 'GET', url: subscriptionUrl })).body;
    for (const c of cases) {
      for (const length of LENGTHS) {
        for (const piece of PIECES) {
          const value = piece.repeat(length);
          const response = await t.as(token, c.request(value));
          const label = `${c.name}, ${length} × ${piece}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
          const problem = expectProblem(response, 400, 'INVALID_DATA');
          expect(problem.errors, label).toContainEqual(
            expect.objectContaining({ pointer: c.pointer, in: c.in, code: 'INVALID_LENGTH' }),
          );
          // The answer stays small: the value is never echoed back.
          expect(response.rawPayload.length, label).toBeLessThan(4096);
        }
      }
    }
    expect(await rowCounts()).toEqual(before);
    expect((await t.as(token, { method: 'GET', url: subscriptionUrl })).body).toBe(subscription);
  });

  it('is refused in an Idempotency-Key header with the header named, and nothing is created', async () => {
    const before = await rowCounts();
    for (const length of LENGTHS) {
      const response = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        headers: { 'idempotency-key': 'k'.repeat(length) },
        payload: { type: 'CHECKING' },
      });
      const problem = expectProblem(response, 400, 'INVALID_DATA');
      expect(problem.errors).toEqual([
        expect.objectContaining({
          pointer: '/Idempotency-Key',
          in: 'header',
          code: 'INVALID_LENGTH',
        }),
      ]);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('is refused on the token endpoint, JSON and form', async () => {
    for (const length of LENGTHS) {
      const json = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/client/token',
        payload: { clientId: 'x'.repeat(length), clientSecret: 'y' },
      });
      expect(expectProblem(json, 400, 'INVALID_DATA').errors).toContainEqual(
        expect.objectContaining({ pointer: '/clientId', code: 'INVALID_LENGTH' }),
      );
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=${'g'.repeat(5_000)}&client_id=a&client_secret=b`,
    });
    expect(expectProblem(form, 400, 'INVALID_DATA').errors).toEqual([
      expect.objectContaining({ pointer: '/grant_type', in: 'body', code: 'INVALID_LENGTH' }),
    ]);
  });

  it('is refused in HTTP Basic credentials, which have the limits of their body forms', async () => {
    for (const length of LENGTHS) {
      for (const credentials of [`${'i'.repeat(length)}:secret`, `cli_x:${'s'.repeat(length)}`]) {
        const basic = await t.app.inject({
          method: 'POST',
          url: '/v1/oauth/client/token',
          headers: {
            authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'grant_type=client_credentials',
        });
        expect(basic.statusCode, basic.body).toBe(400);
        expect(basic.json<{ errors: unknown[] }>().errors).toEqual([
          expect.objectContaining({
            pointer: '/Authorization',
            in: 'header',
            code: 'INVALID_LENGTH',
          }),
        ]);
      }
    }
  });
});

// The second line, for a limit missing or too generous: a value the database refuses for its
// size (PostgreSQL: a btree entry over ~2,700 bytes) is the caller's 400, not an opaque 500.
describe.each(ENGINES)('a value too large for an index on %s', (engine) => {
  const t = useTestApp(engine);

  it('is answered 400 INVALID_DATA where the engine refuses it, and stored where it does not', async () => {
    const { customerId } = await t.customer();
    // Past every maxLength, so only a direct write can carry it (the key column is a primary
    // key). Random, because PostgreSQL compresses an index entry first: 20 KB of one repeated
    // character fits, 8 KB of noise does not.
    const key = randomBytes(6_000).toString('base64');
    let thrown: unknown;
    try {
      await insertClaim(t.handle.db, { customerId, key }, 'h', 0, 1);
    } catch (error) {
      thrown = error;
    }
    if (engine === 'postgres') {
      expect(isValueTooLarge(thrown), String(thrown)).toBe(true);
      const answer = toAppError(thrown as Error);
      expect(answer).toMatchObject({ code: 'INVALID_DATA', status: 400 });
      expect(answer.detail).not.toContain(key.slice(0, 20));
    } else {
      expect(thrown).toBeUndefined();
    }
  });
});
