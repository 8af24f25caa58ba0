import { waitUntil } from '../wait-for.js';

/**
 * Resolves with the first defined value the async `check` returns, polling until the deadline:
 * waitUntil (../wait-for.ts) with the bank test's longer default deadline.
 */
export function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  return waitUntil(what, check, { timeoutMs, intervalMs });
}
