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
 * Work-conserving sharing: a key alone uses `perKey` slots, but while another key is active the
 * key that dominates — held slots lately for longer than all the others together — gets only
 * `sharedPerKey`; the others keep `perKey`, so a light customer's requests never queue behind
 * each other because a heavy one is there. A busy customer then runs as many statements as the cores allow
 * when nobody else is there, and one at a time (the default, 1) when someone is: the others'
 * requests then wait behind one of its statements, not behind a pool's worth of them on every
 * core of the database (bench:neighbour measured it).
 */
interface SlotState {
  held: number;
  waiting: ((release: ReleaseSlot) => void)[];
  /** The sum of the grant times of the slots held now (how long they have been held, at once). */
  grantedSum: number;
}

interface Activity {
  at: number;
  /** Milliseconds of slots held, decayed to `at`. */
  heldMs: number;
}

export class FairSlots {
  private readonly keys = new Map<string, SlotState>();
  /**
   * Each active key: when it last took or gave back a slot, and how long it held slots lately
   * (decayed with the window as time constant); least recent first (re-inserted on use).
   */
  private readonly lastActive = new Map<string, Activity>();
  private readonly sharedPerKey: number;
  private readonly activeMs: number;
  private readonly decay: number;
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
    this.decay = -1 / this.activeMs;
    this.now = sharing.now ?? (() => performance.now());
  }

  /** A slot for `key` now, a place in its queue, or `full` when the queue is too. */
  acquire(key: string): SlotDecision {
    this.touch(key);
    let state = this.keys.get(key);
    if (!state) {
      state = { held: 0, waiting: [], grantedSum: 0 };
      this.keys.set(key, state);
    }
    if (state.held < this.limitFor(key) && state.waiting.length === 0) {
      return { kind: 'granted', release: this.grant(key, state) };
    }
    if (state.waiting.length >= this.maxWaiting) return { kind: 'full' };
    const waiting = state.waiting;
    return {
      kind: 'queued',
      granted: new Promise<ReleaseSlot>((resolve) => waiting.push(resolve)),
    };
  }

  /** Holders and waiters of `key` now (observability and tests). */
  usage(key: string): { held: number; waiting: number } {
    const state = this.keys.get(key);
    return { held: state?.held ?? 0, waiting: state?.waiting.length ?? 0 };
  }

  /**
   * The slots `key` may hold now: `perKey`, or `sharedPerKey` while another key is active and
   * `key` dominates (held slots lately for longer than all the active others together).
   */
  limitFor(key: string): number {
    if (this.sharedPerKey === this.perKey) return this.perKey;
    return this.othersActive(key) && this.dominates(key) ? this.sharedPerKey : this.perKey;
  }

  /** Whether a key other than `key` holds a slot, waits for one, or took one within the window. */
  othersActive(key: string): boolean {
    // Holders and waiters are active whenever they started.
    if (this.keys.size > (this.keys.has(key) ? 1 : 0)) return true;
    this.forgetIdle(this.now());
    return this.lastActive.size > (this.lastActive.has(key) ? 1 : 0);
  }

  private dominates(key: string): boolean {
    const now = this.now();
    const mine = this.heldLately(key, this.lastActive.get(key), now);
    if (mine === 0) return false;
    let others = 0;
    for (const [other, activity] of this.lastActive) {
      if (other === key) continue;
      others += this.heldLately(other, activity, now);
      if (others >= mine) return false;
    }
    return true;
  }

  /** How long `key` held slots lately: what it gave back (decayed), and what it holds now. */
  private heldLately(key: string, activity: Activity | undefined, now: number): number {
    const state = this.keys.get(key);
    const holding = state === undefined ? 0 : state.held * now - state.grantedSum;
    return this.returnedLately(activity, now) + holding;
  }

  private returnedLately(activity: Activity | undefined, now: number): number {
    if (activity === undefined) return 0;
    return activity.heldMs * Math.exp((now - activity.at) * this.decay);
  }

  private touch(key: string, heldMs = 0): void {
    const now = this.now();
    const before = this.lastActive.get(key);
    this.lastActive.delete(key);
    this.lastActive.set(key, { at: now, heldMs: this.returnedLately(before, now) + heldMs });
    this.forgetIdle(now);
  }

  /** Forgets the keys idle for longer than the window: the map's order is least recent first. */
  private forgetIdle(now: number): void {
    const horizon = now - this.activeMs;
    for (const [other, activity] of this.lastActive) {
      if (activity.at >= horizon) break;
      this.lastActive.delete(other);
    }
  }

  /** Takes a slot of `key` for its next holder; its release. */
  private grant(key: string, state: SlotState): ReleaseSlot {
    const now = this.now();
    state.held++;
    state.grantedSum += now;
    return this.releaser(key, state, now);
  }

  private releaser(key: string, state: SlotState, grantedAt: number): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.held--;
      state.grantedSum -= grantedAt;
      this.touch(key, this.now() - grantedAt);
      // The freed slot, and any a lifted sharing allows, go to the next in line in order.
      const limit = this.limitFor(key);
      while (state.held < limit && state.waiting.length > 0) {
        const release = this.grant(key, state);
        state.waiting.shift()!(release);
      }
      if (state.held === 0 && state.waiting.length === 0) this.keys.delete(key);
    };
  }
}
