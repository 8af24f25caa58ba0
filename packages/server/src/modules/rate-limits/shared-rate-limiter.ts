import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { WindowShares, type RateDecision } from '../../lib/rate-limiter.js';
import { readOthers, sweepCounts, writeOwn } from './rate-limit-counts.repository.js';

export interface SharedRateLimiterOptions {
  /** Requests per window for a client without an override (COFRE_RATE_LIMIT_PER_MINUTE). */
  defaultLimit: number;
  windowMs: number;
  /** How often the counts are exchanged with the other processes (COFRE_RATE_LIMIT_SYNC_MS). */
  syncMs: number;
}

/** Rounds of exchange a request waits for at most before it is refused. */
const MAX_ROUNDS = 8;
/** Clients per exchange statement, well within either engine's bound on parameters. */
const CHUNK = 1_000;

/**
 * The per-client limit of /v1, shared by every API process on the database (docs/api.md "Rate
 * limits"). Requests are counted in memory (lib/rate-limiter.ts WindowShares); every `syncMs`
 * the process reads the others' rows of the clients it served and writes its own, in one
 * SELECT and one UPSERT whatever the traffic. A request waits for an exchange only when its
 * process has used its claim, or meets the client for the first time in a window; concurrent
 * waiters share one exchange, and one that found nothing free waits for the next periodic one.
 */
export class SharedRateLimiter {
  private readonly shares: WindowShares;
  private readonly processId = randomUUID();
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextTick: { promise: Promise<void>; resolve: () => void } | undefined;
  private lastSweep = 0;
  private onError: ((error: unknown) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: SharedRateLimiterOptions,
  ) {
    this.shares = new WindowShares(options.windowMs);
  }

  /**
   * Starts the periodic exchange; the timer never keeps the process alive. `onError` is told
   * when an exchange fails (the process then goes on with its own counts alone).
   */
  start(onError?: (error: unknown) => void): void {
    this.onError = onError;
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.syncMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what was counted since the last exchange. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.exchange();
    this.nextTick?.resolve();
  }

  /** Counts one request of `clientId` under its override, or the default limit. */
  async take(clientId: string, override: number | undefined): Promise<RateDecision> {
    const limit = override ?? this.options.defaultLimit;
    for (let round = 0; ; round += 1) {
      const decision = this.shares.decide(clientId, limit, this.clock.now());
      if (decision.kind === 'allowed' || decision.kind === 'limited') return decision;
      if (round === MAX_ROUNDS || (decision.kind === 'wait' && this.timer === undefined)) {
        // Other requests of this process kept taking each new claim first: refuse this one
        // rather than wait without bound; its client is close to the limit anyway.
        return this.shares.refusal(clientId, this.clock.now());
      }
      await (decision.kind === 'wait' ? this.waitForTick() : this.exchange());
    }
  }

  private waitForTick(): Promise<void> {
    if (!this.nextTick) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      this.nextTick = { promise, resolve };
    }
    return this.nextTick.promise;
  }

  private async tick(): Promise<void> {
    const waiting = this.nextTick;
    this.nextTick = undefined;
    await this.exchange();
    waiting?.resolve();
  }

  /** One exchange at a time; callers arriving meanwhile wait for the one under way. */
  private exchange(): Promise<void> {
    this.inFlight ??= this.runExchange().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runExchange(): Promise<void> {
    const now = this.clock.now();
    const window = this.shares.windowOf(now);
    const clients = this.shares.pending(now);
    // Clients whose claim this exchange has decided (from a reading of the others): a write
    // that fails after that leaves the claim standing, unpublished until the next exchange.
    // Settling them again as if alone would find them idle and take their claim away.
    let settled = 0;
    try {
      for (let done = 0; done < clients.length; done += CHUNK) {
        const chunk = clients.slice(done, done + CHUNK);
        const others = await readOthers(this.db, this.processId, window, chunk);
        const rows = this.shares.settle(window, chunk, others);
        settled = done + chunk.length;
        await writeOwn(this.db, this.processId, window, rows);
      }
      if (now - this.lastSweep >= this.options.windowMs) {
        this.lastSweep = now;
        await sweepCounts(this.db, window);
      }
    } catch (error) {
      // The database is out of reach: each process limits on its own counts until it is back.
      this.shares.settle(window, clients.slice(settled), []);
      this.onError?.(error);
    }
  }
}
