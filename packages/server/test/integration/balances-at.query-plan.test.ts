import { CompiledQuery, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastEntryQuery } from '../../src/ledger/balances-at.js';
import { entryPosition } from '../../src/ledger/journal.repository.js';
import { statementPageQuery } from '../../src/ledger/statement.repository.js';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import { planPage } from '../../src/lib/pagination.js';
import { planOf as planOfStatement } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const ACCOUNTS = 4;
const ENTRIES_PER_ACCOUNT = 1_600;
const T0 = Date.UTC(2026, 0, 1);
const ASSETS = ['BRL', 'USDT'] as const;
const BUCKETS = ['AVAILABLE', 'PENDING'] as const;

/**
 * Balances at an instant and a period's statement page read the ledger through its indexes on
 * both engines (ledger_entries_statement_asset, ledger_entries_statement from migration 0006):
 * one seek per asset and bucket for a balance, no table scan and no sort for a page — their cost
 * does not grow with the account's history.
 */
describe.each(ENGINES)('balances at an instant: query plans on %s', (engine) => {
  const accountId = (n: number) => `acc_plan${n}`;
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  const t = useTestApp(engine);

  beforeAll(async () => {
    const db = t.handle.db;
    for (let n = 0; n < ACCOUNTS; n++) {
      await db
        .insertInto('ledger_balances')
        .values(
          ASSETS.map((asset) => ({
            account_id: accountId(n),
            asset,
            kind: 'CUSTOMER' as const,
            available: 0n,
            pending: 0n,
            version: 0,
            created_at: T0,
            updated_at: T0,
          })),
        )
        .execute();
      // The plans do not depend on the journals balancing: one journal holds the account's lines.
      const journalId = newId('journal', T0);
      await db
        .insertInto('ledger_journals')
        .values({
          id: journalId,
          kind: 'DEPOSIT',
          operation_id: null,
          description: 'x',
          created_at: T0,
        })
        .execute();
      const entries = Array.from({ length: ENTRIES_PER_ACCOUNT }, (_, i) => ({
        id: newId('entry', T0 + i * 1_000),
        journal_id: journalId,
        account_id: accountId(n),
        asset: ASSETS[i % 2]!,
        bucket: BUCKETS[Math.floor(i / 2) % 2]!,
        direction: 'CREDIT' as const,
        amount: 1n,
        balance_after: BigInt(i),
        operation_id: null,
        description: 'x',
        created_at: T0 + i * 1_000,
        position: entryPosition({ updated_at: T0 + i * 1_000, version: i }, 0),
      }));
      for (let i = 0; i < entries.length; i += 400) {
        await db
          .insertInto('ledger_entries')
          .values(entries.slice(i, i + 400))
          .execute();
      }
    }
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  /** The engine's plan of a query, as text lines. */
  const planOf = (query: Compilable): Promise<string> =>
    planOfStatement(t.handle.db, engine, query.compile());

  /** Read through `index` in order: no full scan of the table, no sort step. */
  const expectIndexOrder = (plan: string, index: string) => {
    expect(plan).toContain(index);
    if (engine === 'postgres') {
      expect(plan).not.toMatch(/Seq Scan on ledger_entries|Sort/);
    } else {
      expect(plan).not.toMatch(/SCAN ledger_entries(?! USING)|TEMP B-TREE/);
    }
  };

  it('finds the last entry at or before an instant with one index seek', async () => {
    const query = lastEntryQuery(t.handle.db, accountId(1), 'BRL', 'AVAILABLE', T0 + 700_000);
    expectIndexOrder(await planOf(query), 'ledger_entries_statement_asset');
    // And it is the right entry: the last BRL AVAILABLE one booked by then (entries cycle through
    // BRL AVAILABLE, USDT AVAILABLE, BRL PENDING, USDT PENDING, one a second), at it included.
    expect(await query.executeTakeFirst()).toEqual({ balance_after: 700n });
    const before = lastEntryQuery(t.handle.db, accountId(1), 'BRL', 'AVAILABLE', T0 + 699_999);
    expect(await before.executeTakeFirst()).toEqual({ balance_after: 696n });
  });

  it.each([
    ['one asset', 'BRL', 'ledger_entries_statement_asset'],
    ['every asset', undefined, 'ledger_entries_statement'],
  ] as const)('reads a period of %s in index order', async (_, asset, index) => {
    const plan = planPage({ limit: 10 }, codec, { customerId: 'c', scope: 'plan' });
    const query = statementPageQuery(
      t.handle.db,
      accountId(2),
      { asset, bookedAfter: T0 + 100_000, bookedUntil: T0 + 900_000 },
      plan,
    );
    expectIndexOrder(await planOf(query), index);
  });
});
