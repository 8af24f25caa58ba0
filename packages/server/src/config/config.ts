import type { FeeSchedule } from '../pricing/fees.js';
import { ENVIRONMENTS, type Environment } from './environment.js';

import type { RailsConfig } from './rails-config.js';

/** The whole configuration, validated once at start and frozen. docs/config.md documents each key. */
/** When a subscription's failures raise alerts, and when they disable it. */
export interface AlertPolicy {
  /** The fixed window over which the failure rate is counted. */
  readonly windowMs: number;
  /** SUBSCRIPTION_FAILING when at least this share of the window's attempts failed. */
  readonly failurePercent: number;
  /** …and the window has at least this many attempts (one failure alone is not a rate). */
  readonly minAttempts: number;
  /** Failing without a success for this long disables the subscription; 0: never. */
  readonly autoDisableAfterMs: number;
}

export interface Config {
  readonly environment: Environment;
  readonly host: string;
  readonly port: number;
  readonly database: DatabaseConfig;
  readonly logLevel: LogLevel;
  /** How log lines are written: JSON, pino-pretty, or `auto` (logger.ts decides). */
  readonly logFormat: LogFormat;
  readonly autoMigrate: boolean;
  readonly bootstrapDemoClient: boolean;
  readonly bodyLimitBytes: number;
  readonly trustProxy: boolean;
  /**
   * Longest a request may take to arrive, headers and body (Node's `requestTimeout`); a slower
   * one is answered 408 and its connection closed. Headers alone get at most the smaller of this
   * and 10 s.
   */
  readonly requestTimeoutMs: number;
  /**
   * Hard bound of a SIGTERM/SIGINT drain (shutdown.ts): past it, connections still open are
   * destroyed, jobs still running give their leases back, and the process exits.
   */
  readonly shutdownTimeoutMs: number;
  /**
   * Where clients reach this API (COFRE_PUBLIC_URL), without a trailing slash: the base of the
   * absolute URLs in the OAuth metadata, and the default token issuer. Undefined = not configured.
   */
  readonly publicUrl: string | undefined;
  readonly tokens: {
    readonly issuer: string;
    readonly audience: string;
    readonly lifetimeSeconds: number;
    /** PKCS#8 PEM of an Ed25519 key; when absent the key is created once and kept in the database. */
    readonly signingKeyPem: string | undefined;
    readonly verifiedCacheSize: number;
    readonly clientStateTtlMs: number;
  };
  /** HMAC key for cursors; when absent it is created once and kept in the database. */
  readonly cursorSecret: string | undefined;
  /** Bearer token of the back-office API (/admin/v1); undefined = the admin API does not exist. */
  readonly adminToken: string | undefined;
  /** Serve the web console at /console (COFRE_CONSOLE, docs/console.md). */
  readonly console: boolean;
  readonly webhooks: {
    /** Permit http:// loopback receivers (local development, tests); refused in production. */
    readonly allowLocal: boolean;
    /** Retries after the first attempt, when the subscription allows retries. */
    readonly maxRetries: number;
    /** Fixed delay between attempts (spec section 8). */
    readonly retryDelayMs: number;
    readonly timeoutMs: number;
    readonly maxSubscriptionsPerCustomer: number;
    /** The highest `maxConcurrency` a subscription may ask for (attempts in flight at once). */
    readonly maxConcurrencyPerSubscription: number;
    /** After a secret rotation, messages are signed with the old key too for this long. */
    readonly keyRotationGraceSeconds: number;
    /** Events (with their settled messages and attempts) older than this are deleted by a job. */
    readonly eventRetentionDays: number;
    /** After a subscription secret rotation, the replaced secret signs too for this long (default). */
    readonly secretRotationWindowSeconds: number;
    /** Delivery alerts (docs/webhooks.md "Delivery alerts"; webhooks/health/delivery-alerts.ts). */
    readonly alerts: AlertPolicy;
  };
  /** `cofre listen` streams (docs/webhooks.md "Limits"). */
  readonly listen: {
    /** Streams one customer may have open at once on one API process. */
    readonly maxStreamsPerCustomer: number;
    /** Streams one API process serves at once, of all customers. */
    readonly maxStreams: number;
    /** The longest an idle stream goes without reading, should a wake-up have been missed. */
    readonly pollMs: number;
  };
  readonly worker: {
    /** How long a claimed job is reserved; a job whose lease runs out is claimed again. */
    readonly leaseMs: number;
    /** Fallback poll interval when no wake-up arrives (other processes on SQLite). */
    readonly pollMs: number;
    /** Jobs in flight per worker process, of every kind (webhook attempts, lifecycle steps). */
    readonly concurrency: number;
    /** Handler failures after which a job is parked for an operator (jobs/job-backoff.ts). */
    readonly maxAttempts: number;
    /** Backoff after a handler's first failure; it doubles per failure up to `backoffMaxMs`. */
    readonly backoffMs: number;
    readonly backoffMaxMs: number;
  };
  readonly sandbox: {
    /** Delay of each simulated lifecycle step (review, settlement, activation). */
    readonly stepDelayMs: number;
  };
  readonly idempotencyTtlMs: number;
  readonly exchange: {
    /** How long a quote can be used (docs/api.md "Quotes"). */
    readonly quoteTtlMs: number;
    /** How often an open limit order compares its limit price with the current rate. */
    readonly orderCheckIntervalMs: number;
    /** What cofre charges (pricing/fees.ts; COFRE_FEES). */
    readonly fees: FeeSchedule;
  };
  /** Prometheus metrics (docs/metrics.md). */
  readonly metrics: {
    /** A separate listener for GET /metrics; undefined = served on the main port (not for `worker`). */
    readonly port: number | undefined;
    /** Bind address of that listener; loopback by default so it stays private. */
    readonly host: string;
    /** A due job waiting longer than this counts as overdue (`cofre_jobs_overdue`). */
    readonly overdueMs: number;
    /** Scrape-time database figures are reused for this long, so fast scrapers cannot load the database. */
    readonly cacheMs: number;
  };
  readonly rateLimit: {
    /** Requests per minute per API client on /v1; 0 turns the limit off. */
    readonly requestsPerMinute: number;
    /** How often each API process exchanges its counts with the others (modules/rate-limits). */
    readonly syncMs: number;
    /** Failed token requests per minute, per client id and per source address. */
    readonly tokenFailuresPerMinute: number;
    /**
     * Requests of one customer handled at once per process (more wait their turn, past a bound
     * 429); 0 turns it off. Default: half the database pool (plugins/customer-concurrency.ts).
     */
    readonly inFlightPerCustomer: number;
    /**
     * The allowance of the customer that dominates this process (held slots lately for longer
     * than all the others together) while another is active (a request within the last second):
     * at most `inFlightPerCustomer` (lib/fair-slots.ts).
     */
    readonly inFlightPerCustomerShared: number;
    /**
     * The percentage of a busy process the customer that dominates it may take while others
     * are active (lib/loop-share.ts); 100: no pacing. Default 50.
     */
    readonly customerLoopSharePercent: number;
  };
  /** Production settlement by itself, per asset/network (docs/rails.md); none configured: back-office. */
  readonly rails: RailsConfig;
}

export type DatabaseConfig = DatabaseLocation & { readonly timeouts: DatabaseTimeouts };

/** Which engine, and where (COFRE_DATABASE_URL). */
export type DatabaseLocation =
  | { readonly engine: 'sqlite'; readonly filename: string }
  | { readonly engine: 'postgres'; readonly url: string; readonly poolSize: number };

/** Deadlines of every database call (docs/config.md "Database deadlines"); 0 turns one off. */
export interface DatabaseTimeouts {
  /** PostgreSQL: opening a connection, and waiting for a free one in the pool. */
  readonly connectMs: number;
  /** PostgreSQL `statement_timeout`: the server cancels a statement running longer. */
  readonly statementMs: number;
  /** PostgreSQL, client side: a statement with no answer (a frozen server) fails after this. */
  readonly queryMs: number;
  /** SQLite `busy_timeout`: how long a statement waits for another writer's lock. */
  readonly busyMs: number;
  /** How long start-up waits for an unreachable database before giving up. */
  readonly startupMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export { ENVIRONMENTS, type Environment };
