/**
 * What a client's limit looks like after one request: the IETF RateLimit fields' values
 * (draft-ietf-httpapi-ratelimit-headers-11, sections 3 and 4; plugins/rate-limit-headers.ts).
 */
export interface RateLimitStatus {
  /** The quota: requests per window (`q`). */
  limit: number;
  /** The window in seconds (`w`). */
  windowSeconds: number;
  /** Requests left in this window as this process knows it (`r`). */
  remaining: number;
  /** Seconds until the window ends and the quota is whole again (`t`; a 429's Retry-After). */
  resetSeconds: number;
}

export type RateDecision =
  { kind: 'allowed'; status: RateLimitStatus } | { kind: 'limited'; status: RateLimitStatus };

/** What one process learns from the others about one client's window in an exchange. */
export interface SharedCount {
  clientId: string;
  /** Requests the other processes admitted for this client in the window. */
  others: number;
  /** What the others may admit before their next exchange, in all (their claims). */
  claimed: number;
  /** How many other processes wrote a row for this client in the window. */
  processes: number;
}

/** This process's row for one client in the window, as written for the others to read. */
export interface LocalCount {
  clientId: string;
  /** Admitted so far. */
  count: number;
  /** The most it may admit before its next exchange (its count plus its share). */
  claimed: number;
}

interface Entry {
  window: number;
  limit: number;
  /** Admitted by this process in `window`. */
  local: number;
  /** `local` as last written; undefined before the first exchange of the window. */
  written: number | undefined;
  /** What the other processes had admitted, as of the last exchange. */
  others: number;
  /** `local` may grow to this before the process must exchange again (its claim). */
  allowance: number;
  /** The last exchange found nothing free: wait for the others' next exchange, do not force one. */
  starved: boolean;
  /** A request waits for the next exchange (so it is not an idle claim to give back). */
  wanted: boolean;
}

/**
 * Fixed windows (aligned on the epoch, so every process agrees where one starts) counted per
 * client in this process and reconciled with the other processes by exchanging rows
 * (modules/rate-limits). Each process claims a share of what nobody has claimed yet and admits
 * up to its claim without asking anyone; the claims together never exceed the limit except
 * for exchanges that cross each other (then by at most one share each). A process that has
 * used its claim, or meets a client for the first time in a window, exchanges before it admits
 * more (`decide` answers `exchange`); an idle claim is given back at the next exchange, so a
 * process that stopped receiving a client's requests does not hold the others back. Pure: the
 * caller brings the time and the exchanges.
 */
export class WindowShares {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** The window `now` falls in, as its start (epoch ms). */
  windowOf(now: number): number {
    return now - (now % this.windowMs);
  }

  /**
   * Admits (and counts) one request, refuses it, or asks for an exchange first: `exchange`
   * when one may be forced now, `wait` when the last one found nothing free (the next
   * periodic exchange may: another process gives back an idle claim).
   */
  decide(
    clientId: string,
    limit: number,
    now: number,
  ): RateDecision | { kind: 'exchange' } | { kind: 'wait' } {
    const entry = this.entryFor(clientId, limit, now);
    const used = entry.others + entry.local;
    if (used >= entry.limit) return { kind: 'limited', status: this.status(entry, now, used) };
    if (entry.written === undefined || entry.local >= entry.allowance) {
      entry.wanted = true;
      return { kind: entry.written !== undefined && entry.starved ? 'wait' : 'exchange' };
    }
    entry.local += 1;
    return { kind: 'allowed', status: this.status(entry, now, used + 1) };
  }

  /**
   * The clients to exchange: every one met in this window whose count changed since the last
   * exchange (one met but not yet admitted too: the others must count its process), and every
   * one holding a claim it did not use since (to give it back). Entries of past windows are
   * dropped on the way: they decide nothing any more.
   */
  pending(now: number): string[] {
    const window = this.windowOf(now);
    const clients: string[] = [];
    for (const [clientId, entry] of this.entries) {
      if (entry.window !== window) this.entries.delete(clientId);
      else if (entry.wanted || entry.local !== entry.written || entry.allowance > entry.local) {
        clients.push(clientId);
      }
    }
    return clients;
  }

  /**
   * Takes an exchange's reading (`shared`; a client missing from it has no other process) and
   * answers the rows to write. A client that was served since its last exchange claims its
   * share of what is free: divided among the processes seen, or in half while it sees none (a
   * process it cannot see yet may be claiming too), at least one request while any is free. A
   * client that was not served gives its claim back.
   */
  settle(
    window: number,
    clientIds: readonly string[],
    shared: readonly SharedCount[],
  ): LocalCount[] {
    const seen = new Map(shared.map((s) => [s.clientId, s]));
    const rows: LocalCount[] = [];
    for (const clientId of clientIds) {
      const entry = this.entries.get(clientId);
      if (!entry || entry.window !== window) continue;
      const others = seen.get(clientId);
      const idle = !entry.wanted && entry.local === entry.written;
      entry.others = others?.others ?? 0;
      const free = entry.limit - Math.max(others?.claimed ?? 0, entry.others) - entry.local;
      const share =
        idle || free <= 0 ? 0 : Math.max(1, Math.floor(free / ((others?.processes ?? 1) + 1)));
      entry.allowance = entry.local + share;
      entry.starved = !idle && share === 0;
      entry.written = entry.local;
      entry.wanted = false;
      rows.push({ clientId, count: entry.local, claimed: entry.allowance });
    }
    return rows;
  }

  /** A refusal of `clientId` with its current status (a request that could not get a share). */
  refusal(clientId: string, now: number): RateDecision {
    const entry = this.entries.get(clientId);
    if (!entry) throw new Error(`rate limiter: no entry for ${clientId}`);
    return { kind: 'limited', status: this.status(entry, now, entry.limit) };
  }

  private entryFor(clientId: string, limit: number, now: number): Entry {
    const window = this.windowOf(now);
    let entry = this.entries.get(clientId);
    if (!entry || entry.window !== window) {
      if (!entry) this.makeRoom(window);
      entry = {
        window,
        limit,
        local: 0,
        written: undefined,
        others: 0,
        allowance: 0,
        starved: false,
        wanted: false,
      };
      this.entries.set(clientId, entry);
    }
    // A changed override takes effect at once; the claim follows at the next exchange.
    if (entry.limit !== limit) {
      entry.limit = limit;
      entry.allowance = Math.min(entry.allowance, Math.max(entry.local, limit - entry.others));
      entry.starved = false;
    }
    return entry;
  }
  private status(entry: Entry, now: number, used: number): RateLimitStatus {
    return {
      limit: entry.limit,
      windowSeconds: Math.ceil(this.windowMs / 1000),
      remaining: Math.max(0, entry.limit - used),
      resetSeconds: Math.max(1, Math.ceil((entry.window + this.windowMs - now) / 1000)),
    };
  }

  /** Drops entries of past windows (they carry nothing) before the map grows past its bound. */
  private makeRoom(window: number): void {
    if (this.entries.size < this.maxKeys) return;
    for (const [key, entry] of this.entries) {
      if (entry.window !== window) this.entries.delete(key);
    }
    // Under a flood of distinct clients, forget the oldest rather than grow without bound.
    while (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
