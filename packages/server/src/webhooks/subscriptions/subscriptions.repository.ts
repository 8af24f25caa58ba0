import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { Metadata } from '../../lib/metadata.js';
import { whereMetadata } from '../../db/metadata-entries.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import type { SubscriptionRow, SubscriptionStatus } from './subscriptions.table.js';

export async function findSubscription(
  db: Db,
  customerId: string,
  id: string,
  dialect?: Dialect,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  // With a dialect the row is locked (PostgreSQL) until commit: a PATCH's read-merge-write.
  return (dialect ? dialect.forUpdate(query) : query).executeTakeFirst();
}

export async function countSubscriptions(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubscriptions(
  db: Db,
  customerId: string,
  filters: { status?: SubscriptionStatus | undefined; metadata?: Metadata | undefined },
  plan: KeysetPlan,
): Promise<SubscriptionRow[]> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null);
  if (filters.status) query = query.where('status', '=', filters.status);
  query = whereMetadata(
    query,
    { resource: 'subscriptions', customerId, idColumn: 'subscriptions.id' },
    filters.metadata,
  );
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}

export async function insertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/** Writes the editable fields of a subscription (the caller has found it for the customer). */
export async function updateSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      url: row.url,
      include_all: row.include_all,
      resources: row.resources,
      allow_retry: row.allow_retry,
      max_concurrency: row.max_concurrency,
      signature_format: row.signature_format,
      status: row.status,
      metadata: row.metadata,
      updated_at: row.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Soft delete: the row stays for its execution logs, but no read or event sees it again. */
export async function markSubscriptionDeleted(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the customer's row (PostgreSQL; SQLite has one writer) so concurrent creations of one
 * customer's subscriptions run one at a time and the per-customer limit holds.
 */
export async function lockCustomerSubscriptions(
  db: Db,
  dialect: Dialect,
  customerId: string,
): Promise<void> {
  await dialect
    .forUpdate(db.selectFrom('customers').select('id').where('id', '=', customerId))
    .execute();
}
