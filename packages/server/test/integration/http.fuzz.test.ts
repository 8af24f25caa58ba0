import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN, asAdmin } from '../helpers/admin.js';
import { checkAnswer, expectCleanLog, requestFor, type FuzzWorld } from '../helpers/http-fuzz.js';
import { documentedOperations, type ApiOperation } from '../helpers/openapi-operations.js';
import { beneficiaryBody, createBeneficiary, BANK } from '../helpers/beneficiaries.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/**
 * Requests per engine. The normal run keeps to a few thousand; `FUZZ_RUNS=10000 npx vitest run
 * packages/server/test/integration/http.fuzz.test.ts` (or more) before a release, and
 * `FUZZ_SEED=<seed>` (printed on failure) to replay a failing run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Every callback host resolves to a public address: URL checks pass without the network. */
const publicDns = () => Promise.resolve(['93.184.216.34']);

describe.each(ENGINES)('every documented route under generated requests on %s', (engine) => {
  const logged: string[] = [];

  let operations: ApiOperation[];
  let world: FuzzWorld;

  const t = useTestApp(engine, {
    // The per-client request limit would turn most of the run into 429s. The admin API is
    // enabled, so its routes are documented and fuzzed too (with the admin token).
    env: { COFRE_RATE_LIMIT_PER_MINUTE: '0', ...ADMIN_ENV },
    resolve: publicDns,
    // warn and above only: a caller's mistake must never be logged as the server's.
    logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
  });

  beforeAll(async () => {
    operations = await documentedOperations(t.app);
    const own = await t.customer('Fuzzer');
    const other = await t.customer('Bystander');
    const ids: FuzzWorld['ids'] = {
      own: {
        accountId: [],
        subscriptionId: [],
        logId: [`log_${'0'.repeat(26)}`],
        beneficiaryId: [],
        instructionId: [],
      },
      other: [],
    };
    const cursors: string[] = [];
    for (const who of [own, other]) {
      const made: string[] = [];
      for (const type of ['CHECKING', 'SAVING', 'CHECKING']) {
        const res = await t.as(who.token, {
          method: 'POST',
          url: '/v1/accounts',
          payload: { type },
        });
        made.push(res.json<{ id: string }>().id);
      }
      if (who === own) ids.own.accountId = [...made];
      for (const url of ['https://hooks.example.com/a', 'https://hooks.example.com/b']) {
        const sub = await t.as(who.token, {
          method: 'POST',
          url: '/v1/subscriptions',
          payload: { url, includeAll: true },
        });
        made.push(sub.json<{ id: string }>().id);
        if (who === own) ids.own.subscriptionId!.push(sub.json<{ id: string }>().id);
      }
      const beneficiary = await createBeneficiary(t, who.token);
      made.push(beneficiary.id, beneficiary.paymentInstructions[0]!.id);
      if (who === own) {
        ids.own.beneficiaryId = [beneficiary.id];
        ids.own.instructionId = [beneficiary.paymentInstructions[0]!.id];
      }
      if (who === other) ids.other = made;
      for (const url of ['/v1/accounts?limit=1', '/v1/subscriptions?limit=1']) {
        const page = await t.as(who.token, { method: 'GET', url });
        const cursor = page.json<{ meta: { nextCursor: string | null } }>().meta.nextCursor;
        if (cursor) cursors.push(cursor);
      }
    }
    expect(cursors.length).toBeGreaterThan(0);
    // For the admin routes: a customer and client of their own (so disabling or rotating them
    // leaves the fuzzing customer's token working), and operations to receive, complete, fail.
    const operated = await t.customer('Operated');
    ids.own.customerId = [operated.customerId];
    ids.own.clientId = [operated.clientId];
    ids.own.asset = ['BRL', 'USDT'];
    const funded = ids.own.accountId![0]!;
    await asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${funded}/assets/BRL/activate` });
    ids.own.operationId = [];
    for (let i = 0; i < 3; i++) {
      const deposit = await t.as(own.token, {
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId: funded, asset: 'BRL', amount: '10.00' },
      });
      expect(deposit.statusCode, deposit.body).toBe(201);
      ids.own.operationId.push(deposit.json<{ id: string }>().id);
    }
    world = {
      tokens: { own: own.token, other: other.token, admin: ADMIN_TOKEN },
      ids,
      cursors,
      bodies: {
        'POST /v1/accounts': { type: 'CHECKING', assets: ['BRL', 'USDT'] },
        'POST /v1/subscriptions': {
          url: 'https://hooks.example.com/cofre',
          resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
          allowRetry: true,
        },
        'PATCH /v1/subscriptions/{subscriptionId}': { status: 'PAUSED', includeAll: true },
        'POST /v1/subscriptions/{subscriptionId}/recover': {
          since: new Date(Date.now() - 60_000).toISOString(),
        },
        'POST /v1/beneficiaries': beneficiaryBody(),
        'POST /v1/beneficiaries/{beneficiaryId}/paymentInstructions': BANK,
        'POST /v1/oauth/client/token': { clientId: own.clientId, clientSecret: own.clientSecret },
      },
      credentials: { clientId: own.clientId, clientSecret: own.clientSecret },
    };
  });

  /** Puts what the run creates into the pools the next cases draw ids from. */
  function remember(res: LightMyRequestResponse): void {
    if (res.statusCode !== 201) return;
    const id = res.json<{ id?: unknown }>().id;
    if (typeof id !== 'string') return;
    const pool = id.startsWith('acc_')
      ? 'accountId'
      : id.startsWith('sub_')
        ? 'subscriptionId'
        : id.startsWith('ben_')
          ? 'beneficiaryId'
          : id.startsWith('pin_')
            ? 'instructionId'
            : id.startsWith('op_')
              ? 'operationId'
              : '';
    if (pool) (world.ids.own[pool] ??= []).push(id);
  }

  it(
    `answers ${RUNS} generated requests with no 5xx, each error a catalogued problem with a request id`,
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(10);
      expect(operations.filter((op) => op.admin).length).toBeGreaterThanOrEqual(10);
      await fc.assert(
        fc.asyncProperty(requestFor(operations, world), async (request) => {
          const res = await t.app.inject(request);
          checkAnswer(request, res);
          // A listen subscription's stream never ends by itself, and inject() would wait for
          // it: streams are fuzzed on the HTTP subscriptions only (a 409 or a 404).
          if (typeof request.url !== 'string' || !request.url.startsWith('/v1/listen'))
            remember(res);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      expectCleanLog(logged);
    },
    60_000 + RUNS * 25,
  );
});
