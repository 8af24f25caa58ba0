import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMetadataEntries } from '../../src/db/metadata-entries.js';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import type { Metadata } from '../../src/lib/metadata.js';
import { planPage, type SortOrder } from '../../src/lib/pagination.js';
import { listAccounts } from '../../src/modules/accounts/accounts.repository.js';
import type { NewAccountRow } from '../../src/modules/accounts/accounts.table.js';
import type { NewOperationRow } from '../../src/operations/operations.table.js';
import {
  listOperations,
  type OperationFilters,
} from '../../src/operations/operations.repository.js';
import { planOf, StatementSpy, type SpiedStatement } from '../helpers/statement-spy.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

const CUSTOMERS = 4;
/** Rows of each resource for the customer whose lists are planned; the others have fewer. */
const ROWS = 2_500;
const OTHER_ROWS = 1_500;
const T0 = Date.UTC(2026, 0, 1);
const TYPES = ['DEPOSIT', 'WITHDRAWAL', 'SWAP'] as const;
const STATUSES = ['COMPLETED', 'COMPLETED', 'FAILED', 'REQUESTED'] as const;

/** Twelve pairs on every row: some on every row, some on half, a tenth, a hundredth, a few. */
const pairsOf = (i: number): Metadata => ({
  all: 'x',
  half: String(i % 2),
  tenth: String(i % 10),
  hundredth: String(i % 100),
  rare: i % 250 === 0 ? 'y' : 'n',
  ref: `R${i}`,
  k0: 'c',
  k1: 'c',
  k2: 'c',
  k3: 'c',
  k4: 'c',
  k5: 'c',
});

/** The most pairs a filter may have (docs/api.md "Metadata"), the rare one among them. */
const TEN_PAIRS: Metadata = {
  all: 'x',
  half: '0',
  tenth: '0',
  rare: 'y',
  k0: 'c',
  k1: 'c',
  k2: 'c',
  k3: 'c',
  k4: 'c',
  k5: 'c',
};

/**
 * Issue 23, point 2: a metadata-filtered list reads `metadata_entries` as index range reads on
 * (customer_id, resource, key, value, created_at, resource_id) — the bounded counts that choose
 * the driving pair and that pair's candidates in the page's order — and then the listed table by
 * primary key, the other pairs checked by primary-key probes: never a scan or an ordered walk of
 * the listed table, whatever the filter, its pairs, the cursor or the sort order.
 */
