import { sql, type Kysely } from 'kysely';

/** Rows per house account and asset; ledger/balances.repository.ts HOUSE_SHARDS is the same. */
const SHARDS = 16;

/**
 * Issue 17, point 3: every settlement of every customer credits or debits a house account
 * (sys_clearing, sys_fees, sys_exchange), and each had one balance row per asset, so they all
 * waited on it. Each house account and asset now has 16 rows — the account itself, then `~2` …
 * `~16`, the names the int64 spill rows of migration 0018 already used, so a spill row that
 * exists simply becomes one of them — and a journal posts to the one its operation picks
 * (ledger/balances.repository.ts applyToHouse). The account's balance is the sum of its rows, as
 * it already was for the spill (houseBalance). New rows start at zero, so no balance changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const shards = Array.from({ length: SHARDS - 1 }, (_, i) => `~${i + 2}`);
  // A union rather than VALUES: SQLite names VALUES columns itself (no column alias list).
  const suffixes = sql.join(
    shards.map((suffix) => sql`select cast(${suffix} as text) as suffix`),
    sql` union all `,
  );
  await sql`
    insert into ledger_balances (account_id, asset, kind, available, pending, version, created_at, updated_at)
    select b.account_id || s.suffix, b.asset, 'SYSTEM', 0, 0, 0, b.created_at, b.created_at
      from ledger_balances b
      cross join (${suffixes}) as s
     where b.kind = 'SYSTEM' and b.account_id not like '%~%'
    on conflict (account_id, asset) do nothing`.execute(db);
}

/** The added rows that never moved; a shard that holds money stays (its entries name it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from ledger_balances
     where kind = 'SYSTEM' and account_id like '%~%' and version = 0
       and not exists (select 1 from ledger_entries e
                        where e.account_id = ledger_balances.account_id
                          and e.asset = ledger_balances.asset)`.execute(db);
}
