import { RESPONSE_BODY_LIMIT, type AttemptOutcome } from '../delivery/send-attempt.js';
import type { ListenResultBody } from './listen.schemas.js';

/**
 * The local answer `cofre listen` reported, as the outcome an HTTP attempt would have had: any
 * 2xx delivered, another status rejected, no answer a timeout or a network error. The body
 * kept is cut at RESPONSE_BODY_LIMIT bytes, as the worker cuts a receiver's answer.
 */
export function outcomeOfResult(result: ListenResultBody): AttemptOutcome {
  const durationMs = result.durationMs;
  if (result.status === 0) {
    return result.timedOut
      ? { kind: 'timeout', durationMs }
      : { kind: 'network-error', error: result.error ?? 'No answer.', durationMs };
  }
  const body = capUtf8(result.responseBody ?? '', RESPONSE_BODY_LIMIT);
  return result.status >= 200 && result.status < 300
    ? { kind: 'delivered', status: result.status, body, durationMs }
    : { kind: 'rejected', status: result.status, body, durationMs };
}

/** The longest prefix of `text` within `limit` UTF-8 bytes, never splitting a character. */
export function capUtf8(text: string, limit: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
