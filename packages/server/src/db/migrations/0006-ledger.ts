import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (docs/architecture.md "Ledger"). Amounts are integer minor units in
 * bigint columns. `ledger_balances` is a projection of `ledger_entries`, updated in the same
 * transaction as the entries are written; `cofre ledger verify` recomputes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createBalances(db);
  await createSystemAccounts(db);
  await createJournals(db);
  await createEntries(db);
  await createHolds(db);
}

/** ledger_balances, with the checks behind the conditional updates. */
async function createBalances(db: Kysely<unknown>): Promise<void> {
  // One row per (ledger account, asset): a customer account (`acc_…`) or a system account
  // (`sys_clearing`, `sys_fees`), which stands for money outside cofre and so may go negative.
  await db.schema
    .createTable('ledger_balances')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('available', 'bigint', (c) => c.notNull())
    .addColumn('pending', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_balances_pk', ['account_id', 'asset'])
    .addCheckConstraint('ledger_balances_kind', sql`kind in ('CUSTOMER', 'SYSTEM')`)
    // The last line of defence behind the conditional updates: a customer balance never goes
    // below zero, whatever code path tries.
    .addCheckConstraint(
      'ledger_balances_non_negative',
      sql`kind = 'SYSTEM' or (available >= 0 and pending >= 0)`,
    )
    // better-sqlite3 reads integers as JS numbers and would round beyond 2^53 without a word;
    // the engine refuses such a balance instead (PostgreSQL's reader also throws, create-db.ts).
    .addCheckConstraint(
      'ledger_balances_safe_integers',
      sql`available between -9007199254740991 and 9007199254740991 and pending between -9007199254740991 and 9007199254740991`,
    )
    .execute();
}

/** The system accounts' rows of every asset. */
async function createSystemAccounts(db: Kysely<unknown>): Promise<void> {
  // The system accounts of every asset exist from the start, so postings never create rows on
  // the hot path. (A later asset adds its rows in its own migration.)
  const now = Date.now();
  await db
    .insertInto('ledger_balances' as never)
    .values(
      ['sys_clearing', 'sys_fees'].flatMap((account_id) =>
        ['BRL', 'USDT', 'USDC', 'BTC'].map((asset) => ({
          account_id,
          asset,
          kind: 'SYSTEM',
          available: 0,
          pending: 0,
          version: 0,
          created_at: now,
          updated_at: now,
        })),
      ),
    )
    .execute();
}

/** ledger_journals: one per movement. */
async function createJournals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_journals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** ledger_entries, their statement indexes, and the triggers that keep entries and journals as they were written. */
async function createEntries(db: Kysely<unknown>): Promise<void> {
  // Append-only: no code path updates or deletes an entry. Each posts to one bucket (available
  // or pending) of one balance row and records that bucket's value after it.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('journal_id', 'text', (c) => c.notNull().references('ledger_journals.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The entry's place in its balance row's history: digits only, fixed width, from the
    // row's booking time (never earlier than the row's previous entry) and its version, so
    // ordering by it follows the balanceAfter chain even when transactions commit out of the
    // order of their clocks. The statement is keyset-paginated on (position, id).
    .addColumn('position', 'text', (c) => c.notNull())
    .addForeignKeyConstraint(
      'ledger_entries_balance_fk',
      ['account_id', 'asset'],
      'ledger_balances',
      ['account_id', 'asset'],
    )
    .addCheckConstraint('ledger_entries_amount_positive', sql`amount > 0`)
    .addCheckConstraint('ledger_entries_direction', sql`direction in ('CREDIT', 'DEBIT')`)
    .addCheckConstraint('ledger_entries_bucket', sql`bucket in ('AVAILABLE', 'PENDING')`)
    .execute();
  // The statement: one account's entries of one bucket, by time, optionally of one asset.
  await db.schema
    .createIndex('ledger_entries_statement')
    .on('ledger_entries')
    .columns(['account_id', 'bucket', 'position', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_statement_asset')
    .on('ledger_entries')
    .columns(['account_id', 'asset', 'bucket', 'position', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_journal')
    .on('ledger_entries')
    .column('journal_id')
    .execute();
  await forbidRewrites(db, ['ledger_journals', 'ledger_entries']);
}

/** ledger_holds: money moved from available to pending until captured or released. */
async function createHolds(db: Kysely<unknown>): Promise<void> {
  // A hold moves money from available to pending until it is captured (the money leaves) or
  // released (it comes back), exactly once: HELD → CAPTURED | RELEASED by compare-and-set.
  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('hold_journal_id', 'text', (c) => c.notNull())
    .addColumn('settle_journal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addForeignKeyConstraint(
      'ledger_holds_balance_fk',
      ['account_id', 'asset'],
      'ledger_balances',
      ['account_id', 'asset'],
    )
    .addCheckConstraint('ledger_holds_amount_positive', sql`amount > 0`)
    .addCheckConstraint('ledger_holds_status', sql`status in ('HELD', 'CAPTURED', 'RELEASED')`)
    .execute();
  await db.schema
    .createIndex('ledger_holds_account')
    .on('ledger_holds')
    .columns(['account_id', 'asset', 'status'])
    .execute();
  await db.schema
    .createIndex('ledger_holds_operation')
    .on('ledger_holds')
    .column('operation_id')
    .execute();
}

/**
 * Entries and journals are history: the database itself refuses to update or delete them, so
 * no code path (and no hand-run query) can rewrite what a balance was computed from. A
 * correction is a new journal. Trigger syntax differs by engine; the adapter tells them apart.
 */
async function forbidRewrites(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of tables) {
      for (const event of ['UPDATE', 'DELETE']) {
        await sql
          .raw(
            `create trigger ${table}_no_${event.toLowerCase()} before ${event} on ${table} ` +
              `begin select raise(abort, '${table} rows are immutable'); end`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql
    .raw(
      `create function cofre_ledger_immutable() returns trigger language plpgsql as $$ ` +
        `begin raise exception '% rows are immutable', tg_table_name; end $$`,
    )
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(
        `create trigger ${table}_immutable before update or delete on ${table} ` +
          `for each row execute function cofre_ledger_immutable()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping a table drops its triggers; the PostgreSQL function goes after.
  await db.schema.dropTable('ledger_holds').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_journals').execute();
  await db.schema.dropTable('ledger_balances').execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop function if exists cofre_ledger_immutable()`.execute(db);
  }
}
