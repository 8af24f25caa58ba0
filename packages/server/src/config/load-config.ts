import {
  LOG_FORMATS,
  LOG_LEVELS,
  type Config,
  type DatabaseLocation,
  type LogFormat,
  type LogLevel,
} from './config.js';
import { ENVIRONMENTS, type Environment } from './environment.js';
import {
  PRODUCTION_FEES,
  SANDBOX_FEES,
  parseFeeSchedule,
  type FeeSchedule,
} from '../pricing/fees.js';

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Every key this loader reads; anything else starting with COFRE_ is reported as unknown. */
export const CONFIG_KEYS = [
  'PORT',
  'HOST',
  'COFRE_ENVIRONMENT',
  'COFRE_DATABASE_URL',
  'COFRE_DATABASE_POOL_SIZE',
  'COFRE_DATABASE_CONNECT_TIMEOUT_MS',
  'COFRE_DATABASE_STATEMENT_TIMEOUT_MS',
  'COFRE_DATABASE_QUERY_TIMEOUT_MS',
  'COFRE_DATABASE_BUSY_TIMEOUT_MS',
  'COFRE_DATABASE_STARTUP_TIMEOUT_MS',
  'COFRE_LOG_LEVEL',
  'COFRE_LOG_FORMAT',
  'COFRE_AUTO_MIGRATE',
  'COFRE_BOOTSTRAP_DEMO_CLIENT',
  'COFRE_BODY_LIMIT_BYTES',
  'COFRE_TRUST_PROXY',
  'COFRE_REQUEST_TIMEOUT_MS',
  'COFRE_SHUTDOWN_TIMEOUT_MS',
  'COFRE_PUBLIC_URL',
  'COFRE_TOKEN_ISSUER',
  'COFRE_TOKEN_AUDIENCE',
  'COFRE_TOKEN_SIGNING_KEY',
  'COFRE_TOKEN_CACHE_SIZE',
  'COFRE_CLIENT_CACHE_TTL_MS',
  'COFRE_CURSOR_SECRET',
  'COFRE_RATE_LIMIT_PER_MINUTE',
  'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER',
  'COFRE_TOKEN_FAILURES_PER_MINUTE',
  'COFRE_ALLOW_LOCAL_WEBHOOKS',
  'COFRE_WEBHOOK_MAX_RETRIES',
  'COFRE_WEBHOOK_RETRY_DELAY_MS',
  'COFRE_WEBHOOK_TIMEOUT_MS',
  'COFRE_WEBHOOK_CONCURRENCY',
  'COFRE_WEBHOOK_KEY_GRACE_SECONDS',
  'COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS',
  'COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION',
  'COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER',
  'COFRE_EVENT_RETENTION_DAYS',
  'COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER',
  'COFRE_LISTEN_MAX_STREAMS',
  'COFRE_LISTEN_POLL_MS',
  'COFRE_WORKER_LEASE_MS',
  'COFRE_WORKER_POLL_MS',
  'COFRE_WORKER_CONCURRENCY',
  'COFRE_WORKER_MAX_ATTEMPTS',
  'COFRE_WORKER_BACKOFF_MS',
  'COFRE_WORKER_BACKOFF_MAX_MS',
  'COFRE_SANDBOX_STEP_DELAY_MS',
  'COFRE_IDEMPOTENCY_TTL_MS',
  'COFRE_ADMIN_TOKEN',
  'COFRE_CONSOLE',
  // Read by `cofre listen` (the client side, docs/webhooks.md), never by the server: known here
  // so a shell that exports them can still run `cofre serve`.
  'COFRE_CLIENT_ID',
  'COFRE_CLIENT_SECRET',
  'COFRE_QUOTE_TTL_MS',
  'COFRE_ORDER_CHECK_INTERVAL_MS',
  'COFRE_FEES',
  'COFRE_METRICS_PORT',
  'COFRE_METRICS_HOST',
  'COFRE_METRICS_OVERDUE_MS',
  'COFRE_METRICS_CACHE_MS',
] as const;

/** Webhook retry defaults per environment (BRIEF "Deliveries"). */
const RETRY_DEFAULTS = {
  sandbox: { maxRetries: 3, retryDelayMs: 5_000 },
  production: { maxRetries: 4, retryDelayMs: 60_000 },
} as const;

/** How long webhooks stay signed with the old key too after a secret rotation: one day. */
export const DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS = 86_400;

