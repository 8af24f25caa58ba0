import type { Db } from '../../db/database.js';
import type { SubscriptionSecretRow } from './subscription-secrets.table.js';

export async function insertSubscriptionSecret(db: Db, row: SubscriptionSecretRow): Promise<void> {
  await db.insertInto('subscription_secrets').values(row).execute();
}

/** The secret row of a subscription the caller has already found for its customer. */
export async function findSubscriptionSecret(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionSecretRow | undefined> {
  return db
    .selectFrom('subscription_secrets')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

/**
 * Installs `secret` and keeps the one it replaces until `previousExpiresAt`, in one statement:
 * two rotations at once apply one after the other (the second keeps the first's new secret as
 * its previous), never both reading the same old one.
 */
export async function rotateSubscriptionSecret(
  db: Db,
  subscriptionId: string,
  input: { secret: string; previousExpiresAt: number; at: number },
): Promise<SubscriptionSecretRow | undefined> {
  return db
    .updateTable('subscription_secrets')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_expires_at: input.previousExpiresAt,
      secret: input.secret,
      updated_at: input.at,
    }))
    .where('subscription_id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirst();
}
