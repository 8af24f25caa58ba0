import type { Config } from '../config/config.js';
import type { DbHandle } from '../db/create-db.js';
import { dialectFor } from '../db/dialect.js';
import { JobQueue, JobSignal } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import { buildRails } from './build-rails.js';
import type { Rail, RailDeps } from './rail.js';

/**
 * The configured rails as an operator's command uses them (`cofre rails reconcile`, `cofre rails
 * status`): built from the same configuration as the server's, over the command's own database
 * handle, with the deps their reconcile() takes. Nothing is queued or started.
 */
export async function operatorRails(
  config: Config,
  handle: DbHandle,
  clock: Clock,
): Promise<{ rails: Rail[]; deps: RailDeps }> {
  const queue = new JobQueue(handle.db, dialectFor(handle.engine), clock, new JobSignal());
  const deps = { db: handle.db, queue, clock };
  return { rails: await buildRails(config.rails, deps), deps };
}