/** How long a replaced subscription secret keeps signing by default: one day (at most 7). */
export const DEFAULT_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS = 86_400;

/** The shortest admin token accepted: 32 characters (e.g. `openssl rand -base64 32` gives 44). */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Token lifetime is fixed by the spec (section 5.4): 23 hours. */
export const TOKEN_LIFETIME_SECONDS = 82_800;

/**
 * Reads the configuration from environment variables. Every bad key is collected and reported
 * in one ConfigError, so an operator fixes them all in one go.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = <T>(key: string, fallback: T, parse: (raw: string) => T | string): T => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const parsed = parse(raw);
    if (typeof parsed === 'string' && typeof fallback !== 'string') {
      problems.push(`${key}: ${parsed}`);
      return fallback;
    }
    return parsed as T;
  };
  const oneOf =
    <T extends string>(values: readonly T[], key: string) =>
    (raw: string): T => {
      if ((values as readonly string[]).includes(raw)) return raw as T;
      problems.push(`${key}: must be one of ${values.join(', ')} (got "${raw}")`);
      return values[0]!;
    };
  const int = (min: number, max: number) => (raw: string) => {
    const n = Number(raw);
    return /^\d+$/.test(raw) && n >= min && n <= max
      ? n
      : `must be a whole number from ${min} to ${max} (got "${raw}")`;
  };
  const bool = (raw: string) =>
    raw === 'true' || raw === '1'
      ? true
      : raw === 'false' || raw === '0'
        ? false
        : `must be true or false (got "${raw}")`;

  for (const key of Object.keys(env)) {
    if (key.startsWith('COFRE_') && !(CONFIG_KEYS as readonly string[]).includes(key)) {
      problems.push(`${key}: unknown setting (see docs/config.md)`);
    }
  }

  const environment = read<Environment>(
    'COFRE_ENVIRONMENT',
    'sandbox',
    oneOf(ENVIRONMENTS, 'COFRE_ENVIRONMENT'),
  );
  const port = read('PORT', 8080, int(0, 65_535));
  const host = read('HOST', '127.0.0.1', (raw) => raw);
  const poolSize = read('COFRE_DATABASE_POOL_SIZE', 10, int(1, 1000));
  const timeouts = {
    connectMs: read('COFRE_DATABASE_CONNECT_TIMEOUT_MS', 5_000, int(100, 600_000)),
    statementMs: read('COFRE_DATABASE_STATEMENT_TIMEOUT_MS', 10_000, int(0, 3_600_000)),
    queryMs: read('COFRE_DATABASE_QUERY_TIMEOUT_MS', 12_000, int(0, 3_600_000)),
    busyMs: read('COFRE_DATABASE_BUSY_TIMEOUT_MS', 5_000, int(0, 600_000)),
    startupMs: read('COFRE_DATABASE_STARTUP_TIMEOUT_MS', 60_000, int(0, 3_600_000)),
  };
  const database = {
    ...parseDatabaseUrl(
      env.COFRE_DATABASE_URL || `./data/cofre-${environment}.db`,
      poolSize,
      problems,
    ),
    timeouts,
  };
  const logLevel = read<LogLevel>('COFRE_LOG_LEVEL', 'info', oneOf(LOG_LEVELS, 'COFRE_LOG_LEVEL'));
  const logFormat = read<LogFormat>(
    'COFRE_LOG_FORMAT',
    'auto',
    oneOf(LOG_FORMATS, 'COFRE_LOG_FORMAT'),
  );

  const signingKeyPem = env.COFRE_TOKEN_SIGNING_KEY || undefined;
  if (signingKeyPem !== undefined && !signingKeyPem.includes('BEGIN PRIVATE KEY')) {
    problems.push('COFRE_TOKEN_SIGNING_KEY: must be a PKCS#8 PEM Ed25519 private key');
  }
  // Not through read(): its parsers return a string for a problem, and a URL is a string.
  const publicUrl = env.COFRE_PUBLIC_URL
    ? parsePublicUrl(env.COFRE_PUBLIC_URL, environment, problems)
    : undefined;
  const cursorSecret = env.COFRE_CURSOR_SECRET || undefined;
  // The back-office exists only with a token (docs/admin.md); a short one could be guessed.
  const adminToken = env.COFRE_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.trim().length < ADMIN_TOKEN_MIN_LENGTH) {
    problems.push(`COFRE_ADMIN_TOKEN: must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters`);
  }
  if (cursorSecret !== undefined && cursorSecret.length < 32) {
    problems.push('COFRE_CURSOR_SECRET: must be at least 32 characters');
  }

  const config: Config = {
    environment,
    host,
    port,
    database,
    logLevel,
    logFormat,
    autoMigrate: read('COFRE_AUTO_MIGRATE', true, bool),
    bootstrapDemoClient: read('COFRE_BOOTSTRAP_DEMO_CLIENT', environment === 'sandbox', bool),
    bodyLimitBytes: read('COFRE_BODY_LIMIT_BYTES', 65_536, int(1024, 10 * 1024 * 1024)),
    trustProxy: read('COFRE_TRUST_PROXY', false, bool),
    requestTimeoutMs: read('COFRE_REQUEST_TIMEOUT_MS', 30_000, int(1_000, 600_000)),
    // Well under Kubernetes' default terminationGracePeriodSeconds (30 s), which ends in SIGKILL.
    shutdownTimeoutMs: read('COFRE_SHUTDOWN_TIMEOUT_MS', 20_000, int(100, 3_600_000)),
    publicUrl,
    tokens: {
      // With a public URL the issuer is that URL, so RFC 8414 discovery from it finds a matching
      // `issuer`; without one it stays the URN it always was (tokens already issued keep working).
      issuer: read('COFRE_TOKEN_ISSUER', publicUrl ?? `urn:cofre:${environment}`, (raw) => raw),
      audience: read('COFRE_TOKEN_AUDIENCE', `urn:cofre:${environment}:api`, (raw) => raw),
      lifetimeSeconds: TOKEN_LIFETIME_SECONDS,
      signingKeyPem,
      verifiedCacheSize: read('COFRE_TOKEN_CACHE_SIZE', 10_000, int(0, 10_000_000)),
      clientStateTtlMs: read('COFRE_CLIENT_CACHE_TTL_MS', 5_000, int(0, 600_000)),
    },
    cursorSecret,
    adminToken,
    console: read('COFRE_CONSOLE', true, bool),
    webhooks: {
      allowLocal: read('COFRE_ALLOW_LOCAL_WEBHOOKS', false, bool),
      maxRetries: read(
        'COFRE_WEBHOOK_MAX_RETRIES',
        RETRY_DEFAULTS[environment].maxRetries,
        int(0, 100),
      ),
      retryDelayMs: read(
        'COFRE_WEBHOOK_RETRY_DELAY_MS',
        RETRY_DEFAULTS[environment].retryDelayMs,
        int(1, 86_400_000),
      ),
      timeoutMs: read('COFRE_WEBHOOK_TIMEOUT_MS', 10_000, int(100, 120_000)),
      maxSubscriptionsPerCustomer: read('COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER', 20, int(1, 10_000)),
      maxConcurrencyPerSubscription: read(
        'COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION',
        16,
        int(1, 1_000),
      ),
      keyRotationGraceSeconds: read(
        'COFRE_WEBHOOK_KEY_GRACE_SECONDS',
        DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS,
        int(0, 30 * 86_400),
      ),
      // docs/webhooks.md "Catching up: the events feed": how long GET /v1/events keeps an event.
      eventRetentionDays: read('COFRE_EVENT_RETENTION_DAYS', 30, int(1, 3_650)),
      secretRotationWindowSeconds: read(
        'COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS',
        DEFAULT_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS,
        int(0, 604_800),
      ),
    },
    listen: {
      maxStreamsPerCustomer: read('COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER', 5, int(1, 10_000)),
      maxStreams: read('COFRE_LISTEN_MAX_STREAMS', 500, int(1, 100_000)),
      // Below 2^31 ms: it is a timer's delay.
      pollMs: read('COFRE_LISTEN_POLL_MS', 5_000, int(100, 600_000)),
    },
    worker: {
      leaseMs: read('COFRE_WORKER_LEASE_MS', 30_000, int(100, 3_600_000)),
      pollMs: read('COFRE_WORKER_POLL_MS', 1_000, int(5, 600_000)),
      // COFRE_WEBHOOK_CONCURRENCY is the deprecated name: it always limited every job, not only webhooks.
      concurrency: read(
        'COFRE_WORKER_CONCURRENCY',
        read('COFRE_WEBHOOK_CONCURRENCY', 64, int(1, 10_000)),
        int(1, 10_000),
      ),
      maxAttempts: read('COFRE_WORKER_MAX_ATTEMPTS', 10, int(1, 1_000)),
      backoffMs: read('COFRE_WORKER_BACKOFF_MS', 1_000, int(1, 86_400_000)),
      backoffMaxMs: read('COFRE_WORKER_BACKOFF_MAX_MS', 600_000, int(1, 7 * 86_400_000)),
    },
    sandbox: {
      stepDelayMs: read('COFRE_SANDBOX_STEP_DELAY_MS', 2_000, int(0, 3_600_000)),
    },
    idempotencyTtlMs: read(
      'COFRE_IDEMPOTENCY_TTL_MS',
      86_400_000,
      int(86_400_000, 30 * 86_400_000),
    ),
    exchange: {
      quoteTtlMs: read('COFRE_QUOTE_TTL_MS', 30_000, int(1_000, 3_600_000)),
      orderCheckIntervalMs: read(
        'COFRE_ORDER_CHECK_INTERVAL_MS',
        environment === 'sandbox' ? 1_000 : 5_000,
        int(100, 3_600_000),
      ),
      fees: feesFrom(env.COFRE_FEES, environment === 'sandbox' ? SANDBOX_FEES : PRODUCTION_FEES),
    },
    metrics: {
      port: read<number | undefined>('COFRE_METRICS_PORT', undefined, int(0, 65_535)),
      host: read('COFRE_METRICS_HOST', '127.0.0.1', (raw) => raw),
      overdueMs: read('COFRE_METRICS_OVERDUE_MS', 30_000, int(0, 86_400_000)),
      cacheMs: read('COFRE_METRICS_CACHE_MS', 5_000, int(0, 600_000)),
    },
    rateLimit: {
      requestsPerMinute: read('COFRE_RATE_LIMIT_PER_MINUTE', 6_000, int(0, 100_000_000)),
      tokenFailuresPerMinute: read('COFRE_TOKEN_FAILURES_PER_MINUTE', 10, int(1, 100_000)),
      // Half the pool: whatever one customer sends, the others find connections (bench:neighbour).
      inFlightPerCustomer: read(
        'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER',
        Math.max(1, Math.floor(poolSize / 2)),
        int(0, 100_000),
      ),
    },
  };
  if (config.webhooks.allowLocal && environment === 'production') {
    problems.push(
      'COFRE_ALLOW_LOCAL_WEBHOOKS: local (http, loopback) webhooks are refused in production',
    );
  }
  if (config.worker.leaseMs <= config.webhooks.timeoutMs) {
    problems.push(
      'COFRE_WORKER_LEASE_MS: must be longer than COFRE_WEBHOOK_TIMEOUT_MS, or a slow delivery would be claimed twice',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);

  function feesFrom(raw: string | undefined, fallback: FeeSchedule): FeeSchedule {
    if (raw === undefined || raw === '') return fallback;
    const parsed = parseFeeSchedule(raw);
    if (typeof parsed === 'string') {
      problems.push(`COFRE_FEES: ${parsed}`);
      return fallback;
    }
    return parsed;
  }
}

/**
 * COFRE_PUBLIC_URL: an absolute http(s) URL without query, fragment or credentials (RFC 8414
 * section 2 asks the same of an issuer), kept without a trailing slash; https in production.
 */
function parsePublicUrl(
  raw: string,
  environment: Environment,
  problems: string[],
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(
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
    problems.push(`COFRE_PUBLIC_URL: ${why} (got "${raw}")`);
    return undefined;
  }
  return url.href.replace(/\/+$/, '');
}

function parseDatabaseUrl(raw: string, poolSize: number, problems: string[]): DatabaseLocation {
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      problems.push('COFRE_DATABASE_URL: not a valid postgres:// URL');
    }
    return { engine: 'postgres', url: raw, poolSize };
  }
  if (raw.startsWith('sqlite:')) {
    const filename = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (filename === '') problems.push('COFRE_DATABASE_URL: sqlite: URL names no file');
    return { engine: 'sqlite', filename };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    problems.push(
      `COFRE_DATABASE_URL: unsupported scheme in "${raw.split(':')[0]}:" (use a file path, sqlite: or postgres://)`,
    );
  }
  return { engine: 'sqlite', filename: raw };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
