import { LOG_FORMATS, LOG_LEVELS, type Config, type LogFormat, type LogLevel } from './config.js';
import { ConfigReader, int, text, bool, type Env } from './config-reader.js';
import {
  readDatabase,
  readExchange,
  readListen,
  readMetrics,
  readProcess,
  readRateLimit,
  readSecrets,
  readTokens,
  readWebhooks,
  readWorker,
} from './config-sections.js';
import { ENVIRONMENTS, type Environment } from './environment.js';
import { PIX_RAIL_CONFIG_KEYS, RAILS_CONFIG_KEYS, readRails } from './rails-config.js';

export type { Env };
export {
  ADMIN_TOKEN_MIN_LENGTH,
  DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS,
  DEFAULT_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS,
  TOKEN_LIFETIME_SECONDS,
} from './config-sections.js';

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
  'COFRE_RATE_LIMIT_SYNC_MS',
  'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER',
  'COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED',
  'COFRE_CUSTOMER_LOOP_SHARE',
  'COFRE_TOKEN_FAILURES_PER_MINUTE',
  'COFRE_ALLOW_LOCAL_WEBHOOKS',
  'COFRE_WEBHOOK_MAX_RETRIES',
  'COFRE_WEBHOOK_RETRY_DELAY_MS',
  'COFRE_WEBHOOK_TIMEOUT_MS',
  'COFRE_WEBHOOK_CONCURRENCY',
  'COFRE_WEBHOOK_KEY_GRACE_SECONDS',
  'COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS',
  'COFRE_WEBHOOK_ALERT_WINDOW_MS',
  'COFRE_WEBHOOK_ALERT_FAILURE_PERCENT',
  'COFRE_WEBHOOK_ALERT_MIN_ATTEMPTS',
  'COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS',
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
  ...RAILS_CONFIG_KEYS,
  ...PIX_RAIL_CONFIG_KEYS,
] as const;

/**
 * Reads the configuration from environment variables, one section at a time
 * (config-sections.ts). Every bad key is collected and reported in one ConfigError, so an
 * operator fixes them all in one go; the sections are read in the order their problems are
 * listed.
 */
export function loadConfig(env: Env = process.env): Config {
  const r = new ConfigReader(env);
  reportUnknownKeys(r);
  const environment = r.read<Environment>(
    'COFRE_ENVIRONMENT',
    'sandbox',
    r.oneOf(ENVIRONMENTS, 'COFRE_ENVIRONMENT'),
  );
  const port = r.read('PORT', 8080, int(0, 65_535));
  const host = r.read('HOST', '127.0.0.1', text);
  const { database, poolSize } = readDatabase(r, environment);
  const logLevel = r.read<LogLevel>(
    'COFRE_LOG_LEVEL',
    'info',
    r.oneOf(LOG_LEVELS, 'COFRE_LOG_LEVEL'),
  );
  const logFormat = r.read<LogFormat>(
    'COFRE_LOG_FORMAT',
    'auto',
    r.oneOf(LOG_FORMATS, 'COFRE_LOG_FORMAT'),
  );
  const secrets = readSecrets(r, environment);
  const config: Config = {
    environment,
    host,
    port,
    database,
    logLevel,
    logFormat,
    ...readProcess(r, environment),
    publicUrl: secrets.publicUrl,
    tokens: readTokens(r, environment, secrets),
    cursorSecret: secrets.cursorSecret,
    adminToken: secrets.adminToken,
    console: r.read('COFRE_CONSOLE', true, bool),
    webhooks: readWebhooks(r, environment),
    listen: readListen(r),
    worker: readWorker(r),
    sandbox: {
      stepDelayMs: r.read('COFRE_SANDBOX_STEP_DELAY_MS', 2_000, int(0, 3_600_000)),
    },
    idempotencyTtlMs: r.read(
      'COFRE_IDEMPOTENCY_TTL_MS',
      86_400_000,
      int(86_400_000, 30 * 86_400_000),
    ),
    exchange: readExchange(r, environment),
    metrics: readMetrics(r),
    rateLimit: readRateLimit(r, poolSize),
    rails: readRails(r, environment),
  };
  checkTogether(config, r);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

/** A misspelt key would otherwise be ignored in silence, and its default used instead. */
function reportUnknownKeys(r: ConfigReader): void {
  for (const key of Object.keys(r.env)) {
    if (key.startsWith('COFRE_') && !(CONFIG_KEYS as readonly string[]).includes(key)) {
      r.problem(`${key}: unknown setting (see docs/config.md)`);
    }
  }
}

/** The rules that involve two keys, once each has been read on its own. */
function checkTogether(config: Config, r: ConfigReader): void {
  if (config.webhooks.allowLocal && config.environment === 'production') {
    r.problem(
      'COFRE_ALLOW_LOCAL_WEBHOOKS: local (http, loopback) webhooks are refused in production',
    );
  }
  if (config.worker.leaseMs <= config.webhooks.timeoutMs) {
    r.problem(
      'COFRE_WORKER_LEASE_MS: must be longer than COFRE_WEBHOOK_TIMEOUT_MS, or a slow delivery would be claimed twice',
    );
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
