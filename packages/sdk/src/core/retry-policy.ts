import { CofreApiError } from '../errors/cofre-api-error.js';
import type { HttpMethod } from './api-request.js';

/**
 * How the client retries a failed call. Only calls that are safe to repeat are retried: the
 * idempotent methods (GET, HEAD, PUT, DELETE) and requests that carry an `Idempotency-Key`
 * (the server answers a repeat with the first answer instead of acting twice).
 *
 * @example
 * ```ts
 * const retry: RetryOptions = { maxAttempts: 5, baseDelayMs: 250, maxDelayMs: 4_000, maxRetryAfterMs: 30_000 };
 * ```
 */
export interface RetryOptions {
  /** Attempts in all, the first included. 1 turns retries off. Default 3. */
  maxAttempts: number;
  /** Backoff before the second attempt; doubles for each further one (with jitter). Default 500. */
  baseDelayMs: number;
  /** Backoff never exceeds this. Default 8,000. */
  maxDelayMs: number;
  /**
   * A `Retry-After` longer than this is not waited for: the error is thrown at once so the
   * caller decides. Default 60,000.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
});

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** What is known about an attempt that failed. */
export interface FailedAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  method: HttpMethod;
  /** Whether the request carried an `Idempotency-Key`. */
  keyed: boolean;
  error: unknown;
  /** Whether the caller's own signal aborted the call (never retried). */
  abortedByCaller: boolean;
  /** Epoch ms, to read a `Retry-After` given as an HTTP date. */
  now: number;
  /** A number in [0, 1), for jitter. */
  random: number;
}

/**
 * How long to wait before the next attempt, or `undefined` to give up and throw. Retried: a
 * network failure or timeout, 429 (waiting `Retry-After` when given), 5xx, and 409
 * `IDEMPOTENCY_IN_PROGRESS` (the same key is still being processed; the repeat gets its answer).
 *
 * @example
 * ```ts
 * const wait = retryDelay({ attempt: 1, method: 'GET', keyed: false, error, abortedByCaller: false, now: Date.now(), random: Math.random() }, DEFAULT_RETRY);
 * ```
 */
export function retryDelay(failed: FailedAttempt, options: RetryOptions): number | undefined {
  if (failed.attempt >= options.maxAttempts || failed.abortedByCaller) return undefined;
  if (!IDEMPOTENT_METHODS.has(failed.method) && !failed.keyed) return undefined;
  const backoff = backoffMs(failed.attempt, failed.random, options);
  const { error } = failed;
  if (!(error instanceof CofreApiError)) return backoff; // network failure or timeout
  const retryable =
    error.status === 429 ||
    error.status >= 500 ||
    (error.status === 409 && error.code === 'IDEMPOTENCY_IN_PROGRESS');
  if (!retryable) return undefined;
  const retryAfter = parseRetryAfter(error.retryAfter, failed.now);
  if (retryAfter === undefined) return backoff;
  return retryAfter > options.maxRetryAfterMs ? undefined : retryAfter;
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
function backoffMs(attempt: number, random: number, options: RetryOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/**
 * `Retry-After` in milliseconds from now: delay-seconds or an HTTP date (RFC 9110 section
 * 10.2.3); `undefined` when absent or unreadable.
 *
 * @example
 * ```ts
 * parseRetryAfter('7', Date.now()); // 7000
 * ```
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
