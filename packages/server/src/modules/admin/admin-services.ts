import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import type { JobQueue } from '../../jobs/index.js';
import type { OperatorGuard } from '../../operations/index.js';
import { AccountsAdmin } from './accounts/index.js';
import { AuditLog } from './audit-log/index.js';
import { ClientsAdmin } from './clients/index.js';
import { CustomersAdmin } from './customers/index.js';
import { InstructionsAdmin } from './instructions/index.js';
import { JobsAdmin } from './jobs/index.js';
import { OperatorLists } from './lists/index.js';
import { OperationsAdmin } from './operations/index.js';
import { PixKeysAdmin } from './pix-keys/index.js';
import { RailsAdmin } from './rails/index.js';
import { RatesAdmin } from './rates/index.js';
import type { Rail } from '../../rails/index.js';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  cursors: CursorCodec;
  config: Config;
  /** False in the sandbox, whose prices follow fixed curves (environment-parts.ts). */
  ratesAreSettable: boolean;
  /** Refuses hand-made steps on operations a rail settles (environment-parts.ts). */
  operatorGuard: OperatorGuard;
  /** Production's configured rails (environment-parts.ts); none in the sandbox. */
  rails: readonly Rail[];
}

/** The service of each room of the back-office, each handed to its route plugin (admin.routes.ts). */
export interface AdminServices {
  customers: CustomersAdmin;
  clients: ClientsAdmin;
  instructions: InstructionsAdmin;
  accounts: AccountsAdmin;
  operations: OperationsAdmin;
  auditLog: AuditLog;
  lists: OperatorLists;
  jobs: JobsAdmin;
  pixKeys: PixKeysAdmin;
  rates: RatesAdmin;
  rails: RailsAdmin;
}

/**
 * Builds every back-office service once, each with only what it needs; the composition root
 * (app.ts) calls it and hands the result to `adminRoutes`. Route plugins never build their own.
 */
export function adminServices(deps: AdminDeps): AdminServices {
  const { db, clock, queue, cursors, config } = deps;
  const { environment } = config;
  return {
    customers: new CustomersAdmin({ db, clock, environment }),
    clients: new ClientsAdmin({
      db,
      clock,
      environment,
      webhookKeyGraceSeconds: config.webhooks.keyRotationGraceSeconds,
    }),
    instructions: new InstructionsAdmin({ db, clock, queue }),
    accounts: new AccountsAdmin({ db, clock, queue }),
    operations: new OperationsAdmin({ db, clock, queue, guard: deps.operatorGuard }),
    auditLog: new AuditLog({ db, cursors }),
    lists: new OperatorLists({ db, cursors }),
    jobs: new JobsAdmin({ db, clock, overdueMs: config.metrics.overdueMs }),
    pixKeys: new PixKeysAdmin({ db, clock }),
    rates: new RatesAdmin({ db, clock, ratesAreSettable: deps.ratesAreSettable }),
    rails: new RailsAdmin({ db, rails: deps.rails }),
  };
}
