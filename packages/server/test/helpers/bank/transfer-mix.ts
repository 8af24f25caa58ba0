import { formatAmount } from '../../../src/lib/money.js';
import type { BankOperationKind, Started } from './operation-mix.js';
import type { Rng } from './rng.js';
import { BANK_ASSETS, type BankAsset } from './world.js';

/**
 * Transfers for the bank test's mix (operation-mix.ts has the contract): from one account to
 * another of the same customer, two in three in one asset, one in three through a quote of the
 * source account. Either is COMPLETED in its request (one TRANSFER journal on both accounts) or
 * refused with nothing moved (422 INSUFFICIENT_BALANCE when the source lacks it).
 */

/** Amounts per asset, in minor units: a slice of what the accounts are funded with. */
const RANGE: Record<BankAsset, [number, number]> = {
  BRL: [1_000, 40_000], // 10.00 … 400.00
  USDT: [1_000_000, 80_000_000], // 1 … 80
  BTC: [10_000, 800_000], // 0.0001 … 0.008
};

const refusal = (res: { statusCode: number; json<T>(): T }): Started => ({
  kind: 'refused',
  status: res.statusCode,
  code: res.json<{ code?: string }>().code ?? '?',
});

export const transferKind: BankOperationKind = {
  name: 'transfer',
  weight: 3,
  async start({ t }, account, rng: Rng) {
    const others = account.customer.accounts.filter((a) => a.id !== account.id);
    if (others.length === 0) throw new Error('the bank world needs two accounts per customer');
    const destination = rng.pick(others);
    const as = account.customer.token;
    const asset = rng.pick(BANK_ASSETS);
    const amount = formatAmount(BigInt(rng.int(...RANGE[asset])), asset);
    const body: Record<string, unknown> = {
      accountId: account.id,
      destinationAccountId: destination.id,
    };
    if (rng.next() < 1 / 3) {
      const target = rng.pick(BANK_ASSETS.filter((a) => a !== asset));
      const quote = await t.as(as, {
        method: 'POST',
        url: '/v1/quotes',
        payload: {
          accountId: account.id,
          sourceAsset: asset,
          targetAsset: target,
          sourceAmount: amount,
        },
      });
      if (quote.statusCode !== 201) return refusal(quote);
      body.quoteId = quote.json<{ id: string }>().id;
    } else {
      Object.assign(body, { asset, amount });
    }
    const res = await t.as(as, { method: 'POST', url: '/v1/operations/transfer', payload: body });
    if (res.statusCode !== 201) return refusal(res);
    return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
  },
};
