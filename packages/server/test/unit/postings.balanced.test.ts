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
  amount: number,
  bucket: Posting['bucket'] = 'AVAILABLE',
): Posting => ({ accountId, asset, bucket, direction, amount });

describe('planJournal', () => {
  it('accepts a transfer and groups it per balance row', () => {
    const rows = planJournal(
      transfer(
        100,
        'BRL',
        { accountId: 'acc_a', bucket: 'AVAILABLE' },
        { accountId: 'acc_a', bucket: 'PENDING' },
      ),
    );
    expect(rows).toEqual([
      expect.objectContaining({ accountId: 'acc_a', asset: 'BRL', available: -100, pending: 100 }),
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

  it('refuses zero, negative, fractional and unsafe amounts, and an empty journal', () => {
    for (const amount of [0, -1, 1.5, 2 ** 53]) {
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

describe('balancesAfter', () => {
  it("gives each posting its bucket's value after it, from the row's final values", () => {
    const [row] = planJournal(
      transfer(
        30,
        'BRL',
        { accountId: 'acc_a', bucket: 'AVAILABLE' },
        { accountId: 'acc_a', bucket: 'PENDING' },
      ),
    );
    expect(balancesAfter(row!, { available: 70, pending: 30 })).toEqual([70, 30]);
  });
});
