import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { balancesOf, type OperationBody } from '../helpers/operations.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useSandboxApp } from '../helpers/world.js';

// Issue 8 point 11: a quote is consumed by exactly one operation, however many race for it,
// and a refused operation leaves no trace: no operation, no hold, no event, the quote unused.
describe.each(ENGINES)('quote consumption under concurrency on %s', (engine) => {
  let token: string;

  const { t, clock } = useSandboxApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  const quote = async (accountId: string, sourceAmount: string) => {
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount,
    });
    return quote.id;
  };
  const swap = (accountId: string, quoteId: string) =>
    t.as(token, { method: 'POST', url: '/v1/operations/swap', payload: { accountId, quoteId } });
  const count = async (table: 'events' | 'operations' | 'ledger_holds') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ten swaps racing for one quote: one 201, nine QUOTE_ALREADY_CONSUMED naming it', async () => {
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const quoteId = await quote(accountId, '10.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => swap(accountId, quoteId)));
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    const winner = won[0]!.json<OperationBody>().id;
    for (const lost of answers.filter((r) => r.statusCode !== 201)) {
      const problem = expectProblem(lost, 422, 'QUOTE_ALREADY_CONSUMED');
      expect(problem.details).toEqual({ quoteId, consumedByOperationId: winner });
    }
    expect((await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')).toMatchObject({
      available: '90.00',
      pending: '10.00',
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('swaps racing on one balance never overdraw it; the refused ones leave their quotes unused', async () => {
    const accountId = await activeAccount(t, clock, token, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '30.00' },
    });
    const quotes = await Promise.all(Array.from({ length: 8 }, () => quote(accountId, '10.00')));
    const [events, operations, holds] = [
      await count('events'),
      await count('operations'),
      await count('ledger_holds'),
    ];
    const answers = await Promise.all(quotes.map((id) => swap(accountId, id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expectProblem(refused, 422, 'INSUFFICIENT_BALANCE');
    }
    // Exactly three operations, holds and OPERATION_REQUESTED events were added.
    expect(await count('operations')).toBe(operations + 3);
    expect(await count('ledger_holds')).toBe(holds + 3);
    expect(await count('events')).toBe(events + 3);
    const unused = await Promise.all(
      quotes.map(async (id) => {
        const res = await t.as(token, { method: 'GET', url: `/v1/quotes/${id}` });
        return res.json<{ operationId: string | null }>().operationId;
      }),
    );
    expect(unused.filter((op) => op === null)).toHaveLength(5);
    expect((await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')).toMatchObject({
      available: '0.00',
      pending: '30.00',
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
