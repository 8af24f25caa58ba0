import type { MessageContext } from '../delivery/message-context.js';

/**
 * The headers a listen attempt is relayed with: exactly those an HTTP delivery of the same
 * attempt would carry, signature included. The one place the listen stream gets them from, so
 * a change of signing (per-attempt formats) changes this call only. Today: the message's stored
 * headers, which the worker sends as they are (delivery/delivery-handlers.ts `send`).
 */
export function listenAttemptHeaders(message: MessageContext): Record<string, string> {
  return message.headers;
}
