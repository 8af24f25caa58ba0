import { expect } from 'vitest';
import type { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_TOKEN } from './admin.js';
import { beneficiaryBody, createBeneficiary, postInstruction, PIX_EMAIL } from './beneficiaries.js';
import type { MaximalWorld } from './maximal-requests.js';
import type { ApiOperation } from './openapi-operations.js';
import { postDeposit, STEP_MS, type OperationBody } from './operations.js';
import { tradingAccount } from './orders.js';
import type { Receiver } from './receiver.js';
import { runDueJobs } from './run-due-jobs.js';
import type { TestApp } from './test-app.js';
import { approvedBeneficiary, receivedDeposit } from './world.js';

/**
 * The state the maximal fuzz needs for each operation's request to get past its business checks
 * and write what it carries: funded accounts, an approved beneficiary, paid deposits to refund
 * and reverse, open orders, unused quotes, failed deliveries to resend and recover, listen
 * messages to report, and things still waiting for the back-office (deposits, instructions,
 * assets). `size` is how many each consuming operation may use up.
 */
export async function buildMaximalWorld(
  t: TestApp,
  clock: ManualClock,
  receiver: Receiver,
  size: number,
): Promise<MaximalWorld> {
  const own = await t.customer('Maximal');
  const operated = await t.customer('Operated');
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.as(own.token, { method, url, ...(payload ? { payload } : {}) });
  const created = async (url: string, payload: object): Promise<string> => {
    const res = await as('POST', url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const times = <T>(n: number, make: (i: number) => Promise<T>) =>
    Array.from({ length: n }, (_, i) => i).reduce<Promise<T[]>>(
      async (all, i) => [...(await all), await make(i)],
      Promise.resolve([]),
    );

  // Deliveries that fail (a local receiver answering 500), and a listen subscription: every
  // event of the setup becomes a failed attempt to resend or recover, or a message to report.
  const failing = await created('/v1/subscriptions', { url: receiver.url, includeAll: true });
  const listen = await created('/v1/listen', {});
  const funded = await tradingAccount(t, clock, own.token, { BRL: '1000000.00', USDT: '1000' });
  const other = await tradingAccount(t, clock, own.token, {});
  const frozen = await tradingAccount(t, clock, own.token, {});
  const beneficiary = await approvedBeneficiary(t, clock, own.token);
  const refundable = await receivedDeposit(t, clock, own.token, funded, '1000.00');
  const reversible = await times(size, () => receivedDeposit(t, clock, own.token, funded, '1.00'));
  const orders = await times(size, () =>
    created('/v1/operations/order', {
      accountId: funded,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '1.00',
      limitPrice: '0.01',
    }),
  );
  const quotes = await times(size * 2, () =>
    created('/v1/quotes', {
      accountId: funded,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '1.00',
    }),
  );
  const withdrawals = await times(size, () =>
    created('/v1/operations/withdrawal', {
      accountId: funded,
      asset: 'BRL',
      amount: '0.01',
      beneficiary: { id: beneficiary.id, paymentInstructionId: beneficiary.paymentInstructionId },
    }),
  );
  // One step: the withdrawals are PROCESSING (the back-office's complete needs one), and the
  // last jobs run. From here on no job runs: what waits for the back-office stays waiting.
  clock.advance(STEP_MS);
  await runDueJobs(t);
  const requested = await times(size * 3, async () => {
    const res = await postDeposit(t, own.token, {
      accountId: funded,
      asset: 'BRL',
      amount: '1.00',
    });
    return res.json<OperationBody>().id;
  });
  const waiting = await createBeneficiary(t, own.token);
  const pending = [
    waiting.paymentInstructions[0]!.id,
    ...(await times(size * 2, async (i) => {
      const res = await postInstruction(t, own.token, waiting.id, {
        ...PIX_EMAIL,
        key: `review-${i}@example.com`,
      });
      return res.json<{ id: string }>().id;
    })),
  ];
  const removable = await times(size, async (i) => {
    const res = await postInstruction(t, own.token, beneficiary.id, {
      ...PIX_EMAIL,
      key: `remove-${i}@example.com`,
    });
    return res.json<{ id: string }>().id;
  });
  const onboarding = await times(size, () =>
    created('/v1/accounts', { type: 'CHECKING', assets: ['BRL', 'USDT'] }),
  );
  const hooks = await times(3, (i) =>
    created('/v1/subscriptions', { url: `https://hooks.example.com/${i}`, includeAll: true }),
  );
  const deletable = await times(size, (i) =>
    created('/v1/subscriptions', { url: `https://hooks.example.com/d${i}`, includeAll: true }),
  );

  const logs = await as('GET', `/v1/subscriptions/${failing}/executionLogs?limit=100`);
  const logIds = logs.json<{ data: { id: string }[] }>().data.map((l) => l.id);
  expect(logIds.length).toBeGreaterThan(0);
  const messages = await t.handle.db
    .selectFrom('messages')
    .select('id')
    .where('subscription_id', '=', listen)
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .execute();
  expect(messages.length).toBeGreaterThan(size);
  const events = await as('GET', '/v1/events?limit=5');
  const cursors: string[] = [];
  for (const url of ['/v1/accounts', '/v1/subscriptions', '/v1/operations', '/v1/events']) {
    const page = await as('GET', `${url}?limit=1`);
    const cursor = page.json<{ meta: { nextCursor: string | null } }>().meta.nextCursor;
    if (cursor) cursors.push(cursor);
  }

  const ago = (ms: number) => new Date(clock.now() - ms).toISOString();
  const pools: Record<string, string[]> = {
    accountId: [funded],
    destinationAccountId: [other],
    beneficiaryId: [beneficiary.id],
    instructionId: [beneficiary.paymentInstructionId],
    operationId: [refundable, ...reversible],
    subscriptionId: hooks,
    logId: logIds,
    eventId: events.json<{ data: { id: string }[] }>().data.map((e) => e.id),
    quoteId: quotes,
    messageId: messages.map((m) => m.id),
    customerId: [operated.customerId],
    clientId: [operated.clientId],
    cursor: cursors,
    key: ['maria@example.com'],
    asset: ['BRL'],
    // Instants in the past, in order (a `fill` request's period is one that exists).
    ...Object.fromEntries(
      ['from', 'createdAtFrom'].map((name) => [name, [ago(86_400_000)]] as const),
    ),
    ...Object.fromEntries(['at', 'to', 'createdAtTo'].map((name) => [name, [ago(1_000)]] as const)),
  };
  const turns = new Map<string[], number>();
  /** The pool's next value, round robin (a consumed one is not used twice in a row). */
  const next = (pool: string[] | undefined): string | undefined => {
    if (!pool?.length) return undefined;
    const turn = turns.get(pool) ?? 0;
    turns.set(pool, turn + 1);
    return pool[turn % pool.length];
  };
  /** Paths whose parameter must be a thing in a given state (`METHOD /path` → name → pool). */
  const byPath: Record<string, Record<string, string[]>> = {
    'POST /v1/operations/{operationId}/refunds': { operationId: [refundable] },
    'POST /v1/operations/{operationId}/cancel': { operationId: orders },
    'DELETE /v1/beneficiaries/{beneficiaryId}/paymentInstructions/{instructionId}': {
      instructionId: removable,
    },
    'DELETE /v1/subscriptions/{subscriptionId}': { subscriptionId: deletable },
    'POST /v1/listen/{subscriptionId}/results': { subscriptionId: [listen] },
    'GET /v1/subscriptions/{subscriptionId}/executionLogs': { subscriptionId: [failing] },
    'GET /v1/subscriptions/{subscriptionId}/executionLogs/{logId}': { subscriptionId: [failing] },
    'POST /v1/subscriptions/{subscriptionId}/executionLogs/{logId}/resend': {
      subscriptionId: [failing],
    },
    'POST /v1/subscriptions/{subscriptionId}/recover': { subscriptionId: [failing] },
    'POST /admin/v1/paymentInstructions/{instructionId}/approve': { instructionId: pending },
    'POST /admin/v1/paymentInstructions/{instructionId}/reject': { instructionId: pending },
    'POST /admin/v1/accounts/{accountId}/assets/{asset}/activate': {
      accountId: onboarding,
      asset: ['BRL'],
    },
    'POST /admin/v1/accounts/{accountId}/assets/{asset}/fail': {
      accountId: onboarding,
      asset: ['USDT'],
    },
    // The funded account's metadata stays small: an operation's starts as its account's.
    'PATCH /v1/accounts/{accountId}': { accountId: [other] },
    'POST /admin/v1/accounts/{accountId}/freeze': { accountId: [frozen] },
    'POST /admin/v1/accounts/{accountId}/unfreeze': { accountId: [frozen] },
    'POST /admin/v1/operations/{operationId}/receive': { operationId: requested },
    'POST /admin/v1/operations/{operationId}/complete': { operationId: withdrawals },
    'POST /admin/v1/operations/{operationId}/fail': { operationId: requested },
    'POST /admin/v1/operations/{operationId}/reverse': { operationId: reversible },
  };
  const key = (op: ApiOperation) => `${op.method} ${op.path}`;
  let serial = 0;
  const resources = [
    { name: 'ACCOUNT', includeAll: true },
    { name: 'OPERATION', events: ['OPERATION_COMPLETED', 'OPERATION_FAILED'] },
  ];
  const bodies: Record<string, () => Record<string, unknown>> = {
    'POST /v1/oauth/client/token': () => ({
      clientId: own.clientId,
      clientSecret: own.clientSecret,
    }),
    'POST /v1/accounts': () => ({ type: 'CHECKING' }),
    'POST /v1/beneficiaries': () => beneficiaryBody(),
    'POST /v1/beneficiaries/{beneficiaryId}/paymentInstructions': () => ({
      ...PIX_EMAIL,
      key: `new-${serial++}@example.com`,
    }),
    'POST /v1/operations/deposit': () => ({
      accountId: funded,
      asset: 'BRL',
      amount: '1.00',
      quoteId: undefined,
    }),
    'POST /v1/operations/withdrawal': () => ({
      accountId: funded,
      asset: 'BRL',
      amount: '0.01',
      beneficiary: { id: beneficiary.id, paymentInstructionId: beneficiary.paymentInstructionId },
      quoteId: undefined,
    }),
    'POST /v1/operations/swap': () => ({ accountId: funded, quoteId: next(quotes) }),
    'POST /v1/operations/order': () => ({
      accountId: funded,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '0.01',
    }),
    'POST /v1/operations/pixPayment': () => ({
      accountId: funded,
      amount: '0.01',
      pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
    }),
    'POST /v1/operations/transfer': () => ({
      accountId: funded,
      destinationAccountId: other,
      asset: 'BRL',
      amount: '0.01',
      quoteId: undefined,
    }),
    'POST /v1/operations/{operationId}/refunds': () => ({ amount: '0.01', reason: 'Returned' }),
    'POST /v1/quotes': () => ({
      accountId: funded,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '1.00',
    }),
    'POST /v1/subscriptions': () => ({
      url: 'https://hooks.example.com/new',
      resources,
      maxConcurrency: 4,
    }),
    'PATCH /v1/subscriptions/{subscriptionId}': () => ({
      url: 'https://hooks.example.com/patched',
      resources,
      status: 'ACTIVE',
      maxConcurrency: 4,
    }),
    'POST /admin/v1/operations/{operationId}/receive': () => ({ amount: '1.00' }),
    'PUT /admin/v1/pix/keys/{key}': () => ({
      holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '529.982.247-25' },
      bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
    }),
    'POST /v1/subscriptions/{subscriptionId}/recover': () => ({
      since: new Date(clock.now() - 86_400_000).toISOString(),
    }),
    'POST /v1/listen/{subscriptionId}/results': () => ({
      messageId: next(pools.messageId),
      attempt: 0,
      url: 'http://localhost:3000/hooks',
      status: 500,
      durationMs: 5,
    }),
    'POST /admin/v1/customers': () => ({ name: 'Acme' }),
  };
  return {
    tokens: { own: own.token, admin: ADMIN_TOKEN },
    path: (op, name) => next(byPath[key(op)]?.[name] ?? pools[name]),
    body: (op) => bodies[key(op)]?.(),
    pool: (name) => next(pools[name]),
    now: () => clock.now(),
  };
}
