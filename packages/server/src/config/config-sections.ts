import type { Config, DatabaseConfig, DatabaseLocation } from './config.js';
import { bool, int, text, type ConfigReader } from './config-reader.js';
import type { Environment } from './environment.js';
import {
  PRODUCTION_FEES,
  SANDBOX_FEES,
  parseFeeSchedule,
  type FeeSchedule,
} from '../pricing/fees.js';

/** Webhook retry defaults per environment (BRIEF "Deliveries"). */
const RETRY_DEFAULTS = {
  sandbox: { maxRetries: 3, retryDelayMs: 5_000 },
  production: { maxRetries: 4, retryDelayMs: 60_000 },
} as const;

/**
 * After how long a subscription failing without a success is DISABLED (docs/webhooks.md
 * "Delivery alerts"): five days in production, as Svix does; an hour in the sandbox, so an
 * integrator can see it happen. 0 turns it off.
 */
const AUTO_DISABLE_DEFAULTS = { sandbox: 3_600_000, production: 5 * 86_400_000 } as const;

/** How long webhooks stay signed with the old key too after a secret rotation: one day. */
export const DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS = 86_400;

/** How long a replaced subscription secret keeps signing by default: one day (at most 7). */
export const DEFAULT_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS = 86_400;

/** The shortest admin token accepted: 32 characters (e.g. `openssl rand -base64 32` gives 44). */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Token lifetime is fixed by the spec (section 5.4): 23 hours. */
export const TOKEN_LIFETIME_SECONDS = 82_800;

/**
 * COFRE_DATABASE_*: where the database is, its pool, and the deadline of every call. The pool's
 * size is also returned on its own: on SQLite, which has no pool, it still sizes the per-customer
 * allowance (readRateLimit).
 */
export function readDatabase(
  r: ConfigReader,
  environment: Environment,
): { database: DatabaseConfig; poolSize: number } {
  const poolSize = r.read('COFRE_DATABASE_POOL_SIZE', 10, int(1, 1000));
  const timeouts = {
    connectMs: r.read('COFRE_DATABASE_CONNECT_TIMEOUT_MS', 5_000, int(100, 600_000)),
    statementMs: r.read('COFRE_DATABASE_STATEMENT_TIMEOUT_MS', 10_000, int(0, 3_600_000)),
    queryMs: r.read('COFRE_DATABASE_QUERY_TIMEOUT_MS', 12_000, int(0, 3_600_000)),
    busyMs: r.read('COFRE_DATABASE_BUSY_TIMEOUT_MS', 5_000, int(0, 600_000)),
    startupMs: r.read('COFRE_DATABASE_STARTUP_TIMEOUT_MS', 60_000, int(0, 3_600_000)),
  };
  const location = parseDatabaseUrl(
    r.raw('COFRE_DATABASE_URL') ?? `./data/cofre-${environment}.db`,
    poolSize,
    r,
  );
  return { database: { ...location, timeouts }, poolSize };
}

function parseDatabaseUrl(raw: string, poolSize: number, r: ConfigReader): DatabaseLocation {
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      r.problem('COFRE_DATABASE_URL: not a valid postgres:// URL');
    }
    return { engine: 'postgres', url: raw, poolSize };
  }
  if (raw.startsWith('sqlite:')) {
    const filename = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (filename === '') r.problem('COFRE_DATABASE_URL: sqlite: URL names no file');
    return { engine: 'sqlite', filename };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    r.problem(
      `COFRE_DATABASE_URL: unsupported scheme in "${raw.split(':')[0]}:" (use a file path, sqlite: or postgres://)`,
    );
  }
  return { engine: 'sqlite', filename: raw };
}

/** The keys and URLs given as text: the signing key, the public URL, the cursor and admin secrets. */
export type Secrets = Pick<Config, 'publicUrl' | 'cursorSecret' | 'adminToken'> & {
  signingKeyPem: string | undefined;
};

export function readSecrets(r: ConfigReader, environment: Environment): Secrets {
  const signingKeyPem = r.raw('COFRE_TOKEN_SIGNING_KEY');
  if (signingKeyPem !== undefined && !signingKeyPem.includes('BEGIN PRIVATE KEY')) {
    r.problem('COFRE_TOKEN_SIGNING_KEY: must be a PKCS#8 PEM Ed25519 private key');
  }
  // Not through read(): its parsers return a string for a problem, and a URL is a string.
  const rawPublicUrl = r.raw('COFRE_PUBLIC_URL');
  const publicUrl = rawPublicUrl ? parsePublicUrl(rawPublicUrl, environment, r) : undefined;
  const cursorSecret = r.raw('COFRE_CURSOR_SECRET');
  // The back-office exists only with a token (docs/admin.md); a short one could be guessed.
  const adminToken = r.raw('COFRE_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.trim().length < ADMIN_TOKEN_MIN_LENGTH) {
    r.problem(`COFRE_ADMIN_TOKEN: must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters`);
  }
  if (cursorSecret !== undefined && cursorSecret.length < 32) {
    r.problem('COFRE_CURSOR_SECRET: must be at least 32 characters');
  }
  return { signingKeyPem, publicUrl, cursorSecret, adminToken };
}

