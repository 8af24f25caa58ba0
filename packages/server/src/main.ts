import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config/config.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock, type Clock } from './lib/clock.js';
import { loggerOptions } from './logger.js';
import { countApiClients } from './modules/customers/customers.repository.js';
import {
  createCustomerWithClient,
  type IssuedCredentials,
} from './modules/customers/customers.service.js';
import { loadKeys } from './modules/keys/signing-keys.js';

export const ROLES = ['all', 'api'] as const;
export type Role = (typeof ROLES)[number];

export interface RunningServer {
  app: FastifyInstance;
  handle: DbHandle;
  url: string;
  /** Credentials of the demo client when this start created it (first start, empty database). */
  demoCredentials: IssuedCredentials | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the service: opens the database, migrates it (unless turned off), loads or creates the
 * signing keys, creates the demo client on a first sandbox start, and listens. The only place
 * that listens; signal handling belongs to the caller (the CLI).
 */
export async function startServer(
  config: Config,
  options: { role?: Role; clock?: Clock } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const keys = await loadKeys(handle.db, config, clock.now());
    let demoCredentials: IssuedCredentials | undefined;
    if (
      config.bootstrapDemoClient &&
      config.environment === 'sandbox' &&
      (await countApiClients(handle.db)) === 0
    ) {
      demoCredentials = await createCustomerWithClient(
        handle.db,
        { name: 'Demo customer', environment: config.environment },
        clock,
      );
    }
    const app = await buildApp({
      config,
      db: handle.db,
      engine: handle.engine,
      clock,
      keys,
      logger: loggerOptions(config),
    });
    const url = await app.listen({ host: config.host, port: config.port });
    let stopped = false;
    return {
      app,
      handle,
      url,
      demoCredentials,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.close();
        await handle.destroy();
      },
    };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}
