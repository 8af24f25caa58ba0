import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import {
  houseBalance,
  postDeposit as postLedgerDeposit,
  postTransfer,
  type Posting,
} from '../../src/ledger/ledger.js';
import { HOUSE_SHARDS, houseRowId, houseShardOf } from '../../src/ledger/balances.repository.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { MAX_BALANCE_MINOR, type Asset } from '../../src/lib/money.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { postOrder } from '../helpers/orders.js';
import type { QuoteBody } from '../helpers/quoted-operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { ledgerAccount } from '../helpers/ledger.js';
import { accountHolder, sandboxSteps, useSandboxApp } from '../helpers/world.js';

// Issue 16 point 0: one customer's money could push a house account (sys_clearing, sys_fees,
// sys_exchange) to the old 2^53 − 1 bound of every balance row, after which other customers'
// deposits, swaps and orders failed or hung. Balances are now bounded by int8 (2^63 − 1), house
// accounts spill into further rows and never refuse; a customer's own balance at its maximum
// refuses only that customer's request (422 BALANCE_LIMIT_EXCEEDED) or fails only that
// customer's settlement, moving nothing.
const MAX = MAX_BALANCE_MINOR;
const ASSETS: Asset[] = ['BRL', 'USDT', 'BTC'];

describe.each(ENGINES)('balance limits on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, {
    env: {
      COFRE_ORDER_CHECK_INTERVAL_MS: '1000',
      COFRE_FEES: '{"CONVERSION":{"percentage":"1"},"ORDER":{"percentage":"0.5"}}',
    },
  });

  const settle = () => sandboxSteps(t, clock, 3);
  const transfer = (amount: bigint, asset: Asset, from: string, to: string): Posting[] => [
    { accountId: from, asset, bucket: 'AVAILABLE', direction: 'DEBIT', amount },
    { accountId: to, asset, bucket: 'AVAILABLE', direction: 'CREDIT', amount },
  ];
  /** An operation id whose journals land on house row `shard` (houseShardOf). */
  const idOfShard = (shard: number) => {
    for (let i = 0; ; i++) if (houseShardOf(`op_attack_${i}`) === shard) return `op_attack_${i}`;
  };
  /** One balance row's values (a house account's single row, not its sum). */
  const rowBalance = async (rowId: string, asset: Asset) => {
    const row = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['available', 'pending'])
      .where('account_id', '=', rowId)
      .where('asset', '=', asset)
      .executeTakeFirstOrThrow();
    return { available: row.available, pending: row.pending };
  };
  /** Journals straight through the ledger: what 2^53 minor units of deposits would add up to;
   *  `shard`: the house row they land on (by default, whichever their journal id picks). */
  const post = (postings: Posting[], shard?: number) =>
    transact(t.handle.db, ({ trx }) =>
      postTransfer(trx, {
        kind: 'DEPOSIT',
        postings,
        operationId: shard === undefined ? null : idOfShard(shard),
        description: 'Seeded at the bound',
        at: clock.now(),
      }),
    );
  const quote = async (token: string, payload: Record<string, unknown>) => {
    const res = await t.as(token, { method: 'POST', url: '/v1/quotes', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<QuoteBody>();
  };
  const swap = (token: string, payload: Record<string, unknown>) =>
    t.as(token, { method: 'POST', url: '/v1/operations/swap', payload });
  const balance = async (token: string, accountId: string, asset: Asset) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === asset)!;
  /** Jobs that failed (threw) at least once: a settlement stuck retrying shows here. */
  const failedJobs = () =>
    t.handle.db
      .selectFrom('jobs')
      .select(['kind', 'subject_id', 'last_error'])
      .where('attempts', '>', 0)
      .execute();

  let attacker: { token: string; accountId: string };
  let clearingBtcBefore: bigint;

  beforeAll(async () => {
    const { token, accountId } = await accountHolder(t, clock, { assets: ASSETS });
    attacker = { token, accountId };
    // The attack: the attacker's deposits take sys_clearing to −(2^63 − 1) in every asset (and
    // the attacker's own balances to their maximum); the desk and the fees account are taken to
    // +(2^63 − 1) as well, in the assets the victim's swap and order will credit them. A house
    // account has HOUSE_SHARDS rows (migration 0021) and a journal picks one by its operation id,
    // so the attack fills every one of them, through operation ids that pick each in turn.
    for (const asset of ASSETS) await post(transfer(MAX, asset, 'sys_clearing', accountId), 1);
    for (let shard = 2; shard <= HOUSE_SHARDS; shard++) {
      for (const asset of ASSETS) {
        await post(transfer(MAX, asset, 'sys_clearing', 'sys_exchange'), shard);
      }
    }
    for (let shard = 1; shard <= HOUSE_SHARDS; shard++) {
      // sys_clearing's rows are full: these debits spill into rows past the shards.
      await post(transfer(MAX, 'BRL', 'sys_clearing', 'sys_fees'), shard);
      if (shard === 1) await post(transfer(MAX, 'BRL', 'sys_clearing', 'sys_exchange'), shard);
    }
    for (let shard = 1; shard <= HOUSE_SHARDS; shard++) {
      for (const asset of ASSETS) {
        expect(await rowBalance(houseRowId('sys_clearing', shard), asset)).toEqual({
          available: -MAX,
          pending: 0n,
        });
      }
      expect((await rowBalance(houseRowId('sys_exchange', shard), 'BRL')).available).toBe(MAX);
      expect((await rowBalance(houseRowId('sys_fees', shard), 'BRL')).available).toBe(MAX);
    }
    clearingBtcBefore = (await houseBalance(t.handle.db, 'sys_clearing', 'BTC')).available;
  });

  it("another customer's 1-satoshi deposit, swap and MARKET order all succeed", async () => {
    const { token, accountId } = await accountHolder(t, clock, { assets: ASSETS });

    const satoshi = await postDeposit(t, token, { accountId, asset: 'BTC', amount: '0.00000001' });
    const brl = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1000.00' });
    expect(satoshi.statusCode, satoshi.body).toBe(201);
    expect(brl.statusCode, brl.body).toBe(201);
    await settle();
    for (const res of [satoshi, brl]) {
      expect((await getOperation(t, token, res.json<OperationBody>().id)).status).toBe('COMPLETED');
    }
    expect(await balance(token, accountId, 'BTC')).toMatchObject({ available: '0.00000001' });

    const q = await quote(token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '100.00',
    });
    const swapped = await swap(token, { accountId, quoteId: q.id });
    expect(swapped.statusCode, swapped.body).toBe(201);
    await settle();
    const done = await getOperation(t, token, swapped.json<OperationBody>().id);
    expect(done.status, JSON.stringify(done.reason)).toBe('COMPLETED');
    expect(await balance(token, accountId, 'USDT')).toMatchObject({
      available: q.targetAmount,
      pending: '0.000000',
    });

    const order = await postOrder(t, token, {
      accountId,
      side: 'BUY',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '10',
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json<OperationBody>().status).toBe('COMPLETED');

    // The house took every posting, exactly: sys_clearing BTC one satoshi more, past a full row.
    expect(await houseBalance(t.handle.db, 'sys_clearing', 'BTC')).toEqual({
      available: clearingBtcBefore - 1n,
      pending: 0n,
    });
    expect(await failedJobs()).toEqual([]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('a MARKET order crediting a balance at its maximum is refused with 422, nothing moved', async () => {
    const before = await balancesOf(t, attacker.token, attacker.accountId);
    const res = await postOrder(t, attacker.token, {
      accountId: attacker.accountId,
      side: 'SELL',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'MARKET',
      amount: '10',
    });
    const problem = expectProblem(res, 422, 'BALANCE_LIMIT_EXCEEDED');
    expect(problem.detail).toContain(attacker.accountId);
    expect(await balancesOf(t, attacker.token, attacker.accountId)).toEqual(before);
    const list = await t.as(attacker.token, { method: 'GET', url: '/v1/operations' });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('a deposit, a swap and a LIMIT order that would pass the maximum end FAILED, holds released', async () => {
    const { token, accountId } = attacker;
    const before = await balancesOf(t, token, accountId);
    const deposit = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1.00' });
    expect(deposit.statusCode, deposit.body).toBe(201);

    const q = await quote(token, {
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      sourceAmount: '10.000000',
    });
    const swapped = await swap(token, { accountId, quoteId: q.id });
    expect(swapped.statusCode, swapped.body).toBe(201);

    const limit = await postOrder(t, token, {
      accountId,
      side: 'SELL',
      baseAsset: 'USDT',
      quoteAsset: 'BRL',
      type: 'LIMIT',
      amount: '10',
      limitPrice: '1.00',
    });
    expect(limit.statusCode, limit.body).toBe(201);
    // Held meanwhile: the swap's and the order's USDT.
    expect((await balance(token, accountId, 'USDT')).pending).not.toBe('0.000000');

    await settle();
    for (const res of [deposit, swapped, limit]) {
      const op = await getOperation(t, token, res.json<OperationBody>().id);
      expect(op.status).toBe('FAILED');
      expect(op.reason?.code).toBe('BALANCE_LIMIT_EXCEEDED');
    }
    expect(await balancesOf(t, token, accountId)).toEqual(before);
    // Ended, not retried: no job failed, none is left to run for these operations.
    expect(await failedJobs()).toEqual([]);
    clock.advance(60 * 60_000);
    await runDueJobs(t);
    expect(await balancesOf(t, token, accountId)).toEqual(before);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('takes concurrent credits to a full house account exactly, each once', async () => {
    const before = await houseBalance(t.handle.db, 'sys_clearing', 'USDC');
    await post(transfer(MAX, 'USDC', 'sys_clearing', await ledgerAccount(t.handle.db, ['USDC'])));
    const accounts = await Promise.all(
      Array.from({ length: 10 }, () => ledgerAccount(t.handle.db, ['USDC'])),
    );
    await Promise.all(
      accounts.map((accountId) =>
        transact(t.handle.db, ({ trx }) =>
          postLedgerDeposit(trx, {
            accountId,
            asset: 'USDC',
            amount: 7n,
            operationId: null,
            description: 'Concurrent deposit',
            at: clock.now(),
          }),
        ),
      ),
    );
    expect(await houseBalance(t.handle.db, 'sys_clearing', 'USDC')).toEqual({
      available: before.available - MAX - 70n,
      pending: 0n,
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('reads a money column up to the int8 bound exactly, and any other integer beyond 2^53 as an error', async () => {
    const read = (value: string, as: string) =>
      sql<Record<string, unknown>>`select cast(${sql.raw(value)} as bigint) as ${sql.ref(as)}`
        .execute(t.handle.db)
        .then((r) => r.rows[0]![as]);
    expect(await read('9223372036854775807', 'amount')).toBe(MAX);
    expect(await read('-9223372036854775807', 'available')).toBe(-MAX);
    expect(await read('9007199254740993', 'balance_after')).toBe(9007199254740993n);
    expect(await read('9007199254740991', 'created_at')).toBe(Number.MAX_SAFE_INTEGER);
    expect(await read('-9007199254740991', 'v')).toBe(-Number.MAX_SAFE_INTEGER);
    await expect(read('9007199254740993', 'created_at')).rejects.toThrow(/not a safe integer/);
  });

  it('refuses a balance the int8 column cannot hold, whatever path writes it', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL']);
    await expect(
      t.handle.db
        .updateTable('ledger_balances')
        .set({ available: sql<bigint>`available + 9223372036854775807 + 1` })
        .where('account_id', '=', accountId)
        .execute(),
    ).rejects.toThrow(/check|constraint|out of range/i);
  });
});
