import { describe, expect, it } from 'vitest';
import {
  balancesAfter,
  planJournal,
  transfer,
  UnbalancedJournalError,
  type Posting,
} from '../../src/ledger/postings.js';

const p = (
  accountId: string,
  asset: Posting['asset'],
  direction: Posting['direction'],
  amount: number | bigint,
  bucket: Posting['bucket'] = 'AVAILABLE',
): Posting => ({ accountId, asset, bucket, direction, amount: BigInt(amount) });

describe('planJournal', () => {
  it('accepts a transfer and groups it per balance row', () => {
    const rows = planJournal(
      transfer(
        100n,
        'BRL',
        { accountId: 'acc_a', bucket: 'AVAILABLE' },
        { accountId: 'acc_a', bucket: 'PENDING' },
      ),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        accountId: 'acc_a',
        asset: 'BRL',
        available: -100n,
        pending: 100n,
      }),
    ]);
  });

  it('refuses a journal whose credits and debits differ in any asset', () => {
    expect(() =>
      planJournal([p('acc_a', 'BRL', 'CREDIT', 100), p('sys_clearing', 'BRL', 'DEBIT', 99)]),
    ).toThrow(UnbalancedJournalError);
    // Balanced in total but not per asset: still refused.
    expect(() =>
      planJournal([p('acc_a', 'BRL', 'CREDIT', 100), p('acc_a', 'USDT', 'DEBIT', 100)]),
    ).toThrow(/BRL/);
  });

  it('refuses zero, negative and beyond-int8 amounts, and an empty journal', () => {
    for (const amount of [0n, -1n, 2n ** 63n]) {
      expect(() =>
        planJournal([p('a', 'BRL', 'CREDIT', amount), p('b', 'BRL', 'DEBIT', amount)]),
      ).toThrow(RangeError);
    }
    expect(() => planJournal([])).toThrow();
  });

  it('orders rows by (account, asset) whatever order the postings came in (lock order)', () => {
    const rows = planJournal([
      p('sys_fees', 'USDT', 'CREDIT', 1),
      p('acc_b', 'USDT', 'CREDIT', 9),
      p('acc_b', 'BRL', 'DEBIT', 50),
      p('acc_a', 'USDT', 'DEBIT', 10),
      p('sys_clearing', 'BRL', 'CREDIT', 50),
    ]);
    expect(rows.map((r) => `${r.accountId}/${r.asset}`)).toEqual([
      'acc_a/USDT',
      'acc_b/BRL',
      'acc_b/USDT',
      'sys_clearing/BRL',
      'sys_fees/USDT',
    ]);
  });
});

it('sums a journal beyond 2^53 exactly (amounts are bigints)', () => {
  const big = 2n ** 53n + 1n;
  const rows = planJournal([
    p('acc_a', 'BTC', 'CREDIT', big),
    p('acc_a', 'BTC', 'CREDIT', big),
    p('sys_clearing', 'BTC', 'DEBIT', 2n * big),
  ]);
  expect(rows[0]).toMatchObject({ accountId: 'acc_a', available: 18_014_398_509_481_986n });
});

describe('balancesAfter', () => {
  it("gives each posting its bucket's value after it, from the row's final values", () => {
    const [row] = planJournal(
      transfer(
        30n,
        'BRL',
        { accountId: 'acc_a', bucket: 'AVAILABLE' },
        { accountId: 'acc_a', bucket: 'PENDING' },
      ),
    );
    expect(balancesAfter(row!, { available: 70n, pending: 30n })).toEqual([70n, 30n]);
  });
});
