import { performance } from 'node:perf_hooks';

/**
 * Bounds how long statements run back to back on the event loop (SQLite, where every statement
 * runs on it). A request or job awaits each statement, but a statement whose connection is free
 * resolves at once, so its continuation — the next statement — runs in the same turn: a metadata
 * filter's dozen statements, or a job batch's transactions, were one uninterrupted stretch of
 * 20-50 ms that every other customer's requests waited behind (issue 23 point 6).
 *
 * Statements run freely until the turn's slice (`budgetMs`) is spent; then each one waits for the
 * next turn, when all that wait are released in the order they came: the requests that arrived
 * meanwhile are read in between, and a statement waits one turn, never behind a queue of
 * another customer's. A slice starts with the
 * first statement of a turn, or with the waiter released. Nothing waits while the slice lasts,
 * so a process with little to do never pays for this; a busy one pays a `setImmediate` per
 * statement it defers. Statements inside a transaction are never held (its connection is
 * taken), only a connection's next loan.
 */
export class LoopSlice {
  private startedAt: number | undefined;
  private readonly queue: (() => void)[] = [];
  private scheduled = false;

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * True when a statement may run now, in this turn: nobody waits and the slice is not spent.
   * The first call of a turn starts its slice.
   */
  runsNow(): boolean {
    if (this.queue.length > 0) return false;
    if (this.startedAt === undefined) {
      this.startedAt = this.now();
      this.schedule();
      return true;
    }
    return this.now() - this.startedAt < this.budgetMs;
  }

  /** Resolves when a statement may run: at once (undefined) when `runsNow`, else in a later turn. */
  wait(): Promise<void> | undefined {
    if (this.runsNow()) return undefined;
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.schedule();
    });
  }

  /** How many statements wait for a turn now (tests, metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.turn);
  }

  /**
   * A new turn: the slice ends; every waiter is released, in the order they came, and their work
   * starts the next slice: each runs at least the statement it waited for, and whichever comes
   * after the slice is spent waits for the turn after.
   */
  private readonly turn = (): void => {
    this.scheduled = false;
    this.startedAt = undefined;
    if (this.queue.length === 0) return;
    const released = this.queue.splice(0);
    this.startedAt = this.now();
    this.schedule();
    for (const resolve of released) resolve();
  };
}
