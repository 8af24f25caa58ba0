import type { Db } from '../../db/database.js';
import type { AttemptCount } from './auth-failures.repository.js';

/** How long a window of the token endpoint's failure limit lasts (docs/api.md). */
export const WINDOW_MS = 60_000;

/** What evaluating one attempt's credentials found: a failed guess counts, anything else not. */
export type Verdict<T> = { kind: 'failed' } | { kind: 'passed'; value: T };

export type AttemptOutcome<T> =
  { kind: 'limited'; retryAfterSeconds: number } | { kind: 'evaluated'; verdict: Verdict<T> };

/**
 * Evaluates one attempt's credentials, reading what it needs through `db` (the limiter's own
 * transaction on engines that serialize attempts: serialized-attempt.ts).
 */
export type Evaluate<T> = (db: Db) => Promise<Verdict<T>>;

/**
 * The refusal of an attempt over the limit of `over`. Past `limit` failures, the wait is the rest
 * of the window; when the limit is taken by attempts still in flight, they settle in
 * milliseconds, so 1 s.
 */
export function limited(
  over: AttemptCount,
  limit: number,
  now: number,
): { kind: 'limited'; retryAfterSeconds: number } {
  const msLeft = over.windowStart + WINDOW_MS - now;
  const retryAfterSeconds = over.failures >= limit ? Math.max(1, Math.ceil(msLeft / 1000)) : 1;
  return { kind: 'limited', retryAfterSeconds };
}
