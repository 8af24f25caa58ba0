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
 * Paces a key (a customer) that keeps the event loop busy while others are active: after each of
 * its requests it waits, before its next one starts, as long again as that request took times
 * (1 / share − 1) — so it runs at most `share` of the time, and between its requests the loop is
 * free for the others' steps, which then wait behind none of its steps instead of behind one in
 * every turn. Work-conserving: a key alone, or any key while the loop has room (utilization at
 * most `busyAbove`), is never paced. A request's time is its wall time in the process (waiting
 * for the database included), a conservative stand-in for the loop time it used.
 * Kept in memory per key until its pause ends (swept when many keys have one).
 */
export class LoopShare {
  private readonly pausedUntil = new Map<string, number>();
  private readonly factor: number;
  private readonly busyAbove: number;
  private readonly windowMs: number;
  private readonly maxGapMs: number;
  private readonly now: () => number;
  private readonly utilization: () => number;
  private sampledAt: number;
  private busy = false;

  constructor(options: LoopShareOptions) {
    if (!(options.share > 0 && options.share <= 1)) throw new RangeError('share must be in (0, 1]');
    this.factor = 1 / options.share - 1;
    this.busyAbove = options.busyAbove ?? 0.5;
    this.windowMs = options.windowMs ?? 100;
    this.maxGapMs = options.maxGapMs ?? 100;
    this.now = options.now ?? (() => performance.now());
    this.utilization = options.utilization ?? loopUtilization();
    this.sampledAt = this.now();
  }

  /** Resolves when `key` may start its next request: at once unless it is paused. */
  wait(key: string): Promise<void> | undefined {
    const until = this.pausedUntil.get(key);
    if (until === undefined) return undefined;
    const ms = until - this.now();
    if (ms <= 0) {
      this.pausedUntil.delete(key);
      return undefined;
    }
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** A request of `key` took `ms`; `shared` says whether other keys were active. */
  done(key: string, ms: number, shared: boolean): void {
    if (this.factor === 0 || !shared || !this.loopBusy()) return;
    const gap = Math.min(ms * this.factor, this.maxGapMs);
    const now = this.now();
    if (this.pausedUntil.size >= 1_000) this.forgetEnded(now);
    const until = now + gap;
    if (until > (this.pausedUntil.get(key) ?? 0)) this.pausedUntil.set(key, until);
  }

  /** Keys currently paused (observability and tests). */
  get paused(): number {
    return this.pausedUntil.size;
  }

  private forgetEnded(now: number): void {
    for (const [key, until] of this.pausedUntil) if (until <= now) this.pausedUntil.delete(key);
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
