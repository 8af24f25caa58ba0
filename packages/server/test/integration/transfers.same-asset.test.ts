import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf, getOperation } from '../helpers/operations.js';
import { eventTypesOf } from '../helpers/orders.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  moneyState,
  operationIdsOf,
  postTransfer,
  statementOf,
  transferred,
  type TransferOperationBody,
} from '../helpers/transfers.js';
import { activeAccount } from '../helpers/world.js';

// Issue 16 point 2: a transfer between two accounts of one customer, same asset, 1:1 and
// immediate, on both accounts' statements, idempotent, and never an overdraft.
describe.each(ENGINES)('transfers in one asset on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let token: string;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS), ...ADMIN_ENV },
    });
    token = (await t.customer()).token;
  });
  afterAll(() => t.close());

  const account = (fund?: string, assets = ['BRL', 'USDT']) =>
    activeAccount(t, clock, token, {
      assets,
      ...(fund ? { fund: { asset: 'BRL', amount: fund } } : {}),
    });
  const brl = async (accountId: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')!;

  it('moves exactly the amount from one account to the other, COMPLETED in the answer, on both statements', async () => {
    const source = await account('1000.00');
    const destination = await account('50.00');
    const res = await postTransfer(t, token, {
      accountId: source,
      destinationAccountId: destination,
      asset: 'BRL',
      amount: '250.00',
      description: 'To savings',
    });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json<TransferOperationBody>();
    expect(res.headers.location).toBe(`/v1/operations/${op.id}`);
    expect(op).toMatchObject({
      type: 'TRANSFER',
      status: 'COMPLETED',
      accountId: source,
      asset: 'BRL',
      amount: '250.00',
      fees: [],
      reason: null,
      destinationAccountId: destination,
      destinationAsset: 'BRL',
      destinationAmount: '250.00',
      quoteId: null,
      conversion: null,
      description: 'To savings',
    });
    expect(op.states.map((s) => s.status)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await getOperation(t, token, op.id)).toEqual(op);

    expect(await brl(source)).toMatchObject({ available: '750.00', pending: '0.00' });
    expect(await brl(destination)).toMatchObject({ available: '300.00', pending: '0.00' });
    // One TRANSFER journal, one line on each statement naming the operation.
    const journals = await t.handle.db
      .selectFrom('ledger_journals')
      .select('kind')
      .where('operation_id', '=', op.id)
      .execute();
    expect(journals).toEqual([{ kind: 'TRANSFER' }]);
    const lineOf = async (accountId: string) =>
      (await statementOf(t, token, accountId)).filter((e) => e.operationId === op.id);
    expect(await lineOf(source)).toEqual([
      expect.objectContaining({
        direction: 'DEBIT',
        amount: '250.00',
        asset: 'BRL',
        balanceAfter: '750.00',
        description: 'To savings',
      }),
    ]);
    expect(await lineOf(destination)).toEqual([
      expect.objectContaining({ direction: 'CREDIT', amount: '250.00', balanceAfter: '300.00' }),
    ]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('is found from either account: the operation list filtered by accountId lists it for both', async () => {
    const source = await account('100.00');
    const destination = await account();
    const bystander = await account();
    const op = await transferred(t, token, {
      accountId: source,
      destinationAccountId: destination,
      asset: 'BRL',
      amount: '10.00',
    });
    expect(await operationIdsOf(t, token, source)).toContain(op.id);
    expect(await operationIdsOf(t, token, destination)).toEqual([op.id]);
    expect(await operationIdsOf(t, token, bystander)).toEqual([]);
    const filtered = await t.as(token, {
      method: 'GET',
      url: `/v1/operations?accountId=${destination}&type=TRANSFER&status=COMPLETED`,
    });
    expect(filtered.json<{ data: { id: string }[] }>().data.map((o) => o.id)).toEqual([op.id]);
  });

  it('announces OPERATION_REQUESTED then OPERATION_COMPLETED, naming both accounts', async () => {
    const source = await account('100.00');
    const destination = await account();
    const op = await transferred(t, token, {
      accountId: source,
      destinationAccountId: destination,
      asset: 'BRL',
      amount: '20.00',
    });
    expect(await eventTypesOf(t, op.id)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    // As the customer reads them from the events feed (and every webhook delivery sends them).
    const feed = await t.as(token, {
      method: 'GET',
      url: `/v1/events?resourceId=${op.id}&sortOrder=ASCENDING`,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const events = feed.json<{ data: { type: string; data: TransferOperationBody }[] }>().data;
    expect(events.map((e) => e.type)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(events[0]!.data).toMatchObject({
      status: 'REQUESTED',
      accountId: source,
      destinationAccountId: destination,
    });
    expect(events[1]!.data).toMatchObject({
      status: 'COMPLETED',
      accountId: source,
      destinationAccountId: destination,
      destinationAmount: '20.00',
    });
  });

  describe('refusals move nothing, store nothing and announce nothing', () => {
    let source: string;
    let destination: string;
    let stranger: { token: string; accountId: string };

    beforeAll(async () => {
      source = await account('100.00');
      destination = await account();
      const other = await t.customer('Another customer');
      stranger = {
        token: other.token,
        accountId: await activeAccount(t, clock, other.token, { assets: ['BRL'] }),
      };
    });

    const refused = async (
      payload: Record<string, unknown>,
      status: number,
      code: string,
      pointer?: string,
    ) => {
      const accounts = [source, destination];
      const before = await moneyState(t, token, accounts);
      const res = await postTransfer(t, token, {
        accountId: source,
        destinationAccountId: destination,
        asset: 'BRL',
        amount: '10.00',
        ...payload,
      });
      const problem = expectProblem(res, status, code);
      if (pointer) expect(problem.errors?.map((e) => e.pointer)).toContain(pointer);
      expect(await moneyState(t, token, accounts)).toEqual(before);
      return problem;
    };

    it('the same account on both sides: 422 SAME_ACCOUNT at /destinationAccountId', async () => {
      await refused({ destinationAccountId: source }, 422, 'SAME_ACCOUNT', '/destinationAccountId');
    });

    it("another customer's account as destination, or as source: 404, never 403", async () => {
      await refused({ destinationAccountId: stranger.accountId }, 404, 'RESOURCE_NOT_FOUND');
      await refused(
        { destinationAccountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR' },
        404,
        'RESOURCE_NOT_FOUND',
      );
      await refused({ accountId: stranger.accountId }, 404, 'RESOURCE_NOT_FOUND');
    });

    it('more than the available balance: 422 INSUFFICIENT_BALANCE', async () => {
      await refused({ amount: '100.01' }, 422, 'INSUFFICIENT_BALANCE', '/amount');
    });

    it('above the maximum of one request: 400 AMOUNT_TOO_LARGE', async () => {
      await refused({ amount: '1000000000.01' }, 400, 'AMOUNT_TOO_LARGE', '/amount');
    });

    it('an asset either account does not hold: 422 ASSET_NOT_ENABLED, pointing at the side', async () => {
      const brlOnly = await account(undefined, ['BRL']);
      await refused({ asset: 'BTC', amount: '0.1' }, 422, 'ASSET_NOT_ENABLED', '/asset');
      await refused(
        { destinationAccountId: brlOnly, asset: 'USDT', amount: '1' },
        422,
        'ASSET_NOT_ENABLED',
        '/destinationAccountId',
      );
    });

    it('a FROZEN account on either side: 422 ACCOUNT_NOT_ACTIVE', async () => {
      const frozen = await account('20.00');
      const admin = (verb: string) =>
        asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${frozen}/${verb}` });
      expect((await admin('freeze')).statusCode).toBe(200);
      await refused(
        { destinationAccountId: frozen },
        422,
        'ACCOUNT_NOT_ACTIVE',
        '/destinationAccountId',
      );
      const res = await postTransfer(t, token, {
        accountId: frozen,
        destinationAccountId: destination,
        asset: 'BRL',
        amount: '1.00',
      });
      expectProblem(res, 422, 'ACCOUNT_NOT_ACTIVE');
      expect((await admin('unfreeze')).statusCode).toBe(200);
    });

    it('an account whose asset is not ACTIVE yet: 422 ACCOUNT_NOT_ACTIVE', async () => {
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', assets: ['BRL'] },
      });
      const opening = res.json<{ id: string }>().id;
      await refused(
        { destinationAccountId: opening },
        422,
        'ACCOUNT_NOT_ACTIVE',
        '/destinationAccountId',
      );
    });

    it('neither asset and amount nor a quote, or both: 400 INVALID_DATA naming the fields', async () => {
      const problem = await refused({ asset: undefined, amount: undefined }, 400, 'INVALID_DATA');
      expect(problem.errors?.map((e) => e.pointer).sort()).toEqual(['/amount', '/asset']);
      await refused({ amount: undefined }, 400, 'INVALID_DATA', '/amount');
      await refused({ quoteId: 'quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR' }, 400, 'INVALID_DATA', '/asset');
    });
  });

  it('never overdraws: of 20 concurrent transfers that together exceed the balance, exactly the affordable ones succeed', async () => {
    const source = await account('150.00');
    const destination = await account();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postTransfer(t, token, {
          accountId: source,
          destinationAccountId: destination,
          asset: 'BRL',
          amount: '10.00',
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expectProblem(res, 422, 'INSUFFICIENT_BALANCE');
    }
    expect(await brl(source)).toMatchObject({ available: '0.00', pending: '0.00' });
    expect(await brl(destination)).toMatchObject({ available: '150.00' });
    // Every balance the source's statement ever showed stayed at or above zero.
    for (const line of await statementOf(t, token, source)) {
      expect(line.balanceAfter.startsWith('-')).toBe(false);
    }
    expect(await operationIdsOf(t, token, destination)).toHaveLength(15);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('completes transfers crossing in opposite directions between two accounts, all at once, without waiting on each other', async () => {
    const a = await account('100.00');
    const b = await account('100.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postTransfer(t, token, {
          accountId: i % 2 === 0 ? a : b,
          destinationAccountId: i % 2 === 0 ? b : a,
          asset: 'BRL',
          amount: i % 2 === 0 ? '3.00' : '1.00',
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(await brl(a)).toMatchObject({ available: '80.00', pending: '0.00' });
    expect(await brl(b)).toMatchObject({ available: '120.00', pending: '0.00' });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
