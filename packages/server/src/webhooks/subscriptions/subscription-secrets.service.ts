import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { generateSubscriptionSecret } from '../signing/subscription-secret.js';
import { AppError } from '../../lib/errors.js';
import { findSigningSecrets, rotateSubscriptionSecret } from './subscription-secrets.repository.js';
import { rotateKeyPair } from './subscription-key-pairs.service.js';
import type { RotatedSecret, SubscriptionSecret } from './subscriptions.schemas.js';
import type { SubscriptionRow } from './subscriptions.table.js';

/**
 * The secret that signs for a subscription the caller found for its customer: its own, or with
 * signing key `client-secret` the key derived from its client's secret in the same `whsec_`
 * form (and that client's previous key's expiry while its rotation's grace window is open).
 * Every subscription has its own row (created with it, or given one by migration 0014): a
 * missing row is a broken invariant. A subscription signing with `ed25519` has no secret: its
 * private key is never returned (409, pointing at its public keys).
 */
export async function readSecret(
  db: Db,
  clock: Clock,
  subscription: SubscriptionRow,
): Promise<SubscriptionSecret> {
  if (subscription.signing_key === 'ed25519') {
    throw new AppError('INVALID_STATE', {
      detail: `This subscription signs with an Ed25519 key pair (signingKey ed25519): no secret exists, and its private key is never returned. Verify with its public keys: GET /v1/subscriptions/${subscription.id}/keys, or publicKey in the subscription.`,
    });
  }
  const stored = await findSigningSecrets(db, subscription.id);
  if (!stored) throw new Error(`subscription ${subscription.id} has no signing secret`);
  const expiresAt = stored.previousSecretExpiresAt;
  const windowOpen =
    stored.previousSecret !== null && expiresAt !== null && clock.now() < expiresAt;
  return windowOpen
    ? { secret: stored.secret, previousSecretExpiresAt: toIso(Number(expiresAt)) }
    : { secret: stored.secret };
}

/**
 * Replaces the secret; the one replaced signs beside the new one for `windowSeconds` (0: not at
 * all). Rotating again inside the window replaces the previous secret too: only the two newest
 * ever sign. A subscription signing with its client's key has no secret of its own to rotate
 * in use: its key changes with the client secret (docs/webhooks.md "Signing with the client
 * secret"), so it is refused rather than rotating a secret that signs nothing. One signing with
 * `ed25519` gets a new key pair instead, with the same window (subscription-key-pairs.service.ts).
 */
export async function rotateSecret(
  trx: Trx,
  clock: Clock,
  subscription: SubscriptionRow,
  windowSeconds: number,
): Promise<RotatedSecret> {
  if (subscription.signing_key === 'client-secret') {
    throw new AppError('INVALID_STATE', {
      detail:
        "This subscription signs with the key derived from its API client's secret (signingKey client-secret): rotate the client's secret, or PATCH signingKey to subscription-secret first.",
    });
  }
  if (subscription.signing_key === 'ed25519') {
    return rotateKeyPair(trx, clock, subscription, windowSeconds);
  }
  const subscriptionId = subscription.id;
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
