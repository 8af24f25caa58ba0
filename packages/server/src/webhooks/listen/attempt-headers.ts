import type { MessageContext } from '../delivery/message-context.js';
import { attemptHeaders } from '../signing/attempt-headers.js';
import { signingSecretsAt } from '../signing/subscription-secret.js';

/**
 * The headers a listen attempt is relayed with: exactly those an HTTP delivery of the same
 * attempt at `now` would carry, signature included, from the same function the worker's send
 * path uses (signing/attempt-headers.ts).
 */
export function listenAttemptHeaders(message: MessageContext, now: number): Record<string, string> {
  return attemptHeaders({
    message,
    secrets: signingSecretsAt(message.secrets, now),
    format: message.signatureFormat,
    now,
  });
}
