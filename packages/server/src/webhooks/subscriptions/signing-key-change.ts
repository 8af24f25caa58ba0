import type { SigningKey } from '../signing/signing-keys.js';
import type { SubscriptionRow } from './subscriptions.table.js';

/**
 * What a PATCH of `signingKey` writes: the key, and with `client-secret` the client that asked,
 * whose secret the key is then derived from ("sign with my client's secret"). Without the
 * field nothing changes; with `subscription-secret` the subscription's own secret signs again
 * (GET …/secret reads it).
 */
export function signingKeyChange(
  current: SubscriptionRow,
  signingKey: SigningKey | undefined,
  clientId: string,
): Pick<SubscriptionRow, 'signing_key' | 'client_id'> {
  if (signingKey === undefined) {
    return { signing_key: current.signing_key, client_id: current.client_id };
  }
  return {
    signing_key: signingKey,
    client_id: signingKey === 'client-secret' ? clientId : current.client_id,
  };
}
