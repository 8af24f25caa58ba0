/**
 * One step of a key (a customer) per turn of the event loop: starting a request, or building a
 * response. Node reads every connection that has data in one turn, and where statements run on
 * the loop itself (SQLite) each request runs to its end before the next is read: eight requests
 * of one customer that arrive together run back to back before another customer's, however few
 * are "in flight" at any moment. Here a key's second step in a turn waits for a later turn, so
 * the requests of others that arrived meanwhile are read and run in between; each key still gets
 * a step in every turn.
 *
 * A key's waiting steps go in the order they came, and a step that arrives while others of its
 * key wait queues behind them: a customer that keeps sending cannot starve its own older
 * requests. It costs one `setImmediate` per turn in which some key took a step, and nothing to a
 * key alone (its step goes at once).
 */
export class LoopTurns {
  /** Keys that took their step in this turn. */
  private ran = new Set<string>();
  /** Each key's waiting steps, oldest first. */
  private readonly waiting = new Map<string, (() => void)[]>();
  private scheduled = false;

  /** Resolves when `key` may take a step: at once if it took none in this turn and none waits. */
  wait(key: string): Promise<void> {
    if (!this.ran.has(key) && !this.waiting.has(key)) {
      this.ran.add(key);
      this.scheduleNextTurn();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
      this.scheduleNextTurn();
    });
  }

  /**
   * Runs after this turn's reads (the check phase): the next turn starts with nobody marked but
   * the oldest waiting step of each key, which goes now.
   */
  private scheduleNextTurn(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.ran = new Set();
      for (const [key, queue] of this.waiting) {
        const next = queue.shift()!;
        if (queue.length === 0) this.waiting.delete(key);
        this.ran.add(key);
        next();
      }
      if (this.ran.size > 0) this.scheduleNextTurn();
    });
  }
}
