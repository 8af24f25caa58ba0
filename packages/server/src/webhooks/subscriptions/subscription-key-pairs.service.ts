import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { invalidData } from '../../lib/errors.js';
import { generatePrivateKey, jwkOf, keyIdOf, publicKeyOf } from '../signing/ed25519-key.js';
import type { SignatureFormat } from '../signing/signature-formats.js';
import type { SigningKey } from '../signing/signing-keys.js';
import {
  findKeyPairs,
  rotatePrivateKey,
  setPrivateKeyIfMissing,
} from './subscription-secrets.repository.js';
import type { RotatedSecret, Subscription, SubscriptionKeys } from './subscriptions.schemas.js';
import type { SubscriptionRow } from './subscriptions.table.js';

/**
 * Refuses signingKey `ed25519` with the `cofre` format: `v1a` is a Standard Webhooks signature,
 * and cofre's `X-Message-Signature` has no asymmetric form. `pointer` names the field the
 * request changed, so the 400 points at what to fix.
 */
export function checkSigningChoice(
  format: SignatureFormat,
  signingKey: SigningKey,
  pointer: '/signingKey' | '/signatureFormat',
): void {
  if (signingKey !== 'ed25519' || format === 'standard-webhooks') return;
  throw invalidData([
    {
      pointer,
      in: 'body',
      code: 'INVALID_VALUE',
      detail:
        'signingKey ed25519 signs Standard Webhooks v1a signatures: it needs signatureFormat standard-webhooks (the cofre format has no asymmetric signature).',
    },
  ]);
}

/** Gives a subscription that now signs with `ed25519` its key pair, if it has none yet. */
export async function ensureKeyPair(trx: Trx, row: SubscriptionRow): Promise<void> {
  if (row.signing_key !== 'ed25519') return;
  await setPrivateKeyIfMissing(trx, row.id, {
    privateKey: generatePrivateKey(),
    at: row.updated_at,
  });
}

/**
 * A new key pair; the one replaced signs beside it (a second `v1a,`) and stays in the JWKS for
 * `windowSeconds`, as a rotated HMAC secret does. Only the public half is answered.
 */
export async function rotateKeyPair(
  trx: Trx,
  clock: Clock,
  subscription: SubscriptionRow,
  windowSeconds: number,
): Promise<RotatedSecret> {
  const now = clock.now();
  const previousExpiresAt = now + windowSeconds * 1000;
  const row = await rotatePrivateKey(trx, subscription.id, {
    privateKey: generatePrivateKey(),
    previousExpiresAt,
    at: now,
  });
  if (!row?.private_key) throw new Error(`subscription ${subscription.id} has no key pair`);
  return {
    publicKey: publicKeyOf(row.private_key),
    keyId: keyIdOf(row.private_key),
    previousSecretExpiresAt: toIso(previousExpiresAt),
  };
}

/**
 * The JWKS of the keys that sign at the clock's now: the current key first, then the replaced
 * one while its window is open; after it, the old key is gone. Empty unless the subscription
 * signs with `ed25519` (a key pair kept from before signs nothing, so it is not published).
 */
export async function readKeys(
  db: Db,
  clock: Clock,
  subscription: SubscriptionRow,
): Promise<SubscriptionKeys> {
  if (subscription.signing_key !== 'ed25519') return { keys: [] };
  const stored = await findKeyPairs(db, subscription.id);
  if (!stored?.privateKey) throw new Error(`subscription ${subscription.id} has no key pair`);
  const { previousPrivateKey, previousPrivateKeyExpiresAt } = stored;
  const previousSigns =
    previousPrivateKey !== null &&
    previousPrivateKeyExpiresAt !== null &&
    clock.now() < previousPrivateKeyExpiresAt;
  const keys = previousSigns ? [stored.privateKey, previousPrivateKey] : [stored.privateKey];
  return { keys: keys.map(jwkOf) };
}

/** The view of an `ed25519` subscription names the public key that signs now and its id. */
export function withPublicKey(view: Subscription, privateKey: string | undefined): Subscription {
  if (view.signingKey !== 'ed25519' || privateKey === undefined) return view;
  return { ...view, publicKey: publicKeyOf(privateKey), keyId: keyIdOf(privateKey) };
}
