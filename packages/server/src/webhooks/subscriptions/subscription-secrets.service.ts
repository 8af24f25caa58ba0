import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { generateSubscriptionSecret } from '../signing/subscription-secret.js';
import {
  findSubscriptionSecret,
  rotateSubscriptionSecret,
} from './subscription-secrets.repository.js';
import type { RotatedSecret, SubscriptionSecret } from './subscriptions.schemas.js';
import type { SubscriptionRow } from './subscriptions.table.js';

/**
 * The secret of a subscription the caller found for its customer. Every subscription has one
 * (created with it, or given one by migration 0014): a missing row is a broken invariant.
 */
export async function readSecret(
  db: Db,
  clock: Clock,
  subscription: SubscriptionRow,
): Promise<SubscriptionSecret> {
  const row = await findSubscriptionSecret(db, subscription.id);
  if (!row) throw new Error(`subscription ${subscription.id} has no signing secret`);
  const expiresAt = row.previous_secret_expires_at;
  const windowOpen = row.previous_secret !== null && expiresAt !== null && clock.now() < expiresAt;
  return windowOpen
    ? { secret: row.secret, previousSecretExpiresAt: toIso(Number(expiresAt)) }
    : { secret: row.secret };
}

/**
 * Replaces the secret; the one replaced signs beside the new one for `windowSeconds` (0: not at
 * all). Rotating again inside the window replaces the previous secret too: only the two newest
 * ever sign.
 */
export async function rotateSecret(
  trx: Trx,
  clock: Clock,
  subscriptionId: string,
  windowSeconds: number,
): Promise<RotatedSecret> {
  const now = clock.now();
  const previousExpiresAt = now + windowSeconds * 1000;
  const row = await rotateSubscriptionSecret(trx, subscriptionId, {
    secret: generateSubscriptionSecret(),
    previousExpiresAt,
    at: now,
  });
  if (!row) throw new Error(`subscription ${subscriptionId} has no signing secret`);
  return { secret: row.secret, previousSecretExpiresAt: toIso(previousExpiresAt) };
}