/**
 * COFRE_PUBLIC_URL: an absolute http(s) URL without query, fragment or credentials (RFC 8414
 * section 2 asks the same of an issuer), kept without a trailing slash; https in production.
 */
function parsePublicUrl(
  raw: string,
  environment: Environment,
  r: ConfigReader,
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    r.problem(
      `COFRE_PUBLIC_URL: must be an absolute URL such as https://api.example.com (got "${raw}")`,
    );
    return undefined;
  }
  const why =
    url.protocol !== 'https:' && url.protocol !== 'http:'
      ? 'must use https (or http for local development)'
      : url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#')
        ? 'must have no query or fragment'
        : url.username !== '' || url.password !== ''
          ? 'must not carry credentials'
          : environment === 'production' && url.protocol !== 'https:'
            ? 'must use https in production'
            : undefined;
  if (why) {
    r.problem(`COFRE_PUBLIC_URL: ${why} (got "${raw}")`);
    return undefined;
  }
  return url.href.replace(/\/+$/, '');
}

/** How the process runs: migrations and demo client on start, HTTP limits, the drain's bound. */
export function readProcess(r: ConfigReader, environment: Environment) {
  return {
    autoMigrate: r.read('COFRE_AUTO_MIGRATE', true, bool),
    bootstrapDemoClient: r.read('COFRE_BOOTSTRAP_DEMO_CLIENT', environment === 'sandbox', bool),
    bodyLimitBytes: r.read('COFRE_BODY_LIMIT_BYTES', 65_536, int(1024, 10 * 1024 * 1024)),
    trustProxy: r.read('COFRE_TRUST_PROXY', false, bool),
    requestTimeoutMs: r.read('COFRE_REQUEST_TIMEOUT_MS', 30_000, int(1_000, 600_000)),
    // Well under Kubernetes' default terminationGracePeriodSeconds (30 s), which ends in SIGKILL.
    shutdownTimeoutMs: r.read('COFRE_SHUTDOWN_TIMEOUT_MS', 20_000, int(100, 3_600_000)),
  } satisfies Partial<Config>;
}

export function readTokens(
  r: ConfigReader,
  environment: Environment,
  secrets: Secrets,
): Config['tokens'] {
  return {
    // With a public URL the issuer is that URL, so RFC 8414 discovery from it finds a matching
    // `issuer`; without one it stays the URN it always was (tokens already issued keep working).
    issuer: r.read('COFRE_TOKEN_ISSUER', secrets.publicUrl ?? `urn:cofre:${environment}`, text),
    audience: r.read('COFRE_TOKEN_AUDIENCE', `urn:cofre:${environment}:api`, text),
    lifetimeSeconds: TOKEN_LIFETIME_SECONDS,
    signingKeyPem: secrets.signingKeyPem,
    verifiedCacheSize: r.read('COFRE_TOKEN_CACHE_SIZE', 10_000, int(0, 10_000_000)),
    clientStateTtlMs: r.read('COFRE_CLIENT_CACHE_TTL_MS', 5_000, int(0, 600_000)),
  };
}

export function readWebhooks(r: ConfigReader, environment: Environment): Config['webhooks'] {
  const retry = RETRY_DEFAULTS[environment];
  return {
    allowLocal: r.read('COFRE_ALLOW_LOCAL_WEBHOOKS', false, bool),
    maxRetries: r.read('COFRE_WEBHOOK_MAX_RETRIES', retry.maxRetries, int(0, 100)),
    retryDelayMs: r.read('COFRE_WEBHOOK_RETRY_DELAY_MS', retry.retryDelayMs, int(1, 86_400_000)),
    timeoutMs: r.read('COFRE_WEBHOOK_TIMEOUT_MS', 10_000, int(100, 120_000)),
    maxSubscriptionsPerCustomer: r.read('COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER', 20, int(1, 10_000)),
    maxConcurrencyPerSubscription: r.read(
      'COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION',
      16,
      int(1, 1_000),
    ),
    keyRotationGraceSeconds: r.read(
      'COFRE_WEBHOOK_KEY_GRACE_SECONDS',
      DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS,
      int(0, 30 * 86_400),
    ),
    // docs/webhooks.md "Catching up: the events feed": how long GET /v1/events keeps an event.
    eventRetentionDays: r.read('COFRE_EVENT_RETENTION_DAYS', 30, int(1, 3_650)),
    secretRotationWindowSeconds: r.read(
      'COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS',
      DEFAULT_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS,
      int(0, 604_800),
    ),
    alerts: {
      windowMs: r.read('COFRE_WEBHOOK_ALERT_WINDOW_MS', 900_000, int(1_000, 7 * 86_400_000)),
      failurePercent: r.read('COFRE_WEBHOOK_ALERT_FAILURE_PERCENT', 50, int(1, 100)),
      minAttempts: r.read('COFRE_WEBHOOK_ALERT_MIN_ATTEMPTS', 5, int(1, 1_000_000)),
      autoDisableAfterMs: r.read(
        'COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS',
        AUTO_DISABLE_DEFAULTS[environment],
        int(0, 365 * 86_400_000),
      ),
    },
  };
}

