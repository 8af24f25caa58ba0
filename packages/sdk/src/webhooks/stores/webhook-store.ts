/**
 * The result of claiming a message: run the handler (`claimed`, with the attempt number, 1 for
 * the first run), skip it (`done`: it was handled already; a duplicate), or leave it to the run
 * that claimed it less than a lease ago (`busy`).
 *
 * @example
 * ```ts
 * const outcome: ClaimOutcome = await store.claim({ id, body }, { now: Date.now(), leaseMs: 300_000 });
 * if (outcome.kind === 'claimed') await handle(body);
 * ```
 */
export type ClaimOutcome =
  { kind: 'claimed'; attempt: number } | { kind: 'done' } | { kind: 'busy' };

/**
 * A claimed message as the store keeps it: its raw body (already verified), so a run that
 * crashed or failed can be run again from the store alone.
 *
 * @example
 * ```ts
 * const stale: StoredWebhook[] = await store.expired({ now: Date.now(), leaseMs: 300_000, limit: 10 });
 * ```
 */
export interface StoredWebhook {
  id: string;
  body: string;
  /** Runs started so far. */
  attempts: number;
  /** Epoch ms of the latest claim. */
  claimedAt: number;
}

/**
 * Where the receiver remembers which messages it has handled: a durable inbox keyed by message
 * id. Semantics every implementation keeps (the in-memory and SQLite stores do):
 *
 * - `claim` is atomic. A new id is stored with its body and claimed (`attempt` 1). An id marked
 *   done is `done`. An id claimed less than `leaseMs` ago is `busy`. An id claimed longer ago and
 *   never completed (the process died mid-handler, or the handler failed) is claimed again
 *   (`attempt` + 1): a claim older than the lease is re-runnable, so a crash between claim and
 *   completion never loses a message.
 * - `complete` marks the id done; later claims of it are `done` until `prune` forgets it.
 * - `release` forgets a claim that is not done (the handler failed and the sender will retry).
 * - `expired` lists claims older than the lease and not done, oldest first: what
 *   `receiver.retryExpired()` runs again.
 * - `prune` forgets done ids completed before a time (keep them longer than the sender may
 *   redeliver: resends and recovers can come days later).
 *
 * Handlers therefore run **at least once** per message and, while nothing crashes or fails,
 * exactly once. Keep the lease longer than a handler takes.
 *
 * @example
 * ```ts
 * // A Redis-backed store, sketched: SET NX PX for the claim, a hash for bodies.
 * const store: WebhookStore = {
 *   async claim(message, { now, leaseMs }) { … },
 *   async complete(id, now) { … },
 *   async release(id) { … },
 *   async expired({ now, leaseMs, limit }) { … },
 *   async prune(doneBefore) { … },
 * };
 * ```
 */
export interface WebhookStore {
  claim(
    message: { id: string; body: string },
    at: { now: number; leaseMs: number },
  ): Promise<ClaimOutcome>;
  complete(id: string, now: number): Promise<void>;
  release(id: string): Promise<void>;
  expired(at: { now: number; leaseMs: number; limit: number }): Promise<StoredWebhook[]>;
  /** Forgets done ids completed before `doneBefore` (epoch ms); returns how many. */
  prune(doneBefore: number): Promise<number>;
}
