import { performance } from 'node:perf_hooks';

export interface LoopShareOptions {
  /** The share of the process a key may take while others are active and the loop is busy. */
  share: number;
  /** The loop counts as busy above this utilization (0–1) over the last `windowMs`. */
  busyAbove?: number;
  windowMs?: number;
  /** The longest a key waits between two requests. */
  maxGapMs?: number;
  /** Milliseconds now (tests); `performance.now` by default. */
  now?: () => number;
  /** The loop's utilization since the last call (tests); node's eventLoopUtilization by default. */
  utilization?: () => number;
}

/**
 * Paces the key (a customer) that dominates a busy event loop while others are active: a budget of
 * process time per key, refilled at `share` of the wall clock (at most `maxGapMs` saved up),
 * from which each request's time is taken; a key whose budget is spent waits, before its next
 * request starts, until it is refilled. So it runs at most `share` of the time, and between its
 * requests the loop is free for the others' steps, which then wait behind none of its steps
 * instead of behind one in every turn. A budget rather than a pause after each request, because
 * a key's requests overlap (the next starts while the last one's response is written).
 * Work-conserving: a key alone, a key that does not dominate, or any key while the
 * loop has room (utilization at most `busyAbove`), spends nothing. A request's time is its wall time in the process (waiting for
 * the database included), a conservative stand-in for the loop time it used.
 * Kept in memory per key while its budget is below full (swept when many keys have one).
 */
export class LoopShare {
  /** Each key's budget in milliseconds (negative: owed) and when it was last refilled. */
  private readonly budgets = new Map<string, { ms: number; at: number }>();
  private readonly share: number;
  private readonly busyAbove: number;
  private readonly windowMs: number;
  private readonly maxGapMs: number;
  private readonly now: () => number;
  private readonly utilization: () => number;
  private sampledAt: number;
  private busy = false;

  constructor(options: LoopShareOptions) {
    if (!(options.share > 0 && options.share <= 1)) throw new RangeError('share must be in (0, 1]');
    this.share = options.share;
    this.busyAbove = options.busyAbove ?? 0.5;
    this.windowMs = options.windowMs ?? 100;
    this.maxGapMs = options.maxGapMs ?? 100;
    this.now = options.now ?? (() => performance.now());
    this.utilization = options.utilization ?? loopUtilization();
    this.sampledAt = this.now();
  }

  /** Resolves when `key` may start its next request: at once unless its budget is spent. */
  wait(key: string): Promise<void> | undefined {
    const budget = this.refilled(key, this.now());
    if (budget === undefined || budget.ms >= 0) return undefined;
    const ms = Math.min(-budget.ms / this.share, this.maxGapMs);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * A request of `key` took `ms`; `dominant` says whether it dominates the process while others
   * are active (lib/fair-slots.ts): only such a key spends its budget.
   */
  done(key: string, ms: number, dominant: boolean): void {
    if (this.share === 1 || !dominant || !this.loopBusy()) return;
    const now = this.now();
    if (this.budgets.size >= 1_000) this.forgetFull(now);
    const budget = this.refilled(key, now) ?? { ms: this.maxGapMs * this.share, at: now };
    // What a key may owe is bounded: its wait is at most maxGapMs.
    budget.ms = Math.max(budget.ms - ms, -this.maxGapMs * this.share);
    this.budgets.set(key, budget);
  }

  /** Keys whose budget is below full (observability and tests). */
  get paused(): number {
    return this.budgets.size;
  }

  /** The key's budget refilled to now; a full one is forgotten (undefined). */
  private refilled(key: string, now: number) {
    const budget = this.budgets.get(key);
    if (budget === undefined) return undefined;
    const full = this.maxGapMs * this.share;
    budget.ms = Math.min(full, budget.ms + (now - budget.at) * this.share);
    budget.at = now;
    if (budget.ms >= full) {
      this.budgets.delete(key);
      return undefined;
    }
    return budget;
  }

  private forgetFull(now: number): void {
    for (const key of [...this.budgets.keys()]) this.refilled(key, now);
  }

  private loopBusy(): boolean {
    const now = this.now();
    if (now - this.sampledAt >= this.windowMs) {
      this.busy = this.utilization() > this.busyAbove;
      this.sampledAt = now;
    }
    return this.busy;
  }
}

/** The event loop's utilization since the previous call (the first: since the process began). */
function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const next = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(next, last);
    last = next;
    return delta.utilization;
  };
}
