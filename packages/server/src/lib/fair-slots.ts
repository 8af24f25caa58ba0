/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

export type SlotDecision =
  | { kind: 'granted'; release: ReleaseSlot }
  | { kind: 'queued'; granted: Promise<ReleaseSlot> }
  | { kind: 'full' };

/**
 * At most `perKey` holders per key at once; the next `maxWaiting` wait their turn in order, and
 * beyond that a key is refused. One key's queue never delays another key: each key has slots of
 * its own. The API uses it per customer (plugins/customer-concurrency.ts), so one customer's
 * expensive requests hold a bounded share of the process — of its database pool above all —
 * whatever their number. Kept in process memory; a key with no holder and no waiter is
 * forgotten, so memory is bounded by the keys in use.
 */
export class FairSlots {
  private readonly keys = new Map<string, { held: number; waiting: (() => void)[] }>();

  constructor(
    readonly perKey: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError('perKey must be >= 1');
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) {
      throw new RangeError('maxWaiting must be >= 0');
    }
  }

  /** A slot for `key` now, a place in its queue, or `full` when the queue is too. */
  acquire(key: string): SlotDecision {
    let state = this.keys.get(key);
    if (!state) {
      state = { held: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.held < this.perKey) {
      state.held++;
      return { kind: 'granted', release: this.releaser(key) };
    }
    if (state.waiting.length >= this.maxWaiting) return { kind: 'full' };
    const waiting = state.waiting;
    return {
      kind: 'queued',
      granted: new Promise<ReleaseSlot>((resolve) => {
        waiting.push(() => resolve(this.releaser(key)));
      }),
    };
  }

  /** Holders and waiters of `key` now (observability and tests). */
  usage(key: string): { held: number; waiting: number } {
    const state = this.keys.get(key);
    return { held: state?.held ?? 0, waiting: state?.waiting.length ?? 0 };
  }

  private releaser(key: string): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const state = this.keys.get(key);
      if (!state) return;
      const next = state.waiting.shift();
      // The slot passes straight to the next in line: `held` stays as it is.
      if (next) {
        next();
        return;
      }
      state.held--;
      if (state.held === 0) this.keys.delete(key);
    };
  }
}
