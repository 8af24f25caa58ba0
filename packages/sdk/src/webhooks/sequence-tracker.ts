/**
 * A run of sequence numbers not received, both ends included.
 *
 * @example
 * ```ts
 * const gap: SequenceGap = { from: 42, to: 44 }; // 42, 43 and 44 are missing
 * ```
 */
export interface SequenceGap {
  from: number;
  to: number;
}

/**
 * Options of `createSequenceTracker`.
 *
 * @example
 * ```ts
 * const options: SequenceTrackerOptions = { after: await store.loadWatermark('sub_01JD…') };
 * ```
 */
export interface SequenceTrackerOptions {
  /**
   * The last number already processed without a gap (what you stored from `contiguousThrough`
   * before a restart). Default 0: the subscription's first message is 1.
   */
  after?: number | undefined;
  /** The current time in epoch ms, for `gaps({ olderThanMs })`. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * Keeps track of one subscription's `X-Message-Sequence` numbers and says which are missing.
 * See `createSequenceTracker`.
 *
 * @example
 * ```ts
 * tracker.record(verified.sequence!);
 * if (tracker.gaps().length > 0) console.warn('missing', tracker.gaps());
 * ```
 */
export interface SequenceTracker {
  /**
   * Notes a delivered message's sequence number; answers `true` when it was new, `false` for a
   * number seen before (a retry, a resend, or one below `after`). Throws a `RangeError` for a
   * number that is not a positive integer.
   */
  record(sequence: number): boolean;
  /**
   * The highest number n such that every number up to n has been recorded (or was before
   * `after`): store it, and fetch what comes after it with
   * `client.subscriptions.iterateMessages(id, { afterSequence: tracker.contiguousThrough })`.
   */
  readonly contiguousThrough: number;
  /** The highest number recorded (or `after`). */
  readonly highest: number;
  /**
   * The numbers between `contiguousThrough` and `highest` not recorded, as runs. With
   * `olderThanMs`, only the numbers known to be missing for at least that long (since a higher
   * number arrived): deliveries run concurrently and retries come later, so a number is usually
   * only late for a moment.
   */
  gaps(options?: { olderThanMs?: number | undefined }): SequenceGap[];
}

/**
 * Detects gaps in a subscription's deliveries. Every message of a subscription carries its
 * number among the subscription's messages, 1, 2, 3, … with no gap (`X-Message-Sequence` in both
 * signature formats; `verifyWebhookMessage` returns it as `sequence`). Deliveries can arrive out
 * of order (up to `maxConcurrency` at once, a retry after later messages), so a missing number
 * is normal for a moment; one missing for longer than your retry window was not delivered.
 * Fetch it from `GET /v1/subscriptions/{id}/messages?afterSequence=` (the SDK's
 * `subscriptions.iterateMessages`), which gives each message's id and exact body; a number still
 * absent there was deleted by the server's event retention (docs/webhooks.md "Sequence numbers").
 *
 * One tracker per subscription, in memory (a few numbers per out-of-order delivery); keep
 * `contiguousThrough` durably and pass it as `after` when you start again. Numbers above it
 * that arrived before a restart then look missing and are fetched again: deduplicate on the
 * message id, as for any delivery.
 *
 * @example
 * ```ts
 * import { CofreClient } from '@cofre/sdk';
 * import { createSequenceTracker, verifyWebhookMessage } from '@cofre/sdk/webhooks';
 *
 * const tracker = createSequenceTracker({ after: await store.watermark(subscriptionId) });
 *
 * app.post('/cofre', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const { id, event, sequence } = verifyWebhookMessage(req.body, req.headers, secret);
 *   res.sendStatus(204);
 *   await processOnce(id, event);
 *   if (sequence !== undefined) tracker.record(sequence);
 * });
 *
 * // Every minute: what has been missing for five minutes was not delivered; fetch it.
 * setInterval(async () => {
 *   if (tracker.gaps({ olderThanMs: 300_000 }).length === 0) return;
 *   const after = tracker.contiguousThrough;
 *   for await (const m of client.subscriptions.iterateMessages(subscriptionId, { afterSequence: after })) {
 *     await processOnce(m.id, JSON.parse(m.payload));
 *     tracker.record(m.sequence);
 *   }
 *   await store.saveWatermark(subscriptionId, tracker.contiguousThrough);
 * }, 60_000);
 * ```
 */
export function createSequenceTracker(options: SequenceTrackerOptions = {}): SequenceTracker {
  const now = options.now ?? Date.now;
  let watermark = options.after ?? 0;
  if (!Number.isSafeInteger(watermark) || watermark < 0) {
    throw new RangeError('after must be a non-negative integer.');
  }
  let highest = watermark;
  /** Numbers recorded above the watermark. */
  const seen = new Set<number>();
  /** When each run of numbers was first known to be missing (a higher one arrived). */
  let noticed: (SequenceGap & { at: number })[] = [];

  return {
    record(sequence) {
      if (!Number.isSafeInteger(sequence) || sequence < 1) {
        throw new RangeError(`A sequence number is a positive integer, not ${sequence}.`);
      }
      if (sequence <= watermark || seen.has(sequence)) return false;
      if (sequence > highest + 1) noticed.push({ from: highest + 1, to: sequence - 1, at: now() });
      highest = Math.max(highest, sequence);
      seen.add(sequence);
      while (seen.delete(watermark + 1)) watermark += 1;
      noticed = noticed.filter((run) => run.to > watermark);
      return true;
    },
    get contiguousThrough() {
      return watermark;
    },
    get highest() {
      return highest;
    },
    gaps({ olderThanMs } = {}) {
      const missing = missingRuns(watermark, highest, seen);
      if (olderThanMs === undefined) return missing;
      const cutoff = now() - olderThanMs;
      const old = noticed.filter((run) => run.at <= cutoff);
      return missing.flatMap((gap) => old.flatMap((run) => overlap(gap, run)));
    },
  };
}

/** The runs of numbers in (watermark, highest] that `seen` lacks. */
function missingRuns(watermark: number, highest: number, seen: ReadonlySet<number>): SequenceGap[] {
  const runs: SequenceGap[] = [];
  let next = watermark + 1;
  for (const n of [...seen].sort((a, b) => a - b)) {
    if (n > next) runs.push({ from: next, to: n - 1 });
    next = n + 1;
  }
  if (next <= highest) runs.push({ from: next, to: highest });
  return runs;
}

/** Where two runs overlap, as zero or one run. */
function overlap(a: SequenceGap, b: SequenceGap): SequenceGap[] {
  const from = Math.max(a.from, b.from);
  const to = Math.min(a.to, b.to);
  return from <= to ? [{ from, to }] : [];
}
