/**
 * Delivery attempts (execution logs, docs/api.md) grouped into equal time slices for the
 * overview's charts: how many succeeded and failed in each slice, and how long they took.
 */
export interface Attempt {
  /** Epoch ms of the attempt (its execution log's createdAt). */
  at: number;
  ok: boolean;
  durationMs: number;
}

export interface Bucket {
  start: number;
  end: number;
  succeeded: number;
  failed: number;
  /** Median and slowest duration of the slice's attempts; null for an empty slice. */
  medianMs: number | null;
  maxMs: number | null;
}

const median = (sorted: number[]): number => {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * `count` slices from the oldest attempt to `now` (at least a minute wide in all, so a handful
 * of attempts made a second ago still spread over a readable axis).
 */
export function bucketAttempts(attempts: readonly Attempt[], now: number, count = 12): Bucket[] {
  const oldest = attempts.reduce((min, a) => Math.min(min, a.at), now);
  const span = Math.max(60_000, now - oldest + 1);
  const size = Math.ceil(span / count);
  const from = now + 1 - size * count;
  const slices = Array.from({ length: count }, (_, i) => ({
    start: from + i * size,
    end: from + (i + 1) * size,
    durations: [] as number[],
    succeeded: 0,
    failed: 0,
  }));
  for (const attempt of attempts) {
    const slice = slices[Math.min(count - 1, Math.max(0, Math.floor((attempt.at - from) / size)))]!;
    slice.durations.push(attempt.durationMs);
    if (attempt.ok) slice.succeeded += 1;
    else slice.failed += 1;
  }
  return slices.map(({ durations, ...slice }) => {
    const sorted = [...durations].sort((a, b) => a - b);
    return {
      ...slice,
      medianMs: sorted.length > 0 ? median(sorted) : null,
      maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : null,
    };
  });
}
