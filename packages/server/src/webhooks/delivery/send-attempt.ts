import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import type { Clock } from '../../lib/clock.js';
import { UnsafeAddressError } from './guarded-agent.js';

/** How one HTTP attempt ended. */
export type AttemptOutcome =
  | { kind: 'delivered'; status: number; body: string; durationMs: number }
  | { kind: 'rejected'; status: number; body: string; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unsafe-address'; error: string; durationMs: number }
  | { kind: 'network-error'; error: string; durationMs: number };

/** Receivers' answers are kept for debugging, up to this many bytes (BRIEF "Execution logs"). */
export const RESPONSE_BODY_LIMIT = 4096;

/**
 * POSTs the stored bytes once. Redirects are not followed (undici's request never follows them
 * unless told to), so a 3xx is a failed attempt. The whole attempt is bounded by `timeoutMs`,
 * and at most RESPONSE_BODY_LIMIT bytes of the answer are read.
 */
export async function sendAttempt(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  clock: Clock;
}): Promise<AttemptOutcome> {
  const started = input.clock.now();
  const elapsed = () => Math.max(0, input.clock.now() - started);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new AttemptTimeout()), input.timeoutMs);
  try {
    const res = await request(input.url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      dispatcher: input.dispatcher,
      signal: abort.signal,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
    });
    const body = await readCapped(res.body);
    const status = res.statusCode;
    return status >= 200 && status < 300
      ? { kind: 'delivered', status, body, durationMs: elapsed() }
      : { kind: 'rejected', status, body, durationMs: elapsed() };
  } catch (error) {
    if (isTimeout(error)) return { kind: 'timeout', durationMs: elapsed() };
    if (findUnsafe(error))
      return { kind: 'unsafe-address', error: findUnsafe(error)!.message, durationMs: elapsed() };
    return { kind: 'network-error', error: describe(error), durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

class AttemptTimeout extends Error {
  constructor() {
    super('attempt timed out');
  }
}

async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    chunks.push(buf);
    size += buf.length;
    if (size > RESPONSE_BODY_LIMIT) {
      // Enough for the log: drop the rest rather than read an unbounded answer.
      body.destroy();
      break;
    }
  }
  const all = Buffer.concat(chunks);
  let end = Math.min(all.length, RESPONSE_BODY_LIMIT);
  // Never split a UTF-8 sequence: back off to the start of the character the limit cuts.
  while (end > 0 && end < all.length && (all[end]! & 0xc0) === 0x80) end--;
  return all.subarray(0, end).toString('utf8');
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof AttemptTimeout ||
    (error instanceof Error && error.cause instanceof AttemptTimeout) ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  );
}

function findUnsafe(error: unknown): UnsafeAddressError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof UnsafeAddressError) return e;
  }
  return undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'network error';
  const code =
    (error as Error & { code?: string }).code ??
    (error.cause as { code?: string } | undefined)?.code;
  return code ? `${code}: ${error.message}` : error.message;
}
