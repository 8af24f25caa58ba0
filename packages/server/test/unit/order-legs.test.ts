import { describe, expect, it } from 'vitest';
import { planJournal, signedAmount, type Posting } from '../../src/ledger/postings.js';
import {
  fillSpend,
  limitPostings,
  marketPostings,
  type OrderFill,
} from '../../src/operations/kinds/order/order-legs.js';

const buy: OrderFill = {
  accountId: 'acc_1',
  side: 'BUY',
  baseAsset: 'USDT',
  quoteAsset: 'BRL',
  amount: 10_000_000n, // 10 USDT
  notional: 5_411n, // 54.11 BRL
  fees: [
    { type: 'PERCENTAGE', amount: 28n, asset: 'BRL' },
    { type: 'ABSOLUTE', amount: 100n, asset: 'BRL' },
  ],
};
const sell: OrderFill = { ...buy, side: 'SELL' };

/** Net change per (account, asset) of a journal. */
const net = (postings: Posting[]) => {
  const sums: Record<string, bigint> = {};
  for (const p of postings) {
    const key = `${p.accountId} ${p.asset} ${p.bucket}`;
    sums[key] = (sums[key] ?? 0n) + signedAmount(p);
  }
  return sums;
};

describe('order fill legs', () => {
  it('a MARKET BUY: quote from the customer to the desk and the fee account, base back', () => {
    const postings = marketPostings(buy);
    expect(() => planJournal(postings)).not.toThrow();
    expect(net(postings)).toEqual({
      'acc_1 BRL AVAILABLE': -5_539n,
      'sys_fees BRL AVAILABLE': 128n,
      'sys_exchange BRL AVAILABLE': 5_411n,
      'sys_exchange USDT AVAILABLE': -10_000_000n,
      'acc_1 USDT AVAILABLE': 10_000_000n,
    });
  });

  it('a MARKET SELL: base to the desk, notional less the fee back in quote', () => {
    const postings = marketPostings(sell);
    expect(() => planJournal(postings)).not.toThrow();
    expect(net(postings)).toEqual({
      'acc_1 USDT AVAILABLE': -10_000_000n,
      'sys_exchange USDT AVAILABLE': 10_000_000n,
      'sys_exchange BRL AVAILABLE': -5_411n,
      'sys_fees BRL AVAILABLE': 128n,
      'acc_1 BRL AVAILABLE': 5_283n,
    });
  });

  it('a LIMIT fill balances the hold (debited from pending) and returns the unused part', () => {
    const held = fillSpend(buy).amount + 7n;
    const pending: Posting = {
      accountId: 'acc_1',
      asset: 'BRL',
      bucket: 'PENDING',
      direction: 'DEBIT',
      amount: held,
    };
    const postings = [pending, ...limitPostings(buy, held)];
    expect(() => planJournal(postings)).not.toThrow();
    expect(net(postings)['acc_1 BRL AVAILABLE']).toBe(7n);
    expect(() => limitPostings(buy, held - 8n)).toThrow(RangeError);
  });
});
