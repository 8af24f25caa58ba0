import { describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { ASKED_AT, OPENED_AT, useDatedAccount } from '../helpers/dated-ledger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';

interface Balance {
  asset: string;
  available: string;
  pending: string;
  total: string;
}
interface Entry {
  id: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: string;
  asset: string;
  createdAt: string;
}
interface Period {
  from: string;
  to: string;
  opening: Balance[];
  closing: Balance[];
}
interface StatementPage {
  data: Entry[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
  period?: Period;
}

const minor = (text: string) => BigInt(text.replace('.', ''));
const iso = (msAfterOpening: number) => toIso(OPENED_AT + msAfterOpening);

describe.each(ENGINES)('statement for a period on %s', (engine) => {
  const { t, alice } = useDatedAccount(engine);

  const statement = (query: Record<string, string>) =>
    t.as(alice.token, {
      method: 'GET',
      url: `/v1/accounts/${alice.accountId}/statement?${new URLSearchParams(query).toString()}`,
    });
  const balancesAt = async (instant: string) =>
    (
      await t.as(alice.token, {
        method: 'GET',
        url: `/v1/accounts/${alice.accountId}/balances?at=${encodeURIComponent(instant)}`,
      })
    ).json<{ data: Balance[] }>().data;

  it('lists the entries of (from, to] with the balances at from and at to', async () => {
    const res = await statement({ from: iso(2000), to: iso(5000), sortOrder: 'ASCENDING' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<StatementPage>();
    // The deposits booked exactly at `from` are in the opening; the hold booked at `to` is listed.
    expect(page.data.map((e) => [e.direction, e.amount, e.asset, e.createdAt])).toEqual([
      ['DEBIT', '30.00', 'BRL', iso(3000)],
      ['CREDIT', '30.00', 'BRL', iso(4000)],
      ['DEBIT', '20.00', 'BRL', iso(5000)],
    ]);
    expect(page.period).toEqual({
      from: iso(2000),
      to: iso(5000),
      opening: [
        { asset: 'USDT', available: '1.000000', pending: '0.000000', total: '1.000000' },
        { asset: 'BRL', available: '150.00', pending: '0.00', total: '150.00' },
      ],
      closing: [
        { asset: 'USDT', available: '1.000000', pending: '0.000000', total: '1.000000' },
        { asset: 'BRL', available: '130.00', pending: '20.00', total: '150.00' },
      ],
    });
    expect(page.period!.opening).toEqual(await balancesAt(iso(2000)));
    expect(page.period!.closing).toEqual(await balancesAt(iso(5000)));
    expect(page.meta).toEqual({ previousCursor: null, nextCursor: null, total: 3 });
  });

  it('adds up: opening plus the entries of every page is closing, per asset, for any period', async () => {
    const instants = [0, 999, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 10_000];
    for (const [i, from] of instants.entries()) {
      for (const to of instants.slice(i)) {
        const pages = await allPages({ from: iso(from), to: iso(to), limit: '2' });
        const period = pages[0]!.period!;
        for (const page of pages) expect(page.period).toEqual(period);
        for (const opening of period.opening) {
          const closing = period.closing.find((c) => c.asset === opening.asset)!;
          const moved = pages
            .flatMap((p) => p.data)
            .filter((e) => e.asset === opening.asset)
            .reduce((sum, e) => sum + (e.direction === 'CREDIT' ? 1n : -1n) * minor(e.amount), 0n);
          expect(minor(opening.available) + moved, `${opening.asset} (+${from}, +${to}]`).toBe(
            minor(closing.available),
          );
        }
      }
    }
  });

  it('starts the period when the account was opened without from, and ends it now without to', async () => {
    const untilTo = (await statement({ to: iso(1000) })).json<StatementPage>();
    expect(untilTo.period).toMatchObject({ from: iso(0), to: iso(1000) });
    expect(untilTo.period!.opening.map((b) => b.total)).toEqual(['0.000000', '0.00']);
    expect(untilTo.data.map((e) => e.amount)).toEqual(['100.00']);
    const sinceFrom = (await statement({ from: iso(5000) })).json<StatementPage>();
    expect(sinceFrom.period).toMatchObject({ from: iso(5000), to: toIso(ASKED_AT) });
    const now = await t.as(alice.token, {
      method: 'GET',
      url: `/v1/accounts/${alice.accountId}/balances`,
    });
    expect(sinceFrom.period!.closing).toEqual(now.json().data);
    // The capture moves pending only: the period has no entry on available.
    expect(sinceFrom.data).toEqual([]);
    // A `to` before the account was opened: an empty period there, not an error.
    const before = (await statement({ to: '2020-01-01T00:00:00Z' })).json<StatementPage>();
    expect(before.period).toMatchObject({
      from: before.period!.to,
      to: '2020-01-01T00:00:00.000Z',
    });
    expect(before.data).toEqual([]);
  });

  it('keeps the spec page envelope, with no period when neither from nor to is given', async () => {
    const res = await statement({});
    expect(Object.keys(res.json<StatementPage>())).toEqual(['data', 'meta']);
    const narrowed = (await statement({ from: iso(0), asset: 'USDT' })).json<StatementPage>();
    expect(narrowed.period!.opening.map((b) => b.asset)).toEqual(['USDT']);
    expect(narrowed.period!.closing.map((b) => b.asset)).toEqual(['USDT']);
    expect(narrowed.data.map((e) => e.asset)).toEqual(['USDT']);
  });

  it('binds cursors to the period: the same instant in another offset goes on, another period is refused', async () => {
    const first = (
      await statement({ from: iso(0), to: iso(5000), limit: '2' })
    ).json<StatementPage>();
    const cursor = first.meta.nextCursor!;
    // 12:00:05 UTC is 09:00:05 in São Paulo.
    const next = await statement({
      from: iso(0),
      to: '2026-11-01T09:00:05-03:00',
      limit: '2',
      cursor,
    });
    expect(next.statusCode, next.body).toBe(200);
    const ids = (await allPages({ from: iso(0), to: iso(5000), limit: '2' })).flatMap((p) =>
      p.data.map((e) => e.id),
    );
    expect([...first.data, ...next.json<StatementPage>().data].map((e) => e.id)).toEqual(
      ids.slice(0, 4),
    );
    const others: Record<string, string>[] = [
      { from: iso(0), to: iso(6000), limit: '2', cursor },
      { from: iso(1), to: iso(5000), limit: '2', cursor },
      { to: iso(5000), limit: '2', cursor },
      { limit: '2', cursor },
    ];
    for (const query of others) {
      expectProblem(await statement(query), 400, 'INVALID_CURSOR');
    }
  });

  it('refuses from after to, a future instant and one without a time zone, pointing at each', async () => {
    const reversed = expectProblem(
      await statement({ from: iso(3000), to: iso(2000) }),
      400,
      'INVALID_DATA',
    );
    expect(reversed.errors).toEqual([
      expect.objectContaining({ pointer: '/to', code: 'OUT_OF_RANGE' }),
    ]);
    const future = expectProblem(
      await statement({ from: toIso(ASKED_AT + 1), to: toIso(ASKED_AT + 2) }),
      400,
      'INVALID_DATA',
    );
    expect(future.errors?.map((e) => [e.pointer, e.code])).toEqual([
      ['/from', 'OUT_OF_RANGE'],
      ['/to', 'OUT_OF_RANGE'],
    ]);
    const noZone = expectProblem(
      await statement({ from: '2026-11-01T12:00:00' }),
      400,
      'INVALID_DATA',
    );
    expect(noZone.errors).toEqual([expect.objectContaining({ pointer: '/from', in: 'query' })]);
  });

  it('answers an empty period when from equals to, its opening equal to its closing', async () => {
    const page = (await statement({ from: iso(3000), to: iso(3000) })).json<StatementPage>();
    expect(page.data).toEqual([]);
    expect(page.period!.closing).toEqual(page.period!.opening);
  });

  async function allPages(query: Record<string, string>): Promise<StatementPage[]> {
    const pages: StatementPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await statement(cursor ? { ...query, cursor } : query);
      expect(res.statusCode, res.body).toBe(200);
      const page: StatementPage = res.json<StatementPage>();
      pages.push(page);
      cursor = page.meta.nextCursor;
    } while (cursor !== null);
    return pages;
  }
});
