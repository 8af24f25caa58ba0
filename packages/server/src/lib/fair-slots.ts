/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

export type SlotDecision =
  | { kind: 'granted'; release: ReleaseSlot }
  | { kind: 'queued'; granted: Promise<ReleaseSlot> }
  | { kind: 'full' };

export interface SharingOptions {
  /**
   * Slots per key while another key is active (holds a slot, or took one within `activeMs`):
   * at most `perKey`. Unset: always `perKey`.
   */
  sharedPerKey?: number;
  /** How long after its last slot a key still counts as active. */
  activeMs?: number;
  /** Milliseconds now (tests); `performance.now` by default. */
  now?: () => number;
}

/**
 * At most `perKey` holders per key at once; the next `maxWaiting` wait their turn in order, and
 * beyond that a key is refused. One key's queue never delays another key: each key has slots of
 * its own. The API uses it per customer (plugins/customer-concurrency.ts), so one customer's
 * expensive requests hold a bounded share of the process — of its database pool above all —
 * whatever their number. Kept in process memory; a key with no holder and no waiter is
 * forgotten, so memory is bounded by the keys in use.
 *
 * Work-conserving sharing: a key alone uses `perKey` slots, but while another key is active each
 * key gets only `sharedPerKey`. A busy customer then runs as many statements as the cores allow
 * when nobody else is there, and one at a time (the default, 1) when someone is: the others'
 * requests then wait behind one of its statements, not behind a pool's worth of them on every
 * core of the database (bench:neighbour measured it).
 */
export class FairSlots {
  private readonly keys = new Map<string, { held: number; waiting: (() => void)[] }>();
  /** When each key last took or gave back a slot, least recent first (re-inserted on use). */
  private readonly lastActive = new Map<string, number>();
  private readonly sharedPerKey: number;
  private readonly activeMs: number;
  private readonly now: () => number;

  constructor(
    readonly perKey: number,
    readonly maxWaiting: number,
    sharing: SharingOptions = {},
  ) {
    if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError('perKey must be >= 1');
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) {
      throw new RangeError('maxWaiting must be >= 0');
    }
    const shared = sharing.sharedPerKey ?? perKey;
    if (!Number.isInteger(shared) || shared < 1) throw new RangeError('sharedPerKey must be >= 1');
    this.sharedPerKey = Math.min(shared, perKey);
    this.activeMs = sharing.activeMs ?? 1_000;
    this.now = sharing.now ?? (() => performance.now());
  }

  /** A slot for `key` now, a place in its queue, or `full` when the queue is too. */
  acquire(key: string): SlotDecision {
    this.touch(key);
    let state = this.keys.get(key);
    if (!state) {
      state = { held: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.held < this.limitFor(key) && state.waiting.length === 0) {
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

  /** The slots `key` may hold now: `perKey` alone, `sharedPerKey` while another key is active. */
  limitFor(key: string): number {
    if (this.sharedPerKey === this.perKey) return this.perKey;
    return this.othersActive(key) ? this.sharedPerKey : this.perKey;
  }

  /** Whether a key other than `key` holds a slot, waits for one, or took one within the window. */
  othersActive(key: string): boolean {
    // Holders and waiters are active whenever they started.
    if (this.keys.size > (this.keys.has(key) ? 1 : 0)) return true;
    this.forgetIdle(this.now());
    return this.lastActive.size > (this.lastActive.has(key) ? 1 : 0);
  }

  private touch(key: string): void {
    const now = this.now();
    this.lastActive.delete(key);
    this.lastActive.set(key, now);
    this.forgetIdle(now);
  }

  /** Forgets the keys idle for longer than the window: the map's order is least recent first. */
  private forgetIdle(now: number): void {
    const horizon = now - this.activeMs;
    for (const [other, at] of this.lastActive) {
      if (at >= horizon) break;
      this.lastActive.delete(other);
    }
  }

  private releaser(key: string): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.touch(key);
      const state = this.keys.get(key);
      if (!state) return;
      state.held--;
      // The freed slot, and any a lifted sharing allows, go to the next in line in order.
      const limit = this.limitFor(key);
      while (state.held < limit && state.waiting.length > 0) {
        state.held++;
        state.waiting.shift()!();
      }
      if (state.held === 0 && state.waiting.length === 0) this.keys.delete(key);
    };
  }
}