describe.each(ENGINES)('metadata filter query plans on %s', (engine) => {
  let t: TestApp;
  let spy: StatementSpy;
  let customerId: string;
  const ids: { accounts: string[]; operations: string[] } = { accounts: [], operations: [] };
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.handle.db;
    spy = new StatementSpy(db);
    for (let c = 0; c < CUSTOMERS; c++) {
      const customer = newId('customer', T0 + c);
      if (c === 0) customerId = customer;
      await db
        .insertInto('customers')
        .values({ id: customer, name: `C${c}`, created_at: T0 + c })
        .execute();
      const rows = c === 0 ? ROWS : OTHER_ROWS;
      const accounts: NewAccountRow[] = [];
      const operations: NewOperationRow[] = [];
      for (let i = 0; i < rows; i++) {
        const at = T0 + i * 1_000 + c;
        const accountId = newId('account', at);
        accounts.push({
          id: accountId,
          customer_id: customer,
          type: 'CHECKING' as const,
          status: 'ACTIVE' as const,
          name: null,
          assets: '[{"asset":"BRL","status":"ACTIVE"}]',
          metadata: JSON.stringify(pairsOf(i)),
          created_at: at,
          updated_at: at,
        });
        operations.push({
          id: newId('operation', at),
          customer_id: customer,
          account_id: accountId,
          type: TYPES[i % TYPES.length]!,
          status: STATUSES[i % STATUSES.length]!,
          asset: 'BRL' as const,
          amount: 1000n,
          details: '{}',
          metadata: JSON.stringify(pairsOf(i)),
          created_at: at,
          updated_at: at,
        });
      }
      for (let i = 0; i < rows; i += 250) {
        await db
          .insertInto('accounts')
          .values(accounts.slice(i, i + 250))
          .execute();
        await db
          .insertInto('operations')
          .values(operations.slice(i, i + 250))
          .execute();
      }
      // The pairs as the services write them, one resource at a time, in a few transactions.
      for (let i = 0; i < rows; i += 500) {
        await db.transaction().execute(async (trx) => {
          for (let j = i; j < Math.min(rows, i + 500); j++) {
            for (const [resource, row] of [
              ['accounts', accounts[j]!],
              ['operations', operations[j]!],
            ] as const) {
              const owner = { resource, resourceId: row.id, customerId: customer };
              await writeMetadataEntries(trx, { ...owner, createdAt: row.created_at }, pairsOf(j));
            }
          }
        });
      }
      if (c === 0) {
        ids.accounts = accounts.map((a) => a.id);
        ids.operations = operations.map((o) => o.id);
      }
    }
  }, 120_000);
  afterAll(() => t.close());

  interface Page {
    metadata: Metadata;
    sortOrder?: SortOrder;
    /** Continue from the row at this index of the seeded rows, NEXT or PREVIOUS. */
    from?: { index: number; direction: 'NEXT' | 'PREVIOUS' };
  }

  const planFor = (resource: 'accounts' | 'operations', page: Page) => {
    const binding = { customerId, scope: 'plan' };
    const sortOrder = page.sortOrder ?? 'DESCENDING';
    const cursor =
      page.from &&
      codec.encode(
        {
          sortValue: T0 + page.from.index * 1_000,
          id: ids[resource][page.from.index]!,
          direction: page.from.direction,
        },
        binding,
      );
    return planPage(
      cursor === undefined ? { limit: 10, sortOrder } : { limit: 10, sortOrder, cursor },
      codec,
      binding,
    );
  };

  /** Every statement one page of the list runs, with its plan. */
  const statementsOf = async (run: () => Promise<unknown>) => {
    const statements = await spy.capture(run);
    return Promise.all(
      statements.map(async (s) => ({ ...s, plan: await planOf(t.handle.db, engine, s) })),
    );
  };

  /** A read of `metadata_entries` by its filter index: ranges in index order, nothing else. */
  const expectCandidateRead = ({ plan }: SpiedStatement & { plan: string }) => {
    if (engine === 'postgres') {
      expect(plan, plan).toMatch(
        /Index Only Scan( Backward)? using metadata_entries_filter_created/,
      );
      expect(plan, plan).not.toMatch(/Seq Scan|Sort|Bitmap|using metadata_entries_pk/);
    } else {
      expect(plan, plan).toContain('USING COVERING INDEX metadata_entries_filter_created');
      expect(plan, plan).not.toMatch(/SCAN metadata_entries|TEMP B-TREE|sqlite_autoindex/);
    }
  };

  /**
   * A read of the listed table by primary key only (the candidates, a derived table under the
   * table's name), the other pairs probed by the entries' primary key: no other index of the
   * table, no scan of it.
   */
  const expectPrimaryKeyRead = ({ plan }: SpiedStatement & { plan: string }, table: string) => {
    const lines = plan.split('\n');
    if (engine === 'postgres') {
      expect(plan, plan).toMatch(
        new RegExp(
          `(Index Scan using ${table}_pkey on ${table}|Bitmap Index Scan on ${table}_pkey)`,
        ),
      );
      for (const line of lines) {
        expect(line, plan).not.toMatch(
          new RegExp(`Seq Scan on ${table}|(using|on) ${table}_(?!pkey)`),
        );
      }
    } else {
      // The ids (json_each) are the outer loop, each row sought by primary key; the derived table
      // is a co-routine, whose one SCAN is of those rows.
      expect(plan, plan).toContain(`CO-ROUTINE ${table}`);
      expect(plan, plan).toContain('SCAN c VIRTUAL TABLE');
      expect(plan, plan).toContain(`SEARCH r USING INDEX sqlite_autoindex_${table}_1 (id=?)`);
      const scans = lines.filter((l) => l.startsWith('SCAN ') && !l.startsWith('SCAN c VIRTUAL'));
      expect(scans, plan).toEqual([`SCAN ${table}`]);
      expect(plan, plan).not.toMatch(new RegExp(`${table}_(customer|created|status|type)`));
    }
    for (const line of lines.filter((l) =>
      /(Scan|SEARCH|SCAN)\b.*\b(metadata_entries|me)\b/.test(l),
    )) {
      expect(line, plan).toMatch(/metadata_entries_pk|sqlite_autoindex_metadata_entries_1/);
    }
  };

  /** The page's statements: the entries read (counts, when several pairs, and candidates), then the table. */
  const expectBoundedPlan = async (
    table: 'accounts' | 'operations',
    run: () => Promise<unknown>,
    pairs: number,
  ) => {
    const statements = await statementsOf(run);
    const reads = statements.filter((s) => s.sql.includes(`"${table}"`));
    const entries = statements.filter((s) => s.sql.startsWith('select') && !reads.includes(s));
    // The listed table read in runs of candidates, each by primary key.
    expect(reads.length, statements.map((s) => s.sql).join('\n')).toBeGreaterThanOrEqual(1);
    for (const read of reads) expectPrimaryKeyRead(read, table);
    // Candidates read in runs; the pairs counted at most once, in one statement (when there are
    // several and the first run did not fill the page).
    const counts = entries.filter((s) => s.sql.includes('count(*)'));
    expect(counts.length).toBeLessThanOrEqual(pairs > 1 ? 1 : 0);
    expect(entries.length - counts.length).toBeGreaterThanOrEqual(1);
    for (const statement of entries) expectCandidateRead(statement);
    return { counts: counts.length };
  };

  const accountPages: [string, Page][] = [
    ['one pair', { metadata: { half: '1' } }],
    [
      'three pairs, ascending',
      { metadata: { half: '1', tenth: '3', all: 'x' }, sortOrder: 'ASCENDING' },
    ],
    ['ten pairs, one of them rare', { metadata: TEN_PAIRS }],
    ['ten pairs from a cursor', { metadata: TEN_PAIRS, from: { index: 900, direction: 'NEXT' } }],
    [
      'two pairs backwards from a cursor',
      { metadata: { half: '0', tenth: '4' }, from: { index: 700, direction: 'PREVIOUS' } },
    ],
    [
      'two pairs ascending from a cursor',
      {
        metadata: { all: 'x', hundredth: '7' },
        sortOrder: 'ASCENDING',
        from: { index: 300, direction: 'NEXT' },
      },
    ],
  ];

  /** Every case, as a page of the list is planned with the statistics the engine has now. */
  const cases = () => {
    it.each(accountPages)(
      'lists accounts by %s through the entries index, then by id',
      async (_, page) => {
        await expectBoundedPlan(
          'accounts',
          () =>
            listAccounts(
              spy.db,
              customerId,
              { metadata: page.metadata },
              planFor('accounts', page),
            ),
          Object.keys(page.metadata).length,
        );
      },
    );

    type OperationPage = Page & Pick<OperationFilters, 'types' | 'statuses'>;
    const operationPages: [string, OperationPage][] = [
      ['one pair', { metadata: { tenth: '1' } }],
      ['ten pairs', { metadata: TEN_PAIRS, sortOrder: 'ASCENDING' }],
      [
        'a type and a status with two pairs',
        { metadata: { half: '1', all: 'x' }, types: ['DEPOSIT'], statuses: ['COMPLETED'] },
      ],
      [
        'two pairs backwards from a cursor',
        { metadata: { half: '1', k0: 'c' }, from: { index: 1_000, direction: 'PREVIOUS' } },
      ],
    ];

    it.each(operationPages)(
      'lists operations by %s through the entries index, then by id',
      async (_, page) => {
        const filters: OperationFilters = {
          metadata: page.metadata,
          types: page.types,
          statuses: page.statuses,
        };
        await expectBoundedPlan(
          'operations',
          () => listOperations(spy.db, customerId, filters, planFor('operations', page)),
          Object.keys(page.metadata).length,
        );
      },
    );

    it('counts the pairs in one statement of index-only ranges when matches are rare', async () => {
      // The first run (the first pair's candidates) holds no match: the pairs are counted.
      const { counts } = await expectBoundedPlan(
        'accounts',
        () =>
          listAccounts(
            spy.db,
            customerId,
            { metadata: TEN_PAIRS },
            planFor('accounts', { metadata: TEN_PAIRS }),
          ),
        10,
      );
      expect(counts).toBe(1);
    });

    it('lists operations in a time window through the entries index, then by id', async () => {
      const window = { from: T0 + 200_000, to: T0 + 1_200_000 };
      await expectBoundedPlan(
        'operations',
        () =>
          listOperations(
            spy.db,
            customerId,
            { metadata: { half: '1', k0: 'c' }, ...window },
            planFor('operations', { metadata: {} }),
          ),
        2,
      );
    });
  };

  // SQLite in service has no statistics (cofre never runs ANALYZE), so its planner falls back
  // on its heuristics; PostgreSQL's autovacuum analyzes in the end. Both states are planned.
  describe('without statistics', cases);
  describe('after ANALYZE', () => {
    beforeAll(async () => {
      await t.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
    });
    cases();
  });
});
