import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import type { Metadata } from '../../lib/metadata.js';
import { readListPage } from '../../db/metadata-filter.js';
import type { KeysetPlan, KeysetRead } from '../../lib/pagination.js';
import type { SubscriptionRow, SubscriptionStatus } from './subscriptions.table.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';

export async function findSubscription(
  db: Db,
  customerId: string,
  id: string,
  dialect?: Dialect,
): Promise<SubscriptionRow | undefined> {
  if (dialect === undefined) {
    const [row] = await runHotRead(db, SUBSCRIPTION_OF_CUSTOMER, { customerId, id });
    return row;
  }
  // With a dialect the row is locked (PostgreSQL) until commit: a PATCH's read-merge-write.
  return dialect.forUpdate(subscriptionOf(db, customerId, id)).executeTakeFirst();
}

/** The columns of a subscription, named (a hot read never selects *: db/hot-reads.ts). */
const subscriptionOf = (db: Db, customerId: string, id: string) =>
  db
    .selectFrom('subscriptions')
    .select([
      'id',
      'customer_id',
      'client_id',
      'url',
      'include_all',
      'resources',
      'allow_retry',
      'status',
      'max_concurrency',
      'signature_format',
      'transport',
      'signing_key',
      'message_sequence',
      'metadata',
      'disabled_at',
      'disabled_reason',
      'created_at',
      'updated_at',
      'deleted_at',
    ])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);

/** A subscription of a customer: a hot read (db/hot-reads.ts). */
const SUBSCRIPTION_OF_CUSTOMER = hotRead(
  'subscription_of_customer',
  ['customerId', 'id'],
  (db, v: { customerId: string; id: string }) => subscriptionOf(db, v.customerId, v.id),
);

export async function countSubscriptions(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the customer's subscriptions; `candidates` is the metadata filter's bound (db/metadata-filter.ts). */
export async function listSubscriptions(
  db: Db,
  customerId: string,
  filters: { status?: SubscriptionStatus | undefined; metadata?: Metadata | undefined },
  plan: KeysetPlan,
  candidates?: number,
): Promise<KeysetRead<SubscriptionRow>> {
  const list = { resource: 'subscriptions', customerId, candidates } as const;
  return readListPage(db, plan, list, filters.metadata, (rows) => {
    const query = rows
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null);
    return filters.status ? query.where('status', '=', filters.status) : query;
  });
}

export async function insertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/**
 * Writes the editable fields of a subscription (the caller has found it for the customer), never
 * its message counter: the fan-out alone moves that (events/message-sequences.ts).
 */
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
      signing_key: row.signing_key,
      client_id: row.client_id,
      status: row.status,
      disabled_at: row.disabled_at,
      disabled_reason: row.disabled_reason,
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
