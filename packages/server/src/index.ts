/** The server package's public surface, used by the CLI, the benchmarks and the tests. */
export { buildApp, type AppDeps } from './app.js';
export type { Config, DatabaseConfig } from './config/config.js';
export { ENVIRONMENTS, type Environment } from './config/environment.js';
export { ConfigError, loadConfig, CONFIG_KEYS } from './config/load-config.js';
export { createDb, type CreateDbOptions, type DbHandle } from './db/create-db.js';
export type { Db, Engine } from './db/database.js';
export { dialectFor, type Dialect } from './db/dialect.js';
export { migrateToLatest } from './db/migrate.js';
export { systemClock, ManualClock, type Clock } from './lib/clock.js';
export { CursorCodec } from './lib/cursor.js';
export { listScope } from './lib/pagination.js';
export { newId } from './lib/ids.js';
export { hashSecret } from './lib/secrets.js';
export { AppError } from './lib/errors.js';
export {
  createCustomerWithClient,
  rotateClientSecret,
  type IssuedCredentials,
} from './modules/customers/index.js';
export { loadKeys, type Keys } from './modules/keys/index.js';
export { startServer, ROLES, type Role, type RunningServer } from './main.js';
export { startWorker, type RunningWorker, type WorkerDeps } from './worker.js';
export { JobSignal } from './jobs/index.js';
export { deriveWebhookKey } from './lib/secrets.js';
export { signMessage } from './webhooks/index.js';
export {
  busiestQueues,
  countJobs,
  listJobs,
  retryParkedJob,
  type JobFilter,
  type JobSummary,
} from './jobs/index.js';
export { emptyKindStats, jobStats, type JobStats, type KindStats } from './jobs/index.js';
export { JOB_KINDS, isJobKind, type JobKind } from './jobs/index.js';
export { createMetricsScrape, type MetricsScrape } from './observability/metrics-scrape.js';
export { verifyLedger, type LedgerDifference } from './ledger/index.js';
export {
  latestReconciliation,
  operatorRails,
  spiDay,
  type AssetReconciliation,
  type PixDayReport,
  type PixDifference,
  type Rail,
  type RailHealth,
  type RailReconciliation,
} from './rails/index.js';
