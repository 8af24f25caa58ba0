import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN, asAdmin } from '../helpers/admin.js';
import { BANK, beneficiaryBody, createBeneficiary } from '../helpers/beneficiaries.js';
import {
  ConformanceChecker,
  invalidRequest,
  operationsOf,
  validRequest,
  type ConformanceWorld,
  type DocumentedOperation,
  type GeneratedRequest,
  type OpenApiDocument,
  type Violation,
} from '../helpers/openapi-conformance.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/**
 * Valid and invalid requests per documented operation. `CONFORMANCE_RUNS=200` for a longer run;
 * `CONFORMANCE_SEED=<n>` to replay one (the default seed is fixed, so a run is reproducible).
 */
const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 20);
const SEED = Number(process.env.CONFORMANCE_SEED ?? 15);

/** Every callback host resolves to a public address: URL checks pass without the network. */
const publicDns = () => Promise.resolve(['93.184.216.34']);

describe.each(ENGINES)('the API against its own OpenAPI document on %s', (engine) => {
  let doc: OpenApiDocument;
  let operations: DocumentedOperation[];
  let world: ConformanceWorld;

  const t = useTestApp(engine, {
    // The per-client limit would turn the run into 429s; the admin API is documented too.
    env: { COFRE_RATE_LIMIT_PER_MINUTE: '0', ...ADMIN_ENV },
    resolve: publicDns,
  });

  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
    // A stream (text/event-stream) never ends under inject(): its own tests cover it.
    operations = operationsOf(doc).filter(
      (op) =>
        !Object.values(op.operation.responses ?? {}).some(
          (response) => 'text/event-stream' in (response.content ?? {}),
        ),
    );
    const own = await t.customer('Conformance');
    const ids: Record<string, string[]> = { accountId: [], subscriptionId: [] };
    for (const type of ['CHECKING', 'SAVING']) {
      const res = await t.as(own.token, { method: 'POST', url: '/v1/accounts', payload: { type } });
      ids.accountId!.push(res.json<{ id: string }>().id);
    }
    for (const url of ['https://hooks.example.com/a', 'https://hooks.example.com/b']) {
      const res = await t.as(own.token, {
        method: 'POST',
        url: '/v1/subscriptions',
        payload: { url, includeAll: true },
      });
      ids.subscriptionId!.push(res.json<{ id: string }>().id);
    }
    const beneficiary = await createBeneficiary(t, own.token);
    ids.beneficiaryId = [beneficiary.id];
    ids.instructionId = [beneficiary.paymentInstructions[0]!.id];
    // Admin routes act on a customer and client of their own, so the run's token keeps working.
    const operated = await t.customer('Operated');
    ids.customerId = [operated.customerId];
    ids.clientId = [operated.clientId];
    const funded = ids.accountId![0]!;
    await asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${funded}/assets/BRL/activate` });
    ids.operationId = [];
    for (let i = 0; i < 3; i++) {
      const deposit = await t.as(own.token, {
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId: funded, asset: 'BRL', amount: '10.00' },
      });
      expect(deposit.statusCode, deposit.body).toBe(201);
      ids.operationId.push(deposit.json<{ id: string }>().id);
    }
    world = {
      token: own.token,
      adminToken: ADMIN_TOKEN,
      ids,
      bodies: {
        createAccessToken: { clientId: own.clientId, clientSecret: own.clientSecret },
        createAccount: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
        createBeneficiary: beneficiaryBody(),
        createPaymentInstruction: BANK,
        createDeposit: { accountId: funded, asset: 'BRL', amount: '10.00' },
        createQuote: {
          accountId: funded,
          sourceAsset: 'BRL',
          targetAsset: 'USDT',
          sourceAmount: '1.00',
        },
        createSubscription: {
          url: 'https://hooks.example.com/cofre',
          resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
        },
      },
    };
  });

  /** Runs `requests` and returns what broke the document's promises. */
  async function run(
    op: DocumentedOperation,
    requests: fc.Arbitrary<GeneratedRequest>,
    checker: ConformanceChecker,
  ): Promise<Violation[]> {
    const out: Violation[] = [];
    for (const request of fc.sample(requests, { numRuns: RUNS, seed: SEED })) {
      const res = await t.app.inject(request.options);
      out.push(...checker.check(op, request, res));
    }
    return out;
  }

  it('answers valid and invalid generated requests for every operation only as documented', async () => {
    const checker = new ConformanceChecker(doc);
    expect(operations.length).toBeGreaterThan(30);
    const violations: Violation[] = [];
    for (const op of operations) {
      violations.push(...(await run(op, validRequest(op, world, checker), checker)));
      violations.push(...(await run(op, invalidRequest(op, world, checker), checker)));
    }
    // One line per operation, kind and status: the same fault seen twenty times is one fault.
    const unique = new Map<string, string>();
    for (const v of violations) {
      const key = `${v.operation} · ${v.kind} · ${v.status}`;
      if (!unique.has(key)) unique.set(key, v.detail);
    }
    expect(
      [...unique].map(([key, detail]) => `${key}: ${detail}`),
      'violations of the OpenAPI document',
    ).toEqual([]);
  }, 120_000);
});
