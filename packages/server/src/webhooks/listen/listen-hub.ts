import type { ListenSignal } from './listen-signal.js';

/** How many listen streams one API process serves at once (docs/webhooks.md "Limits"). */
export interface ListenLimits {
  /** Streams of one customer (COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER). */
  perCustomer: number;
  /** Streams of everyone (COFRE_LISTEN_MAX_STREAMS). */
  perProcess: number;
}

/** Why the hub ended a stream; a stream finds its other reasons itself (deleted, refused token). */
export type HubEnd = 'replaced' | 'draining';

export type OpenOutcome =
  | { kind: 'opened'; stream: HubStream }
  | { kind: 'refused'; scope: 'customer' | 'process'; limit: number };

/**
 * One open stream's place in the hub: its slot, counted until `release`, and its wake-ups. A
 * wake while the stream is busy is remembered, so the next `wait` returns at once and nothing
 * announced between two reads is missed.
 */
export class HubStream {
  /** Set when the hub ends the stream; the stream then finishes and releases its slot. */
  ended: HubEnd | undefined;
  private woken = false;
  private waiter: (() => void) | undefined;
  private released = false;

  constructor(
    readonly customerId: string,
    readonly subscriptionId: string,
    private readonly onRelease: (stream: HubStream) => void,
  ) {}

  /** Something the stream relays may have changed, or it must stop: it looks again now. */
  wake(): void {
    this.woken = true;
    this.waiter?.();
  }

  end(reason: HubEnd): void {
    this.ended ??= reason;
    this.wake();
  }

  /** Resolves on the next wake (or one since the last wait): true; or after `ms`: false. */
  wait(ms: number): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.waiter = undefined;
        this.woken = false;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), Math.max(0, ms));
      this.waiter = () => done(true);
    });
  }

  /** Gives the slot back; whatever ended the stream, once. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.waiter?.();
    this.onRelease(this);
  }
}

/**
 * This API process's listen streams, built once (app.ts): it counts them against the limits and
 * wakes them, by subscription, when the ListenSignal says something changed. One stream per
 * subscription per process: a new connection for a subscription replaces the one open here
 * (which ends with a `replaced` event), so a client reconnecting over a connection the server
 * still thinks alive (a half-open TCP connection after a network drop) gets through at once
 * and never gets the subscription's messages twice in parallel from this process.
 */
export class ListenHub {
  private readonly streams = new Map<string, HubStream>();
  private readonly perCustomer = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly limits: ListenLimits,
    signal: ListenSignal,
  ) {
    signal.subscribe((subscriptionId) => {
      if (subscriptionId === undefined) for (const stream of this.streams.values()) stream.wake();
      else this.streams.get(subscriptionId)?.wake();
    });
  }

  /** Streams open now, in all and of one customer. */
  count(customerId?: string): number {
    return customerId === undefined ? this.total : (this.perCustomer.get(customerId) ?? 0);
  }

  /**
   * A slot for a new stream of the subscription, or which limit refuses it. The stream it
   * replaces does not count against the new one.
   */
  open(customerId: string, subscriptionId: string): OpenOutcome {
    const replaced = this.streams.get(subscriptionId);
    const freed = replaced ? 1 : 0;
    if (this.count(customerId) - freed >= this.limits.perCustomer) {
      return { kind: 'refused', scope: 'customer', limit: this.limits.perCustomer };
    }
    if (this.total - freed >= this.limits.perProcess) {
      return { kind: 'refused', scope: 'process', limit: this.limits.perProcess };
    }
    if (replaced) {
      replaced.end('replaced');
      this.uncount(replaced);
    }
    const stream = new HubStream(customerId, subscriptionId, (s) => this.uncount(s));
    this.streams.set(subscriptionId, stream);
    this.perCustomer.set(customerId, this.count(customerId) + 1);
    this.total += 1;
    return { kind: 'opened', stream };
  }

  /** Ends every stream (the server is closing): their clients reconnect, to another process. */
  endAll(): void {
    for (const stream of this.streams.values()) stream.end('draining');
  }

  private uncount(stream: HubStream): void {
    // Replaced streams were uncounted when replaced; their own release finds them gone.
    if (this.streams.get(stream.subscriptionId) !== stream) return;
    this.streams.delete(stream.subscriptionId);
    this.total -= 1;
    const left = this.count(stream.customerId) - 1;
    if (left > 0) this.perCustomer.set(stream.customerId, left);
    else this.perCustomer.delete(stream.customerId);
  }
}
