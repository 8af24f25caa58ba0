import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb, type DbHandle } from '../../src/db/create-db.js';
import type { Db, Engine } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import {
  createCustomerWithClient,
  type IssuedCredentials,
} from '../../src/modules/customers/customers.service.js';
import { loadKeys, type Keys } from '../../src/modules/keys/signing-keys.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';
import type { Resolver } from '../../src/lib/url-guard.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { ListenSignal } from '../../src/webhooks/listen/listen-signal.js';
import { startWorker, type RunningWorker } from '../../src/worker.js';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  keys: Keys;
  clock: Clock;
  database: TestDatabase;
  /** The in-process worker, when started with `worker: true`. */
  worker: RunningWorker | undefined;
  /** A new customer with one API client. */
  createClient(name?: string): Promise<IssuedCredentials>;
  /** An access token for the client, from the token endpoint. */
  token(credentials: IssuedCredentials): Promise<string>;
  /** A new customer and a token for it. */
  customer(name?: string): Promise<IssuedCredentials & { token: string }>;
  /** inject() with a bearer token. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse an existing database (e.g. a second app on the same data) instead of a fresh one. */
  database?: TestDatabase;
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** Also run the job worker (webhook delivery, sandbox steps) in this process. */
  worker?: boolean;
  /** DNS for callback-URL checks, at create time and at connect time. */
  resolve?: Resolver;
  /** The database the app runs on, made from the test's (e.g. a StatementSpy's). */
  appDb?: (db: Db) => Db;
  /** The metadata filter's candidate bound (db/metadata-filter.ts), small to test its paging. */
  metadataFilterCandidates?: number;
}

/** A migrated database of `engine` and an app on it, ready for inject(). */
export async function createTestApp(
  engine: Engine,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(engine));
  const config = loadConfig({
    COFRE_DATABASE_URL: database.url,
    COFRE_LOG_LEVEL: 'silent',
    COFRE_DATABASE_POOL_SIZE: '5',
    ...options.env,
  });
  const clock = options.clock ?? systemClock;
  const handle = createDb(config.database);
  await migrateToLatest(handle.db);
  const keys = await loadKeys(handle.db, config, clock.now());
  const signal = new JobSignal();
  // Shared by the app and its worker, as in `cofre serve` (main.ts).
  const listenSignal = new ListenSignal();
  const app = await buildApp({
    config,
    db: options.appDb ? options.appDb(handle.db) : handle.db,
    engine,
    clock,
    keys,
    signal,
    listenSignal,
    logger: options.logger ?? false,
    poolStats: handle.poolStats,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.metadataFilterCandidates === undefined
      ? {}
      : { metadataFilterCandidates: options.metadataFilterCandidates }),
  });
  await app.ready();
  const worker = options.worker
    ? await startWorker({
        config,
        db: handle.db,
        engine,
        clock,
        signal,
        listenSignal,
        logger: app.log,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      })
    : undefined;

  const token = async (credentials: IssuedCredentials): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    });
    if (res.statusCode !== 200)
      throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
    return res.json<{ accessToken: string }>().accessToken;
  };
  const createClient = (name = 'Test customer') =>
    createCustomerWithClient(handle.db, { name, environment: config.environment }, clock);

  return {
    app,
    handle,
    config,
    keys,
    clock,
    database,
    createClient,
    token,
    async customer(name) {
      const credentials = await createClient(name);
      return { ...credentials, token: await token(credentials) };
    },
    as(bearer, injectOptions) {
      return app.inject({
        ...injectOptions,
        headers: { ...injectOptions.headers, authorization: `Bearer ${bearer}` },
      });
    },
    worker,
    async close() {
      await worker?.stop();
      await app.close();
      await handle.destroy();
      if (!options.database) await database.drop();
    },
  };
}
