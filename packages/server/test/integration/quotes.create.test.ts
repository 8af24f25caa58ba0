import { beforeAll, describe, expect, it } from 'vitest';
import { formatRate } from '../../src/lib/rate.js';
import { priceQuote } from '../../src/pricing/pricing.js';
import { SANDBOX_FEES } from '../../src/pricing/fees.js';
import { sandboxRate } from '../../src/pricing/sandbox-rates.js';
import { setStoredRate } from '../../src/pricing/stored-rates.js';
import { parseAmount } from '../../src/lib/money.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useSandboxApp, useTestApp } from '../helpers/world.js';

interface QuoteBody {
  id: string;
  accountId: string;
  sourceAsset: string;
  targetAsset: string;
  sourceAmount: string;
  targetAmount: string;
  effectiveRate: { value: string; base: string; quote: string };
  fees: { type: string; amount: string; asset: string }[];
  expiresAt: string;
  consumedAt: string | null;
  operationId: string | null;
  createdAt: string;
}

// Issue 8 point 2: quotes price a conversion exactly as the ledger will move it.
describe.each(ENGINES)('quotes on %s', (engine) => {
  let token: string;
  let accountId: string;

  const { t, clock } = useSandboxApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
    accountId = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
  });

  const post = (payload: Record<string, unknown>) =>
    t.as(token, { method: 'POST', url: '/v1/quotes', payload });

  it('prices from a source amount: the 0.5 % sandbox fee first, the rest at the current rate, rounded down', async () => {
    const res = await post({
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '1000.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json<QuoteBody>();
    expect(res.headers.location).toBe(`/v1/quotes/${quote.id}`);
    const rate = sandboxRate('BRL', 'USDT', clock.now());
    const expected = priceQuote({
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      rate,
      fee: SANDBOX_FEES.CONVERSION,
      sourceAmount: 100_000n,
    });
    if (expected.kind !== 'priced') throw new Error('not priced');
    expect(quote).toMatchObject({
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '1000.00',
      effectiveRate: { value: formatRate(rate), base: 'BRL', quote: 'USDT' },
      fees: [{ type: 'PERCENTAGE', amount: '5.00', asset: 'BRL' }],
      consumedAt: null,
      operationId: null,
      expiresAt: new Date(clock.now() + 30_000).toISOString(),
    });
    expect(parseAmount(quote.targetAmount, 'USDT')).toBe(expected.targetAmount);
    // ≈ 995 BRL / 5.4 ≈ 184 USDT: the sandbox curve, not a made-up number.
    expect(Number(quote.targetAmount)).toBeGreaterThan(180);
    expect(Number(quote.targetAmount)).toBeLessThan(190);

    const got = await t.as(token, { method: 'GET', url: `/v1/quotes/${quote.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(quote);
  });

  it('prices from a target amount: the least source that reaches it, the target exactly as asked', async () => {
    const res = await post({
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      targetAmount: '500.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json<QuoteBody>();
    expect(quote.targetAmount).toBe('500.00');
    const expected = priceQuote({
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      rate: sandboxRate('USDT', 'BRL', clock.now()),
      fee: SANDBOX_FEES.CONVERSION,
      targetAmount: 50_000n,
    });
    if (expected.kind !== 'priced') throw new Error('not priced');
    expect(parseAmount(quote.sourceAmount, 'USDT')).toBe(expected.sourceAmount);
    expect(quote.fees).toHaveLength(1);
  });

  it('quotes an asset against itself 1:1 with no fee', async () => {
    const res = await post({
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'BRL',
      sourceAmount: '12.34',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sourceAmount: '12.34',
      targetAmount: '12.34',
      effectiveRate: { value: '1' },
      fees: [],
    });
  });

  it('refuses both amounts, neither amount, and amounts that convert to nothing', async () => {
    const both = expectProblem(
      await post({
        accountId,
        sourceAsset: 'BRL',
        targetAsset: 'USDT',
        sourceAmount: '1.00',
        targetAmount: '1.00',
      }),
      400,
      'MUTUALLY_EXCLUSIVE_AMOUNTS',
    );
    expect(both.errors?.[0]?.pointer).toBe('/targetAmount');
    expectProblem(
      await post({ accountId, sourceAsset: 'BRL', targetAsset: 'USDT' }),
      400,
      'MISSING_AMOUNT',
    );
    expectProblem(
      await post({ accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '0.01' }),
      422,
      'AMOUNT_TOO_SMALL',
    );
    expectProblem(
      await post({ accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1.001' }),
      400,
      'INVALID_AMOUNT_PRECISION',
    );
  });

  it('refuses an account that holds neither asset, and another customer’s account or quote', async () => {
    expectProblem(
      await post({ accountId, sourceAsset: 'BTC', targetAsset: 'USDC', sourceAmount: '1.00' }),
      422,
      'ASSET_NOT_ENABLED',
    );
    const other = await t.customer('Other');
    const res = await post({
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '10.00',
    });
    const quote = res.json<QuoteBody>();
    expectProblem(
      await t.as(other.token, {
        method: 'POST',
        url: '/v1/quotes',
        payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '10.00' },
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await t.as(other.token, { method: 'GET', url: `/v1/quotes/${quote.id}` }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('replays a quote for the same Idempotency-Key', async () => {
    const payload = { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '50.00' };
    const headers = { 'idempotency-key': `quote-${engine}` };
    const first = await t.as(token, { method: 'POST', url: '/v1/quotes', payload, headers });
    clock.advance(1_000);
    const second = await t.as(token, { method: 'POST', url: '/v1/quotes', payload, headers });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('lists indicative rates, filtered, and the rate a quote takes', async () => {
    const all = await t.as(token, { method: 'GET', url: '/v1/rates' });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ data: unknown[] }>().data).toHaveLength(12);
    const one = await t.as(token, { method: 'GET', url: '/v1/rates?base=BTC&quote=BRL' });
    expect(one.json()).toEqual({
      data: [
        {
          base: 'BTC',
          quote: 'BRL',
          rate: formatRate(sandboxRate('BTC', 'BRL', clock.now())),
          updatedAt: new Date(clock.now() - (clock.now() % 1000)).toISOString(),
        },
      ],
    });
    expectProblem(
      await t.as(token, { method: 'GET', url: '/v1/rates?base=EUR' }),
      400,
      'INVALID_DATA',
    );
  });
});

describe.each(ENGINES)('quotes in production on %s', (engine) => {
  const t = useTestApp(engine, { env: { COFRE_ENVIRONMENT: 'production' } });

  it('has no rate until the back-office sets one, then quotes at exactly that rate with no fee', async () => {
    const { token } = await t.customer();
    const created = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
    });
    const accountId = created.json<{ id: string }>().id;
    const payload = {
      accountId,
      sourceAsset: 'USDT',
      targetAsset: 'BRL',
      sourceAmount: '10.000000',
    };
    expectProblem(
      await t.as(token, { method: 'POST', url: '/v1/quotes', payload }),
      422,
      'RATE_UNAVAILABLE',
    );
    expect((await t.as(token, { method: 'GET', url: '/v1/rates' })).json()).toEqual({ data: [] });

    await t.handle.db.transaction().execute((trx) =>
      setStoredRate(trx, {
        base: 'USDT',
        quote: 'BRL',
        rate: 5_412_300_000_000n,
        at: Date.now(),
      }),
    );
    const res = await t.as(token, { method: 'POST', url: '/v1/quotes', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sourceAmount: '10.000000',
      targetAmount: '54.12',
      effectiveRate: { value: '5.4123', base: 'USDT', quote: 'BRL' },
      fees: [],
    });
  });
});
