import type { Kysely } from 'kysely';

/**
 * Money II (docs/api.md "Quotes", "Rates"): quotes, the production rate table, and the
 * `sys_exchange` system account — the desk on the other side of every conversion (swaps, orders,
 * quoted withdrawals and deposits), one balance row per asset, which may go negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('source_asset', 'text', (c) => c.notNull())
    .addColumn('target_asset', 'text', (c) => c.notNull())
    .addColumn('source_amount', 'bigint', (c) => c.notNull())
    .addColumn('target_amount', 'bigint', (c) => c.notNull())
    .addColumn('converted_amount', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('fees', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('operation_id', 'text')
    .execute();
  await db.schema
    .createIndex('quotes_customer_created')
    .on('quotes')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['base', 'quote'])
    .execute();

  const now = Date.now();
  await db
    .insertInto('ledger_balances' as never)
    .values(
      ['BRL', 'USDT', 'USDC', 'BTC'].map((asset) => ({
        account_id: 'sys_exchange',
        asset,
        kind: 'SYSTEM',
        available: 0,
        pending: 0,
        version: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('ledger_balances' as never)
    .where('account_id' as never, '=', 'sys_exchange' as never)
    .execute();
  await db.schema.dropTable('exchange_rates').execute();
  await db.schema.dropTable('quotes').execute();
}
