import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { created, ENV, METADATA_RESOURCES } from '../helpers/metadata.js';
import { STEP_MS, postDeposit } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useTestApp } from '../helpers/world.js';

/** The candidate bound the app runs with here (1,000 in service), so few rows go past it. */
const B = 4;
const ITEMS = 26;

interface Item {
  id: string;
}
interface Page {
  data: Item[];
  meta: { nextCursor: string | null; previousCursor: string | null; total: number };
}

/** Item `i`'s pairs: `p` on every other item, `q` on every third, both on every sixth. */
const pairsOf = (i: number) => ({
  team: 'a',
  p: i % 2 === 0 ? 'y' : 'n',
  q: i % 3 === 0 ? 'y' : 'n',
});

// Issue 23, point 2: a metadata-filtered page examines at most B candidates of its driving pair.
// When the matches among them do not fill the page, the page is short (even empty) and its
// cursor continues after the last candidate examined: walking on, forward or back, in either
// order, still returns every matching item exactly once, in order (docs/api.md "Metadata").
describe.each(ENGINES)('metadata-filtered pages past the candidate bound on %s', (engine) => {
  let token: string;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  /** Per list, the ids made and their pairs. */
  const made = new Map<string, { id: string; pairs: Record<string, string> }[]>();

  const lists = [...METADATA_RESOURCES.map((r) => r.path), '/v1/operations'];

  const t = useTestApp(engine, {
    clock,
    env: {
      ...ENV,
      COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      COFRE_RATE_LIMIT_PER_MINUTE: '0',
    },
    metadataFilterCandidates: B,
  });

  beforeAll(async () => {
    ({ token } = await t.customer('Filter pages'));
    const accountId = await activeAccount(t, clock, token);
    for (const path of lists) made.set(path, []);
    for (let i = 0; i < ITEMS; i++) {
      // Some items share a millisecond: the id orders them, in the entries as in the table.
      if (i % 3 !== 1) clock.advance(1);
      const pairs = pairsOf(i);
      for (const resource of METADATA_RESOURCES) {
        const { id } = await created(t, token, resource, pairs);
        made.get(resource.path)!.push({ id, pairs });
      }
      const deposit = await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: '1.00',
        metadata: pairs,
      });
      expect(deposit.statusCode, deposit.body).toBe(201);
      made.get('/v1/operations')!.push({ id: deposit.json<Item>().id, pairs });
    }
  });

  const get = async (path: string, query: string) => {
    const res = await t.as(token, { method: 'GET', url: `${path}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  /** The items of `path` with every pair of `filter`, in the list's order (the filter unused). */
  const expected = async (path: string, filter: Record<string, string>, sortOrder: string) => {
    const matching = new Set(
      made
        .get(path)!
        .filter(({ pairs }) => Object.entries(filter).every(([k, v]) => pairs[k] === v))
        .map(({ id }) => id),
    );
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(
        path,
        `limit=100&sortOrder=${sortOrder}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      all.push(...page.data.map((i) => i.id));
      cursor = page.meta.nextCursor;
    } while (cursor !== null);
    return all.filter((id) => matching.has(id));
  };

  const filterQuery = (filter: Record<string, string>) =>
    Object.entries(filter)
      .map(([k, v]) => `metadata[${k}]=${v}`)
      .join('&');

  describe.each(lists)('%s', (path) => {
    it.each([
      [{ p: 'y', q: 'y' }, 1, 'ASCENDING'],
      [{ p: 'y', q: 'y' }, 3, 'DESCENDING'],
      [{ team: 'a', q: 'y' }, 2, 'ASCENDING'],
      [{ team: 'a', q: 'y' }, 5, 'DESCENDING'],
      [{ team: 'a' }, 3, 'DESCENDING'],
    ] as const)(
      'walks %j by %i %s to the end and back, every match once, in order',
      async (filter, limit, sortOrder) => {
        const want = await expected(path, filter, sortOrder);
        const base = `${filterQuery(filter)}&limit=${limit}&sortOrder=${sortOrder}`;

        const forward: Page[] = [await get(path, base)];
        expect(forward[0]!.meta.previousCursor).toBeNull();
        while (forward.at(-1)!.meta.nextCursor !== null) {
          forward.push(await get(path, `${base}&cursor=${forward.at(-1)!.meta.nextCursor}`));
          expect(forward.length).toBeLessThan(100);
        }
        const seen = forward.flatMap((p) => p.data.map((i) => i.id));
        expect(seen).toEqual(want);
        for (const page of forward) expect(page.data.length).toBeLessThanOrEqual(limit);

        // Back from the last page to the first: the same items, none twice, none missing.
        const last = forward.at(-1)!;
        const back: string[] = [];
        let cursor = last.meta.previousCursor;
        let requests = 0;
        while (cursor !== null) {
          const page = await get(path, `${base}&cursor=${cursor}`);
          back.unshift(...page.data.map((i) => i.id));
          expect(page.meta.nextCursor).not.toBeNull();
          cursor = page.meta.previousCursor;
          expect(++requests).toBeLessThan(100);
        }
        expect([...back, ...last.data.map((i) => i.id)]).toEqual(want);
      },
    );

    it('stops a page short after B candidates and continues from the last one examined', async () => {
      const want = await expected(path, { p: 'y', q: 'y' }, 'ASCENDING');
      // Either pair drives: B candidates of either (every other item, or every third) hold two
      // matches, items 0 and 6, fewer than the limit.
      const first = await get(
        path,
        `${filterQuery({ p: 'y', q: 'y' })}&limit=5&sortOrder=ASCENDING`,
      );
      expect(first.data.map((i) => i.id)).toEqual(want.slice(0, 2));
      expect(first.meta.total).toBe(2);
      expect(first.meta.nextCursor).not.toBeNull();
      expect(first.meta.previousCursor).toBeNull();
    });

    it('refuses the cursor of a short page with another filter', async () => {
      const base = `${filterQuery({ p: 'y', q: 'y' })}&limit=3`;
      let page = await get(path, base);
      while (page.meta.total === 3 || page.meta.nextCursor === null) {
        if (page.meta.nextCursor === null) throw new Error('no short page to continue from');
        page = await get(path, `${base}&cursor=${page.meta.nextCursor}`);
      }
      const res = await t.as(token, {
        method: 'GET',
        url: `${path}?${filterQuery({ p: 'y' })}&limit=3&cursor=${page.meta.nextCursor}`,
      });
      expectProblem(res, 400, 'INVALID_CURSOR');
    });
  });
});
