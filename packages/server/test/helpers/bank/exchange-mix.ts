import { formatAmount, type Asset } from '../../../src/lib/money.js';
import type { BankOperationKind, Started } from './operation-mix.js';
import type { Rng } from './rng.js';
import { BANK_ASSETS, type BankAccount, type BankAsset } from './world.js';
import { MAGIC_ENDINGS } from './magic-endings.js';

/**
 * Swaps, PIX payments and orders for the bank test's mix (operation-mix.ts has the contract).
 * Each also takes its sandbox failure path every n-th time, so FAILED outcomes are always in
 * the mix: a swap of an amount ending in 66, a PIX payment to the `reject@` key, a LIMIT order
 * at a price ending in 66 (never fills: expires or is cancelled).
 */

/** Amounts per asset, in minor units: a slice of what the accounts are funded with. */
const RANGE: Record<BankAsset, [number, number]> = {
  BRL: [1_000, 30_000], // 10.00 … 300.00
  USDT: [1_000_000, 50_000_000], // 1 … 50
  BTC: [10_000, 500_000], // 0.0001 … 0.005
};

function amountIn(rng: Rng, [min, max]: [number, number], magic66: boolean): bigint {
  const amount = rng.int(min, max);
  if (magic66) return BigInt(amount - (amount % 100) + 66);
  // Neither 66 nor 77 (held for the back-office: docs/sandbox.md) unless asked.
  return BigInt(MAGIC_ENDINGS.includes(amount % 100) ? amount + 1 : amount);
}

function everyNth(n: number): () => boolean {
  let calls = 0;
  return () => (calls += 1) % n === 0;
}

const refusal = (res: { statusCode: number; json<T>(): T }): Started => ({
  kind: 'refused',
  status: res.statusCode,
  code: res.json<{ code?: string }>().code ?? '?',
});

function twoAssets(rng: Rng): [BankAsset, BankAsset] {
  const first = rng.pick(BANK_ASSETS);
  const second = rng.pick(BANK_ASSETS.filter((a) => a !== first));
  return [first, second];
}

const swapMagic = everyNth(6);

/** POST /v1/quotes then POST /v1/operations/swap on it: held at once, converted a step later. */
export const swapKind: BankOperationKind = {
  name: 'swap',
  weight: 3,
  async start({ t }, account, rng) {
    const [source, target] = twoAssets(rng);
    const amount = amountIn(rng, RANGE[source], swapMagic());
    const as = account.customer.token;
    const quote = await t.as(as, {
      method: 'POST',
      url: '/v1/quotes',
      payload: {
        accountId: account.id,
        sourceAsset: source,
        targetAsset: target,
        sourceAmount: formatAmount(amount, source),
      },
    });
    if (quote.statusCode !== 201) return refusal(quote);
    const res = await t.as(as, {
      method: 'POST',
      url: '/v1/operations/swap',
      payload: { accountId: account.id, quoteId: quote.json<{ id: string }>().id },
    });
    if (res.statusCode !== 201) return refusal(res);
    return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
  },
};

const pixMagic = everyNth(5);

/** A PIX payment of BRL to a directory key; every fifth to the key whose payments the rail rejects. */
export const pixPaymentKind: BankOperationKind = {
  name: 'pixPayment',
  weight: 2,
  async start({ t }, account, rng) {
    const amount = amountIn(rng, RANGE.BRL, false);
    const key = pixMagic() ? 'reject@example.com' : 'maria@example.com';
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: '/v1/operations/pixPayment',
      payload: {
        accountId: account.id,
        amount: formatAmount(amount, 'BRL'),
        pixKey: { keyType: 'EMAIL', key },
      },
    });
    if (res.statusCode !== 201) return refusal(res);
    return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
  },
};

/** A decimal string of ≤ 12 decimals for a positive float (no exponent form). */
const priceText = (value: number): string => value.toFixed(12).replace(/\.?0+$/, '');

const limitMagic = everyNth(5);

/**
 * An order: a third MARKET (filled in the request), the rest LIMIT at a price that already
 * crosses (filled at the next check, ~100 ms) — and half of those are cancelled at once, so a
 * fill and a cancel race. Every fifth LIMIT is at a price ending in 66, which never fills: it
 * is cancelled or expires (1 s).
 */
export const orderKind: BankOperationKind = {
  name: 'order',
  weight: 3,
  async start({ t }, account: BankAccount, rng) {
    const [base, quote] = twoAssets(rng);
    const side = rng.pick(['BUY', 'SELL'] as const);
    const amount = formatAmount(amountIn(rng, RANGE[base], false), base);
    const as = account.customer.token;
    const body: Record<string, unknown> = {
      accountId: account.id,
      side,
      baseAsset: base,
      quoteAsset: quote,
      amount,
      type: 'MARKET',
    };
    if (rng.next() >= 1 / 3) {
      // BUY pays `quote` for `base`: 1 / rate(quote → base); SELL gets rate(base → quote).
      const [from, to]: [Asset, Asset] = side === 'BUY' ? [quote, base] : [base, quote];
      const rates = await t.as(as, { method: 'GET', url: `/v1/rates?base=${from}&quote=${to}` });
      const rate = Number(rates.json<{ data: { rate: string }[] }>().data[0]!.rate);
      const price = side === 'BUY' ? (1 / rate) * 1.01 : rate * 0.99;
      let limitPrice = priceText(price);
      const neverFills = limitMagic();
      if (neverFills) limitPrice = `${price.toFixed(8).slice(0, -2)}66`;
      Object.assign(body, {
        type: 'LIMIT',
        limitPrice,
        expiresAt: new Date(Date.now() + 1_000).toISOString(),
      });
      const res = await t.as(as, { method: 'POST', url: '/v1/operations/order', payload: body });
      if (res.statusCode !== 201) return refusal(res);
      const id = res.json<{ id: string }>().id;
      if (neverFills ? rng.next() < 0.5 : rng.next() < 0.5) {
        const cancel = await t.as(as, { method: 'POST', url: `/v1/operations/${id}/cancel` });
        // 200 cancelled, or 409 when the fill (or the expiry) won the race; nothing else.
        if (cancel.statusCode !== 200 && cancel.statusCode !== 409) {
          throw new Error(`cancel of ${id} answered ${cancel.statusCode} ${cancel.body}`);
        }
      }
      return { kind: 'created', operationIds: [id] };
    }
    const res = await t.as(as, { method: 'POST', url: '/v1/operations/order', payload: body });
    if (res.statusCode !== 201) return refusal(res);
    return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
  },
};
