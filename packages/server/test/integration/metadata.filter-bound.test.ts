import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENV } from '../helpers/metadata.js';
import { postDeposit } from '../helpers/operations.js';
import { rowsExamined, StatementSpy, type SpiedStatement } from '../helpers/statement-spy.js';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useSandboxApp } from '../helpers/world.js';

/** The candidate bound the app runs with here (1,000 in service: docs/api.md "Metadata"). */
const B = 20;
/** The most pairs a filter may have. */
const MAX_PAIRS = 10;
/** Operations per round; the second round doubles them. */
const N = 60;

/**
 * The bound docs/api.md "Metadata" states for one request of a filter of `pairs` pairs: a count
 * of at most B+1 index entries per pair, B+1 candidates of the driving pair, B rows of the listed
 * table by primary key and, for each, one primary-key probe per other pair.
 */
const bound = (pairs: number) => pairs * (B + 1) + (B + 1) + B + B * (pairs - 1);

const keys = (n: number, value: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));

/** The issue's shape: operations of 49 pairs, the filter of the most pairs allowed. */
const EVERY_OPERATION = keys(MAX_PAIRS, 'v');
/** Each pair alone matches half the operations or more; all of them together none. */
const NO_OPERATION = { ...keys(MAX_PAIRS - 2, 'v'), p: '0', q: '0' };

interface Page {
  data: { id: string }[];
  meta: { nextCursor: string | null; previousCursor: string | null; total: number };
}

// Issue 23, point 2: any token may send the most pairs a filter allows; what one request makes
// the engine examine is bounded by the documented figure whatever the data, and refused beyond
// the documented maximum of pairs.
describe.each(ENGINES)('metadata filter cost on %s', (engine) => {
  let spy: StatementSpy;

  let token: string;
  let accountId: string;
  /** The operations made so far, oldest first. */
  const operations: string[] = [];

  const { t, clock } = useSandboxApp(engine, {
    env: { ...ENV, COFRE_RATE_LIMIT_PER_MINUTE: '0' },
    appDb: (db) => (spy = new StatementSpy(db)).db,
    metadataFilterCandidates: B,
  });

  beforeAll(async () => {
    ({ token } = await t.customer('Filter cost'));
    accountId = await activeAccount(t, clock, token);
    // 46 pairs on the account, copied to each operation, which adds 3 of its own: 49.
    const patched = await t.as(token, {
      method: 'PATCH',
      url: `/v1/accounts/${accountId}`,
      payload: { metadata: keys(46, 'v') },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });

  const addOperations = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const n = operations.length;
      if (n % 2 === 0) clock.advance(1); // pairs share a millisecond: the id breaks the tie
      const res = await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: '1.00',
        metadata: { n: String(n), p: String(n % 2), q: String((n + 1) % 2) },
      });
      expect(res.statusCode, res.body).toBe(201);
      operations.push(res.json<{ id: string }>().id);
    }
    await t.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
  };

  const query = (filter: Record<string, string>) =>
    Object.entries(filter)
      .map(([k, v]) => `${encodeURIComponent(`metadata[${k}]`)}=${encodeURIComponent(v)}`)
      .join('&');

  /** The statements of the filter: reads of the pairs and of the listed table. */
  const filterStatements = (statements: SpiedStatement[]) =>
    statements.filter((s) => s.sql.includes('metadata_entries') || s.sql.includes('"operations"'));

  /**
   * How many ids a read of the listed table is given (one bound list: a PostgreSQL array, a JSON
   * array on SQLite); Infinity when it is given none, so reads its rows some other way.
   */
  const idsNamed = (statement: SpiedStatement) => {
    for (const value of statement.parameters) {
      if (Array.isArray(value)) return value.length;
      if (typeof value === 'string' && value.startsWith('["')) {
        return (JSON.parse(value) as unknown[]).length;
      }
    }
    return Infinity;
  };

  /**
   * Walks the list to its end, newest first, and answers the ids seen and, per request, the rows
   * its filter statements examined: on PostgreSQL measured by EXPLAIN ANALYZE; SQLite has no such
   * counter (its plans are metadata-filter.query-plan.test.ts's), so there the statements'
   * shape is checked: one count, at most B+1 candidates read, the table read for at most B ids.
   */
  const walk = async (filter: Record<string, string>) => {
    const seen: string[] = [];
    const costs: number[] = [];
    let cursor: string | null = null;
    let requests = 0;
    do {
      const url = `/v1/operations?limit=10&${query(filter)}${cursor ? `&cursor=${cursor}` : ''}`;
      let res: Awaited<ReturnType<TestApp['as']>> | undefined;
      const statements = filterStatements(
        await spy.capture(async () => {
          res = await t.as(token, { method: 'GET', url });
        }),
      );
      expect(res!.statusCode, res!.body).toBe(200);
      const page = res!.json<Page>();
      seen.push(...page.data.map((o) => o.id));
      // One count of the pairs; candidates read in runs, B+1 in all at most; the listed table
      // read for those ids only, B at most.
      const reads = statements.filter((s) => s.sql.includes('"operations"'));
      const counts = statements.filter((s) => s.sql.includes('count(*)'));
      const candidates = statements.filter((s) => !reads.includes(s) && !counts.includes(s));
      expect(counts.length).toBeLessThanOrEqual(1);
      expect(candidates.reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(B + 1);
      const ids = reads.reduce((n, s) => n + idsNamed(s), 0);
      expect(ids, reads.map((s) => s.sql).join('\n')).toBeLessThanOrEqual(B);
      let cost = 0;
      if (engine === 'postgres') {
        for (const statement of statements) cost += await rowsExamined(t.handle.db, statement);
      }
      costs.push(cost);
      cursor = page.meta.nextCursor;
      expect(++requests).toBeLessThan(100);
    } while (cursor !== null);
    return { seen, costs };
  };

  it('refuses a filter of more than 10 pairs on every list, naming the parameter', async () => {
    for (const path of [
      '/v1/accounts',
      '/v1/beneficiaries',
      '/v1/subscriptions',
      '/v1/operations',
    ]) {
      const tooMany = await t.as(token, {
        method: 'GET',
        url: `${path}?${query(keys(MAX_PAIRS + 1, 'v'))}`,
      });
      const problem = expectProblem(tooMany, 400, 'INVALID_DATA');
      expect(problem.errors, path).toContainEqual(
        expect.objectContaining({ pointer: '/metadata', in: 'query', code: 'INVALID_LENGTH' }),
      );
      const most = await t.as(token, {
        method: 'GET',
        url: `${path}?${query(keys(MAX_PAIRS, 'v'))}`,
      });
      expect(most.statusCode, most.body).toBe(200);
    }
  });

  it('examines at most the stated rows per request for the reported shape, however many operations', async () => {
    for (const round of [1, 2]) {
      await addOperations(N);
      const every = await walk(EVERY_OPERATION);
      expect(every.seen, `round ${round}`).toEqual([...operations].reverse());
      const none = await walk(NO_OPERATION);
      expect(none.seen, `round ${round}`).toEqual([]);
      for (const cost of [...every.costs, ...none.costs]) {
        expect(cost, `round ${round}: ${every.costs} / ${none.costs}`).toBeLessThanOrEqual(
          bound(MAX_PAIRS),
        );
      }
    }
  }, 120_000);
});
