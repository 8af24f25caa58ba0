import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { activateAssets } from '../../src/modules/accounts/accounts.lifecycle.js';
import { ManualClock } from '../../src/lib/clock.js';
import { hasValidCrc, parseTlv } from '../../src/pix/br-code.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  STEP_MS,
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount } from '../helpers/world.js';

interface Funding {
  rail: 'PIX' | 'CRYPTO';
  keyType?: string;
  key?: string;
  brCode?: string;
  network?: string;
  address?: string;
  expiresAt: string;
}

// Issue 7 points 5, 6, 8, 9: deposits answer where to pay, are credited in one journal when
// paid, and expire unpaid (the 66 magic value in the sandbox).
describe.each(ENGINES)('deposits on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
  });
  afterAll(() => t.close());

  it('answers a PIX funding instruction with a valid BR Code, is paid ~2 s later and credits once', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token);
    const requestedAt = clock.now();
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1250.50' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json<
      OperationBody & { fundingInstruction: Funding; receivedAmount: null }
    >();
    expect(res.headers.location).toBe(`/v1/operations/${deposit.id}`);
    expect(deposit).toMatchObject({
      type: 'DEPOSIT',
      status: 'REQUESTED',
      accountId,
      asset: 'BRL',
      amount: '1250.50',
      reason: null,
      receivedAmount: null,
      fundingInstruction: { rail: 'PIX', keyType: 'EVP' },
    });
    const funding = deposit.fundingInstruction;
    expect(funding.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // Expires 5 s after the request in the sandbox (step delay + 3 s).
    expect(Date.parse(funding.expiresAt)).toBe(requestedAt + STEP_MS + 3_000);
    const brCode = funding.brCode!;
    expect(hasValidCrc(brCode)).toBe(true);
    const fields = parseTlv(brCode);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('1250.50');
    expect(fields.get('58')).toBe('BR');
    const merchant = parseTlv(fields.get('26')!);
    expect(merchant.get('00')).toBe('br.gov.bcb.pix');
    expect(merchant.get('01')).toBe(funding.key);
    expect(parseTlv(fields.get('62')!).get('05')).toBe(deposit.id.slice(-25));
    // The standing instruction of the account is the same key.
    const standing = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/fundingInstructions`,
    });
    expect(standing.statusCode, standing.body).toBe(200);
    expect(standing.json()).toMatchObject({
      data: [{ asset: 'BRL', rail: 'PIX', keyType: 'EVP', key: funding.key }],
    });

    clock.advance(STEP_MS - 1);
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.id)).status).toBe('REQUESTED');
    clock.advance(1);
    await runDueJobs(t);
    const paid = await getOperation(t, token, deposit.id);
    expect(paid).toMatchObject({ status: 'COMPLETED', receivedAmount: '1250.50', reason: null });
    expect(paid.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '1250.50', pending: '0.00' },
    ]);
    // The expiry job runs at expiresAt and finds it paid: nothing changes.
    clock.advance(STEP_MS * 5);
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.id)).status).toBe('COMPLETED');
    expect(await balancesOf(t, token, accountId)).toMatchObject([{ available: '1250.50' }]);

    const statement = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/statement`,
    });
    expect(statement.json<{ data: unknown[] }>().data).toMatchObject([
      { operationId: deposit.id, direction: 'CREDIT', amount: '1250.50', balanceAfter: '1250.50' },
    ]);
    // Events: REQUESTED then COMPLETED, data = the operation as the API showed it then.
    const events = await t.handle.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('resource_id', '=', deposit.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect((JSON.parse(events[0]!.payload) as { data: unknown }).data).toEqual(deposit);
    expect((JSON.parse(events[1]!.payload) as { data: unknown }).data).toEqual(paid);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('magic value: an amount ending in 66 is never paid and fails DEPOSIT_EXPIRED at expiresAt', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token);
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '100.66' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json<OperationBody & { fundingInstruction: Funding }>();
    const expiresAt = Date.parse(deposit.fundingInstruction.expiresAt);
    clock.advance(expiresAt - clock.now() - 1);
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.id)).status).toBe('REQUESTED');
    clock.advance(1);
    await runDueJobs(t);
    const expired = await getOperation(t, token, deposit.id);
    expect(expired).toMatchObject({
      status: 'FAILED',
      reason: { code: 'DEPOSIT_EXPIRED' },
      receivedAmount: null,
    });
    // Its history, events and nothing credited: kinds.conformance (DEPOSIT, never paid).
  });

  it('answers a crypto funding instruction for USDT and BTC, the same as the standing ones', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT', 'BTC'] });
    const usdt = await postDeposit(t, token, { accountId, asset: 'USDT', amount: '10.123456' });
    expect(usdt.statusCode, usdt.body).toBe(201);
    const btc = await postDeposit(t, token, { accountId, asset: 'BTC', amount: '0.00010000' });
    const standing = (
      await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/fundingInstructions` })
    ).json<{ data: { asset: string; network?: string; address?: string }[] }>().data;
    expect(standing.map((s) => s.asset)).toEqual(['BRL', 'USDT', 'BTC']);
    const usdtFunding = usdt.json<{ fundingInstruction: Funding }>().fundingInstruction;
    expect(usdtFunding).toMatchObject({
      rail: 'CRYPTO',
      network: 'ETHEREUM',
      address: standing[1]!.address,
    });
    expect(usdtFunding.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const btcFunding = btc.json<{ fundingInstruction: Funding }>().fundingInstruction;
    expect(btcFunding).toMatchObject({
      rail: 'CRYPTO',
      network: 'BITCOIN',
      address: standing[2]!.address,
    });
    expect(btcFunding.address).toMatch(/^bc1q/);
    clock.advance(STEP_MS);
    await runDueJobs(t);
    expect(await balancesOf(t, token, accountId)).toMatchObject([
      { asset: 'BRL', available: '0.00' },
      { asset: 'USDT', available: '10.123456' },
      { asset: 'BTC', available: '0.00010000' },
    ]);
  });

  it('refuses a deposit to an account or asset not ACTIVE, an asset not held, a bad amount', async () => {
    const { token } = await t.customer();
    const opening = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const openingId = opening.json<{ id: string }>().id;
    expectProblem(
      await postDeposit(t, token, { accountId: openingId, asset: 'BRL', amount: '1.00' }),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    const failed = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      name: 'FAIL_ONBOARDING_USDT',
    });
    expectProblem(
      await postDeposit(t, token, { accountId: failed, asset: 'USDT', amount: '1.00' }),
      422,
      'ACCOUNT_NOT_ACTIVE',
    );
    expectProblem(
      await postDeposit(t, token, { accountId: failed, asset: 'BTC', amount: '1.00' }),
      422,
      'ASSET_NOT_ENABLED',
    );
    expectProblem(
      await postDeposit(t, token, { accountId: failed, asset: 'BRL', amount: '1.001' }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
    expectProblem(
      await postDeposit(t, token, { accountId: failed, asset: 'BRL', amount: '-1' }),
      400,
      'AMOUNT_MUST_BE_POSITIVE',
    );
    expectProblem(
      await postDeposit(t, token, { accountId: failed, asset: 'BRL', amount: '1000000000.01' }),
      400,
      'AMOUNT_TOO_LARGE',
    );
    expectProblem(
      await postDeposit(t, token, { accountId: 'acc_nope', asset: 'BRL', amount: '1.00' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // Standing instructions list only ACTIVE assets.
    const standing = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${failed}/fundingInstructions`,
    });
    expect(standing.json<{ data: { asset: string }[] }>().data.map((s) => s.asset)).toEqual([
      'BRL',
    ]);
  });

  it('replays an idempotent deposit and refuses the key with another body', async () => {
    const { token } = await t.customer();
    const accountId = await activeAccount(t, clock, token);
    const body = { accountId, asset: 'BRL', amount: '5.00' };
    const first = await postDeposit(t, token, body, { 'Idempotency-Key': 'dep-1' });
    expect(first.statusCode).toBe(201);
    const again = await postDeposit(t, token, body, { 'X-Idempotency-Key': 'dep-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expectProblem(
      await postDeposit(t, token, { ...body, amount: '6.00' }, { 'Idempotency-Key': 'dep-1' }),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    const rows = await t.handle.db
      .selectFrom('operations')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe.each(ENGINES)('deposits in production on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, { clock, env: { COFRE_ENVIRONMENT: 'production' } });
  });
  afterAll(() => t.close());

  it('are never paid by a simulator and expire after 30 minutes', async () => {
    const { token } = await t.customer();
    const open = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const accountId = open.json<{ id: string }>().id;
    // No simulator: activate the asset as the back-office would.
    const queue = new JobQueue(t.handle.db, dialectFor(engine), clock, new JobSignal());
    await transact(t.handle.db, (tx) => activateAssets(tx, { queue }, accountId, clock.now()));
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '10.00' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json<OperationBody & { fundingInstruction: Funding }>();
    expect(Date.parse(deposit.fundingInstruction.expiresAt)).toBe(clock.now() + 30 * 60_000);
    clock.advance(30 * 60_000 - 1);
    await runDueJobs(t);
    expect((await getOperation(t, token, deposit.id)).status).toBe('REQUESTED');
    clock.advance(1);
    await runDueJobs(t);
    expect(await getOperation(t, token, deposit.id)).toMatchObject({
      status: 'FAILED',
      reason: { code: 'DEPOSIT_EXPIRED' },
    });
  });
});
