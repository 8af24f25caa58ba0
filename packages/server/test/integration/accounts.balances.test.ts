import { beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { placeHold, postDeposit, releaseHold } from '../../src/ledger/ledger.js';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Entry {
  id: string;
  direction: string;
  amount: string;
  asset: string;
  balanceAfter: string;
  operationId: string | null;
  description: string;
}

describe.each(ENGINES)('balances and statement on %s', (engine) => {
  let alice: Awaited<ReturnType<TestApp['customer']>>;
  let bob: Awaited<ReturnType<TestApp['customer']>>;
  let accountId: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
    const res = await t.as(alice.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['USDT', 'BRL'] },
    });
    accountId = res.json<{ id: string }>().id;
    // 12 deposits of 1.00..12.00 BRL, one hold of 5.00 released, one hold of 3.00 kept, 1 USDT.
    await transact(t.handle.db, async ({ trx }) => {
      for (let i = 1; i <= 12; i++) {
        await postDeposit(trx, {
          accountId,
          asset: 'BRL',
          amount: BigInt(i * 100),
          operationId: `op_dep${i}`,
          description: `Deposit ${i}`,
          at: Date.now(),
        });
      }
      const base = { accountId, asset: 'BRL' as const, description: 'Withdrawal', at: Date.now() };
      const first = await placeHold(trx, { ...base, amount: 500n, operationId: 'op_w1' });
      await releaseHold(trx, {
        holdId: first,
        at: Date.now(),
        description: 'Withdrawal failed',
      });
      await placeHold(trx, { ...base, amount: 300n, operationId: 'op_w2' });
      await postDeposit(trx, {
        accountId,
        asset: 'USDT',
        amount: 1_000_000n,
        operationId: null,
        description: 'USDT in',
        at: Date.now(),
      });
    });
  });

  const get = (url: string, token = alice.token) => t.as(token, { method: 'GET', url });

  it('opens zero balances with the account and shows them on the record', async () => {
    const res = await t.as(alice.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'SAVING', assets: ['BTC'] },
    });
    expect(res.json().balances).toEqual([
      { asset: 'BTC', available: '0.00000000', pending: '0.00000000', total: '0.00000000' },
    ]);
  });

  it('answers the balances per asset as decimal strings', async () => {
    const res = await get(`/v1/accounts/${accountId}/balances`);
    expect(res.statusCode).toBe(200);
    // 1+…+12 = 78.00 in; 3.00 held.
    expect(res.json()).toEqual({
      // In the order the account was opened with: USDT, then BRL.
      data: [
        { asset: 'USDT', available: '1.000000', pending: '0.000000', total: '1.000000' },
        { asset: 'BRL', available: '75.00', pending: '3.00', total: '78.00' },
      ],
    });
    const one = await get(`/v1/accounts/${accountId}`);
    expect(one.json().balances).toEqual(res.json().data);
    const list = await get('/v1/accounts?limit=100');
    const item = list.json().data.find((a: { id: string }) => a.id === accountId);
    expect(item.balances).toEqual(res.json().data);
  });

  it("is 404 for another customer's account, a malformed id and an unknown one", async () => {
    for (const url of [
      `/v1/accounts/${accountId}/balances`,
      `/v1/accounts/${accountId}/statement`,
    ]) {
      const res = await get(url, bob.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await get('/v1/accounts/nope/balances')).statusCode).toBe(404);
    expect((await get('/v1/accounts/acc_01JD0000000000000000000000/statement')).statusCode).toBe(
      404,
    );
  });

  it('lists the available-balance entries, balanceAfter chaining, holds as DEBIT, releases as CREDIT', async () => {
    const res = await get(
      `/v1/accounts/${accountId}/statement?asset=BRL&sortOrder=ASCENDING&limit=100`,
    );
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ data: Entry[] }>().data;
    expect(entries).toHaveLength(15);
    let running = 0;
    for (const e of entries) {
      expect(e.asset).toBe('BRL');
      running += (e.direction === 'CREDIT' ? 1 : -1) * Math.round(Number(e.amount) * 100);
      expect(Math.round(Number(e.balanceAfter) * 100)).toBe(running);
    }
    expect(
      entries.slice(12).map((e) => [e.direction, e.amount, e.operationId, e.description]),
    ).toEqual([
      ['DEBIT', '5.00', 'op_w1', 'Withdrawal'],
      ['CREDIT', '5.00', 'op_w1', 'Withdrawal failed'],
      ['DEBIT', '3.00', 'op_w2', 'Withdrawal'],
    ]);
    expect(entries.at(-1)!.balanceAfter).toBe('75.00');
    expect(entries[0]).toMatchObject({
      id: expect.stringMatching(/^ent_/),
      createdAt: expect.any(String),
    });
  });

  it('pages forward and back through the statement with cursors bound to its filters', async () => {
    const all = (await get(`/v1/accounts/${accountId}/statement?limit=100`)).json<{
      data: Entry[];
    }>().data;
    expect(all).toHaveLength(16); // every asset, newest first
    const seen: string[] = [];
    let url = `/v1/accounts/${accountId}/statement?limit=4`;
    const cursors: string[] = [];
    for (;;) {
      const page = (await get(url)).json<{
        data: Entry[];
        meta: { nextCursor: string | null; previousCursor: string | null };
      }>();
      seen.push(...page.data.map((e) => e.id));
      if (!page.meta.nextCursor) break;
      cursors.push(page.meta.nextCursor);
      url = `/v1/accounts/${accountId}/statement?limit=4&cursor=${encodeURIComponent(page.meta.nextCursor)}`;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    // Back from the third page: the second page again.
    const third = (
      await get(
        `/v1/accounts/${accountId}/statement?limit=4&cursor=${encodeURIComponent(cursors[1]!)}`,
      )
    ).json();
    const back = await get(
      `/v1/accounts/${accountId}/statement?limit=4&direction=PREVIOUS&cursor=${encodeURIComponent(third.meta.previousCursor)}`,
    );
    expect(back.json().data.map((e: Entry) => e.id)).toEqual(all.slice(4, 8).map((e) => e.id));
    // A cursor of the unfiltered statement is refused with a filter, and for another customer.
    const other = await get(
      `/v1/accounts/${accountId}/statement?limit=4&asset=BRL&cursor=${encodeURIComponent(cursors[0]!)}`,
    );
    expect(other.json().code).toBe('INVALID_CURSOR');
  });

  it('validates the asset filter: unknown asset 400, asset not held 422, unknown parameter 400', async () => {
    const bad = await get(`/v1/accounts/${accountId}/statement?asset=DOGE`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_DATA');
    const notHeld = await get(`/v1/accounts/${accountId}/statement?asset=BTC`);
    expect(notHeld.statusCode).toBe(422);
    expect(notHeld.json()).toMatchObject({
      code: 'ASSET_NOT_ENABLED',
      errors: [{ pointer: '/asset', in: 'query', code: 'ASSET_NOT_ENABLED' }],
    });
    const unknown = await get(`/v1/accounts/${accountId}/statement?currency=BRL`);
    expect(unknown.statusCode).toBe(400);
  });
});
