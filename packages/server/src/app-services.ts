import type { Config } from './config/config.js';
import type { Db, Engine } from './db/database.js';
import { dialectFor, type Dialect } from './db/dialect.js';
import { environmentParts, type EnvironmentParts } from './environment-parts.js';
import { JobQueue, JobSignal } from './jobs/index.js';
import type { Clock } from './lib/clock.js';
import { CursorCodec } from './lib/cursor.js';
import { LoopShare } from './lib/loop-share.js';
import { FairSlots } from './lib/fair-slots.js';
import type { Resolver } from './lib/url-guard.js';
import { AccountsService } from './modules/accounts/index.js';
import { BeneficiariesService } from './modules/beneficiaries/index.js';
import { IdempotencyService } from './modules/idempotency/index.js';
import { SharedRateLimiter } from './modules/rate-limits/index.js';
import type { Keys } from './modules/keys/index.js';
import {
  ClientStateCache,
  OAuthService,
  TokenIssuer,
  TokenVerifier,
} from './modules/oauth/index.js';
import type { OperationDeps } from './operations/index.js';
import {
  ExecutionLogsService,
  ListenHub,
  ListenSignal,
  SubscriptionMessagesService,
  SubscriptionsService,
} from './webhooks/index.js';

/** What the public API's services are built from (app.ts's AppDeps adds the HTTP side). */
export interface ServiceDeps {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  keys: Keys;
  /** Wakes this process's worker when a transaction queues work; shared with it in `serve`. */
  signal?: JobSignal;
  /** Wakes this process's listen streams; shared with the worker in `serve` (its fan-out). */
  listenSignal?: ListenSignal;
  /** DNS used to check callback URLs; tests inject one. */
  resolve?: Resolver;
  /**
   * The most candidates a metadata-filtered page examines (db/metadata-filter.ts); absent = its
   * documented 1,000. Tests set a small one to page past it without thousands of rows.
   */
  metadataFilterCandidates?: number;
}

/** A customer's requests beyond its in-flight allowance that wait their turn; past it, 429. */
const MAX_WAITING_PER_CUSTOMER = 100;

/** Every service of the public API, built once and handed to the route plugins. */
export interface Services {
  cursors: CursorCodec;
  verifier: TokenVerifier;
  oauth: OAuthService;
  limiter: SharedRateLimiter | undefined;
  /** Each customer's requests in flight and waiting (plugins/customer-concurrency.ts). */
  customerSlots: FairSlots | undefined;
  /** Paces a customer that keeps a busy process to itself while others are active. */
  customerLoopShare: LoopShare | undefined;
  dialect: Dialect;
  queue: JobQueue;
  idempotency: IdempotencyService;
  parts: EnvironmentParts;
  accounts: AccountsService;
  beneficiaries: BeneficiariesService;
  operations: OperationDeps;
  subscriptions: SubscriptionsService;
  logs: ExecutionLogsService;
  /** A subscription's messages by sequence number (GET /v1/subscriptions/{id}/messages). */
  messages: SubscriptionMessagesService;
  listenSignal: ListenSignal;
  hub: ListenHub;
}

/** Builds each service once (STYLE.md "Build services once"), in the order they depend on each other. */
export async function buildServices(deps: ServiceDeps): Promise<Services> {
  const { config, db, clock, keys } = deps;
  const cursors = new CursorCodec(keys.cursorKey);
  const clientState = new ClientStateCache(db, clock, config.tokens.clientStateTtlMs);
  const dialect = dialectFor(deps.engine);
  const queue = new JobQueue(db, dialect, clock, deps.signal ?? new JobSignal());
  // The one place sandbox or production parts are chosen (environment-parts.ts).
  const parts = await environmentParts(config, { db, queue, clock });
  const { metadataFilterCandidates } = deps;
  const shared = { db, clock, cursors, queue, metadataFilterCandidates };
  // `cofre listen` streams: counted and woken by one hub per process (docs/webhooks.md section 6).
  const listenSignal = deps.listenSignal ?? new ListenSignal();
  return {
    cursors,
    verifier: new TokenVerifier(keys.token, config, clock, clientState),
    oauth: new OAuthService(db, config, clock, new TokenIssuer(keys.token, config, clock)),
    limiter:
      config.rateLimit.requestsPerMinute > 0
        ? new SharedRateLimiter(db, clock, {
            defaultLimit: config.rateLimit.requestsPerMinute,
            windowMs: 60_000,
            syncMs: config.rateLimit.syncMs,
          })
        : undefined,
    customerSlots:
      config.rateLimit.inFlightPerCustomer > 0
        ? new FairSlots(config.rateLimit.inFlightPerCustomer, MAX_WAITING_PER_CUSTOMER, {
            sharedPerKey: config.rateLimit.inFlightPerCustomerShared,
          })
        : undefined,
    customerLoopShare:
      config.rateLimit.customerLoopSharePercent < 100
        ? new LoopShare({ share: config.rateLimit.customerLoopSharePercent / 100 })
        : undefined,
    dialect,
    queue,
    idempotency: new IdempotencyService(db, clock, config.idempotencyTtlMs),
    parts,
    accounts: new AccountsService({ ...shared, lifecycle: parts.accounts }),
    beneficiaries: new BeneficiariesService({ ...shared, review: parts.instructions }),
    operations: operationDeps(deps, { dialect, cursors, queue, parts }),
    subscriptions: new SubscriptionsService({
      ...shared,
      dialect,
      config,
      resolve: deps.resolve,
      listenSignal,
    }),
    logs: new ExecutionLogsService(db, clock, cursors, queue),
    messages: new SubscriptionMessagesService(db, cursors),
    listenSignal,
    hub: new ListenHub(
      { perCustomer: config.listen.maxStreamsPerCustomer, perProcess: config.listen.maxStreams },
      listenSignal,
    ),
  };
}

/** The operations wing, quotes, rates and PIX key look-ups share one set of dependencies. */
function operationDeps(
  deps: ServiceDeps,
  built: Pick<Services, 'dialect' | 'cursors' | 'queue' | 'parts'>,
): OperationDeps {
  const { config, db, clock, metadataFilterCandidates } = deps;
  const { parts } = built;
  return {
    db,
    dialect: built.dialect,
    clock,
    cursors: built.cursors,
    queue: built.queue,
    scheduler: parts.operations,
    funding: parts.funding,
    rates: parts.rates,
    pixDirectory: parts.pixDirectory,
    fees: config.exchange.fees,
    quoteTtlMs: config.exchange.quoteTtlMs,
    orderCheckIntervalMs: config.exchange.orderCheckIntervalMs,
    depositTtlMs: parts.depositTtlMs,
    metadataFilterCandidates,
  };
}
