import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../server/src/db/transact.js';
import { postDeposit } from '../../server/src/ledger/ledger.js';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { CofreApiError, CofreClient } from '../src/index.js';

describe.each(ENGINES)('SDK balances and statement against the server on %s', (engine) => {
  let t: TestApp;
  let client: CofreClient;
  let other: CofreClient;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const sdk = async (name: string) => {
      const c = await t.createClient(name);
      return new CofreClient({ baseUrl, clientId: c.clientId, clientSecret: c.clientSecret });
    };
    client = await sdk('Statement reader');
    other = await sdk('Someone else');
    accountId = (await client.accounts.create({ type: 'CHECKING', assets: ['BRL', 'USDT'] })).id;
    await transact(t.handle.db, async ({ trx }) => {
      for (let i = 1; i <= 7; i++) {
        await postDeposit(trx, {
          accountId,
          asset: 'BRL',
          amount: 1_000n,
          operationId: `op_${i}`,
          description: `Deposit ${i}`,
          at: Date.now(),
        });
      }
    });
  });
  afterAll(() => t.close());

  it('reads the balances', async () => {
    expect(await client.accounts.balances(accountId)).toEqual([
      { asset: 'BRL', available: '70.00', pending: '0.00', total: '70.00' },
      { asset: 'USDT', available: '0.000000', pending: '0.000000', total: '0.000000' },
    ]);
  });

  it('reads a statement page and iterates every entry once across pages', async () => {
    const page = await client.accounts.statement(accountId, { asset: 'BRL', limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({
      direction: 'CREDIT',
      amount: '10.00',
      balanceAfter: '70.00',
    });
    const seen: string[] = [];
    for await (const entry of client.accounts.iterateStatement(accountId, {
      sortOrder: 'ASCENDING',
      limit: 2,
    }))
      seen.push(entry.balanceAfter);
    expect(seen).toEqual(['10.00', '20.00', '30.00', '40.00', '50.00', '60.00', '70.00']);
  });

  it('reads the balances at an instant, and a statement for a period with its opening and closing', async () => {
    const now = new Date();
    const current = await client.accounts.balances(accountId);
    expect(await client.accounts.balancesAt(accountId, now)).toEqual({
      at: now.toISOString(),
      data: current,
    });
    const before = await client.accounts.balancesAt(accountId, '2020-01-01T00:00:00-03:00');
    expect(before.at).toBe('2020-01-01T03:00:00.000Z');
    expect(before.data.map((b) => b.total)).toEqual(['0.00', '0.000000']);

    const period = { from: '2020-01-01T00:00:00Z', to: now.toISOString() };
    const page = await client.accounts.statement(accountId, { ...period, asset: 'BRL' });
    expect(page.period).toEqual({
      from: '2020-01-01T00:00:00.000Z',
      to: now.toISOString(),
      opening: [{ asset: 'BRL', available: '0.00', pending: '0.00', total: '0.00' }],
      closing: [current[0]],
    });
    const amounts: string[] = [];
    for await (const entry of client.accounts.iterateStatement(accountId, { ...period, limit: 2 }))
      amounts.push(entry.amount);
    expect(amounts).toHaveLength(7);

    const error = await client.accounts
      .statement(accountId, { from: now.toISOString(), to: period.from })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('INVALID_DATA');
  });

  it("gets a 404 CofreApiError for another customer's account", async () => {
    const error = await other.accounts.balances(accountId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).status).toBe(404);
  });
});
