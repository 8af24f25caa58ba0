import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { QuoteRow } from './quotes.table.js';

export async function insertQuote(db: Db, quote: QuoteRow): Promise<void> {
  await db.insertInto('quotes').values(quote).execute();
}

export function findQuote(
  db: Db | Trx,
  customerId: string,
  quoteId: string,
): Promise<QuoteRow | undefined> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', quoteId)
    .executeTakeFirst();
}

/**
 * Marks the quote used by `operationId` if it is this account's, unused and not expired at
 * `now` — one conditional UPDATE, so of two operations racing for one quote exactly one gets it
 * (PostgreSQL re-checks the WHERE after the first commits; SQLite has one writer).
 */
export function claimQuote(
  trx: Trx,
  input: {
    customerId: string;
    accountId: string;
    quoteId: string;
    operationId: string;
    now: number;
  },
): Promise<QuoteRow | undefined> {
  return trx
    .updateTable('quotes')
    .set({ consumed_at: input.now, operation_id: input.operationId })
    .where('id', '=', input.quoteId)
    .where('customer_id', '=', input.customerId)
    .where('account_id', '=', input.accountId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returningAll()
    .executeTakeFirst();
}
