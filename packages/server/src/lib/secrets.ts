import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh client secret: 32 random bytes, base64url (43 characters). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Client secrets are 256-bit random values, so a single SHA-256 is enough to make the stored hash
 * useless to a thief (no dictionary to try); a slow password hash would only cap token issuance.
 * The domain prefix keeps these hashes apart from any other SHA-256 in the system.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update('cofre.client-secret.v1\0').update(secret).digest('base64url');
}

/**
 * The key that signs webhook deliveries, derived from the client secret so a receiver that holds
 * the secret can verify without anything else: HMAC-SHA256(key = secret, "cofre.webhook-signing.v1"),
 * base64url. Computed when the secret is issued (the server never keeps the secret itself).
 */
export function deriveWebhookKey(secret: string): string {
  return createHmac('sha256', secret).update('cofre.webhook-signing.v1').digest('base64url');
}

/** Compares two strings in time that depends only on their lengths. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    // Still spend the comparison so a length mismatch is not faster than a content mismatch.
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
