import { setImmediate } from 'node:timers/promises';

/**
 * One request of a key (a customer) per turn of the event loop. Node reads every connection
 * that has data in one turn, and where statements run on the loop itself (SQLite) each request
 * runs to its end before the next is read: eight requests of one customer that arrive together
 * run back to back before another customer's, however few are "in flight" at any moment. Here a
 * key's second request in a turn waits for the next turn, so requests of others that arrived
 * meanwhile are read and run in between; each key still gets a request in every turn. It costs
 * one `setImmediate` per turn in which requests start, and nothing to a key alone.
 */
export class LoopTurns {
  private ran = new Set<string>();
  private clearing = false;

  /** Resolves when `key` may start a request in this turn of the loop (at once if it has none). */
  async wait(key: string): Promise<void> {
    while (this.ran.has(key)) await setImmediate();
    this.ran.add(key);
    if (!this.clearing) {
      this.clearing = true;
      // Runs after this turn's reads (the check phase): the next turn starts with nobody marked.
      // Waiters queued after it in this phase find their key free.
      globalThis.setImmediate(() => {
        this.ran = new Set();
        this.clearing = false;
      });
    }
  }
}
