import type { Db } from '../../db/database.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import type { SubscriptionRow, SubscriptionStatus } from './subscriptions.table.js';

export async function findSubscription(
  db: Db,
  customerId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
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
  filters: { status?: SubscriptionStatus | undefined },
  plan: KeysetPlan,
): Promise<SubscriptionRow[]> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null);
  if (filters.status) query = query.where('status', '=', filters.status);
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}

/** Message ids of a subscription in a state, oldest first. */
export async function messageIdsIn(
  db: Db,
  subscriptionId: string,
  statuses: ('PENDING' | 'HELD')[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
