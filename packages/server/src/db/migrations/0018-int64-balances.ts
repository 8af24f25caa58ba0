import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 16, point 0: balances are bounded by int8 (2^63 − 1 minor units), not by JavaScript's
 * safe integer. Amounts are BigInt in code (lib/money.ts, db/int64-columns.ts), so the CHECK of
 * 0006 (`ledger_balances_safe_integers`, ±(2^53 − 1)) becomes `ledger_balances_int64`, ±(2^63 − 1):
 * on PostgreSQL the column type bounds it already; on SQLite an arithmetic overflow would turn
 * the value into a float, which this refuses.
 *
 * PostgreSQL swaps the constraint. SQLite cannot alter a CHECK, so the table is rebuilt by the
 * procedure of https://www.sqlite.org/lang_altertable.html#otheralter (foreign keys off, copy,
 * drop, rename, foreign_key_check), which keeps ledger_entries' and ledger_holds' references.
 * Kysely runs SQLite migrations outside a transaction, so the pragma can be set here.
 */
const INT64 = (bound: string) =>
  sql.raw(`available between -${bound} and ${bound} and pending between -${bound} and ${bound}`);
const INT64_BOUND = '9223372036854775807';
const SAFE_BOUND = '9007199254740991';

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceBound(db, 'ledger_balances_safe_integers', 'ledger_balances_int64', INT64_BOUND);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceBound(db, 'ledger_balances_int64', 'ledger_balances_safe_integers', SAFE_BOUND);
}

async function replaceBound(
  db: Kysely<unknown>,
  from: string,
  to: string,
  bound: string,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await db.schema.alterTable('ledger_balances').dropConstraint(from).execute();
    await db.schema.alterTable('ledger_balances').addCheckConstraint(to, INT64(bound)).execute();
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      // The table of 0006, but for the bound's constraint.
      await trx.schema
        .createTable('ledger_balances_new')
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
        .addCheckConstraint(
          'ledger_balances_non_negative',
          sql`kind = 'SYSTEM' or (available >= 0 and pending >= 0)`,
        )
        .addCheckConstraint(to, INT64(bound))
        .execute();
      await sql`insert into ledger_balances_new select account_id, asset, kind, available, pending, version, created_at, updated_at from ledger_balances`.execute(
        trx,
      );
      await trx.schema.dropTable('ledger_balances').execute();
      await trx.schema.alterTable('ledger_balances_new').renameTo('ledger_balances').execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('ledger_balances rebuild broke a foreign key');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