export function readListen(r: ConfigReader): Config['listen'] {
  return {
    maxStreamsPerCustomer: r.read('COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER', 5, int(1, 10_000)),
    maxStreams: r.read('COFRE_LISTEN_MAX_STREAMS', 500, int(1, 100_000)),
    // Below 2^31 ms: it is a timer's delay.
    pollMs: r.read('COFRE_LISTEN_POLL_MS', 5_000, int(100, 600_000)),
  };
}

export function readWorker(r: ConfigReader): Config['worker'] {
  return {
    leaseMs: r.read('COFRE_WORKER_LEASE_MS', 30_000, int(100, 3_600_000)),
    pollMs: r.read('COFRE_WORKER_POLL_MS', 1_000, int(5, 600_000)),
    // COFRE_WEBHOOK_CONCURRENCY is the deprecated name: it always limited every job, not only webhooks.
    concurrency: r.read(
      'COFRE_WORKER_CONCURRENCY',
      r.read('COFRE_WEBHOOK_CONCURRENCY', 64, int(1, 10_000)),
      int(1, 10_000),
    ),
    maxAttempts: r.read('COFRE_WORKER_MAX_ATTEMPTS', 10, int(1, 1_000)),
    backoffMs: r.read('COFRE_WORKER_BACKOFF_MS', 1_000, int(1, 86_400_000)),
    backoffMaxMs: r.read('COFRE_WORKER_BACKOFF_MAX_MS', 600_000, int(1, 7 * 86_400_000)),
  };
}

export function readExchange(r: ConfigReader, environment: Environment): Config['exchange'] {
  return {
    quoteTtlMs: r.read('COFRE_QUOTE_TTL_MS', 30_000, int(1_000, 3_600_000)),
    orderCheckIntervalMs: r.read(
      'COFRE_ORDER_CHECK_INTERVAL_MS',
      environment === 'sandbox' ? 1_000 : 5_000,
      int(100, 3_600_000),
    ),
    fees: readFees(r, environment === 'sandbox' ? SANDBOX_FEES : PRODUCTION_FEES),
  };
}

function readFees(r: ConfigReader, fallback: FeeSchedule): FeeSchedule {
  const raw = r.raw('COFRE_FEES');
  if (raw === undefined) return fallback;
  const parsed = parseFeeSchedule(raw);
  if (typeof parsed === 'string') {
    r.problem(`COFRE_FEES: ${parsed}`);
    return fallback;
  }
  return parsed;
}

export function readMetrics(r: ConfigReader): Config['metrics'] {
  return {
    port: r.read<number | undefined>('COFRE_METRICS_PORT', undefined, int(0, 65_535)),
    host: r.read('COFRE_METRICS_HOST', '127.0.0.1', text),
    overdueMs: r.read('COFRE_METRICS_OVERDUE_MS', 30_000, int(0, 86_400_000)),
    cacheMs: r.read('COFRE_METRICS_CACHE_MS', 5_000, int(0, 600_000)),
  };
}

export function readRateLimit(r: ConfigReader, poolSize: number): Config['rateLimit'] {
  return {
    requestsPerMinute: r.read('COFRE_RATE_LIMIT_PER_MINUTE', 6_000, int(0, 100_000_000)),
    syncMs: r.read('COFRE_RATE_LIMIT_SYNC_MS', 250, int(10, 60_000)),
    tokenFailuresPerMinute: r.read('COFRE_TOKEN_FAILURES_PER_MINUTE', 10, int(1, 100_000)),
    // Half the pool: whatever one customer sends, the others find connections (bench:neighbour).
    inFlightPerCustomer: r.read(
      'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER',
      Math.max(1, Math.floor(poolSize / 2)),
      int(0, 100_000),
    ),
    // One at a time while others are there: a busy customer's statements then never hold every
    // core of the database (or the event loop) from the others (bench:neighbour).
    inFlightPerCustomerShared: r.read(
      'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED',
      1,
      int(1, 100_000),
    ),
    // Half of a busy process for the customer that dominates it while others are active.
    customerLoopSharePercent: r.read('COFRE_CUSTOMER_LOOP_SHARE', 50, int(1, 100)),
  };
}
