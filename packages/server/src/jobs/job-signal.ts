/**
 * Wakes the worker when work may be due, so a committed job is picked up at once instead of at
 * the next poll. Fed by commits in this process and, on PostgreSQL, by LISTEN/NOTIFY.
 */
export class JobSignal {
  private waiters: (() => void)[] = [];
  private pending = false;

  notify(): void {
    if (this.waiters.length === 0) {
      // Nobody is waiting: remember it, so the next wait returns at once instead of missing it.
      this.pending = true;
      return;
    }
    // Each waiter removes itself from the list it is in; wake from a copy so none is skipped.
    const waiters = this.waiters.slice();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify (or a notify since the last wait), or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}
