import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface PageBody {
  data: { id: string; createdAt: string }[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

/**
 * Paging forward then back returns exactly the same items, with no duplicates or gaps, in both
 * sort orders, while rows are inserted between requests (BRIEF "Pagination").
 */
describe.each(ENGINES)('pagination walks on %s', (engine) => {
  // Time advances only when the test says so, so many rows share a timestamp and the id breaks ties.
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  const t = useTestApp(engine, { clock, env: { COFRE_RATE_LIMIT_PER_MINUTE: '0' } });

  const open = async (token: string, tick: boolean) => {
    if (tick) clock.advance(1);
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const page = async (token: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await t.as(token, { method: 'GET', url: `/v1/accounts?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageBody>();
  };

  it('returns the same pages forward and back, with inserts in between', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          initial: fc.integer({ min: 0, max: 30 }),
          limit: fc.integer({ min: 1, max: 7 }),
          sortOrder: fc.constantFrom('ASCENDING', 'DESCENDING'),
          ticks: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
          // How many rows to insert before each request (cycled).
          inserts: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 10 }),
        }),
        async ({ initial, limit, sortOrder, ticks, inserts }) => {
          const { token } = await t.customer();
          const initialIds: string[] = [];
          for (let i = 0; i < initial; i++) initialIds.push(await open(token, ticks[i]!));
          const expectedOrder =
            sortOrder === 'ASCENDING' ? [...initialIds] : [...initialIds].reverse();

          // Inserts are bounded, or an ascending walk with a small limit would never reach the end.
          let step = 0;
          let budget = 12;
          const insertSome = async () => {
            const n = Math.min(budget, inserts[step++ % inserts.length]!);
            budget -= n;
            for (let i = 0; i < n; i++) await open(token, true);
          };

          // Forward walk.
          const forward: PageBody[] = [];
          let current = await page(token, { limit, sortOrder });
          expect(current.meta.previousCursor).toBeNull();
          forward.push(current);
          while (current.meta.nextCursor !== null) {
            await insertSome();
            current = await page(token, {
              limit,
              sortOrder,
              cursor: current.meta.nextCursor,
              direction: 'NEXT',
            });
            forward.push(current);
            expect(forward.length).toBeLessThan(200);
          }
          const seen = forward.flatMap((p) => p.data.map((a) => a.id));
          expect(new Set(seen).size).toBe(seen.length);
          // Every row that existed at the start appears once, in order; in ASCENDING order rows
          // inserted during the walk may follow them.
          expect(seen.slice(0, expectedOrder.length)).toEqual(expectedOrder);
          if (sortOrder === 'DESCENDING') expect(seen).toEqual(expectedOrder);
          for (const p of forward.slice(0, -1)) expect(p.meta.total).toBe(limit);

          // Backward walk from the last page, inserting as we go.
          for (let i = forward.length - 1; i > 0; i--) {
            await insertSome();
            const back = await page(token, {
              limit,
              sortOrder,
              cursor: forward[i]!.meta.previousCursor!,
              direction: 'PREVIOUS',
            });
            expect(back.data.map((a) => a.id)).toEqual(forward[i - 1]!.data.map((a) => a.id));
            expect(back.meta.nextCursor).not.toBeNull();
            if (i - 1 === 0 && sortOrder === 'ASCENDING')
              expect(back.meta.previousCursor).toBeNull();
            // Going forward again from a page reached backwards lands on the page we came from.
            const again = await page(token, { limit, sortOrder, cursor: back.meta.nextCursor! });
            expect(again.data.map((a) => a.id).slice(0, forward[i]!.data.length)).toEqual(
              forward[i]!.data.map((a) => a.id),
            );
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});
