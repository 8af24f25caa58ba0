import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import type { JobQueue, JobKind, JobHandler } from './jobs/index.js';
import type { Clock } from './lib/clock.js';
import {
  manualAccountLifecycle,
  type AccountLifecycleScheduler,
} from './modules/accounts/index.js';
import {
  manualInstructionReview,
  type InstructionReviewScheduler,
} from './modules/beneficiaries/index.js';
import type { PixDirectory } from './modules/pix/index.js';
import {
  heldForOperator,
  sandboxPixDirectory,
  sandboxHandlers,
  limitPriceCanFill,
  sandboxSimulator,
} from './sandbox/index.js';
import { storedPixDirectory } from './modules/pix/index.js';
import {
  derivedFunding,
  manualOperations,
  operatorMayDoAnything,
  PRODUCTION_DEPOSIT_TTL_MS,
  type FundingSource,
  type OperatorGuard,
  SANDBOX_EXPIRY_AFTER_STEP_MS,
  type OperationScheduler,
} from './operations/index.js';
import type { RateSource } from './pricing/index.js';
import { sandboxRates, storedRates } from './pricing/index.js';
import {
  buildRails,
  routeFunding,
  routeOperatorGuard,
  routeScheduler,
  type Rail,
  type RailWorkerDeps,
} from './rails/index.js';

/**
 * Everything that differs between a sandbox and a production deployment, chosen once, here, at
 * start-up (app.ts and worker.ts take it; nothing else asks which environment it runs in). The
 * modules declare ports (schedulers, the rate source, the PIX directory); the sandbox fills them
 * with its simulator and fixed curves, production with the back-office's manual transitions and
 * stored prices.
 */
export interface EnvironmentParts {
  /** Who moves an opened account, a new payment instruction, a requested operation on. */
  accounts: AccountLifecycleScheduler;
  instructions: InstructionReviewScheduler;
  operations: OperationScheduler;
  /** Where an account receives each asset (a rail's address, or the derived instruction). */
  funding: FundingSource;
  /** Production's configured rails (docs/rails.md); none in the sandbox. */
  rails: readonly Rail[];
  /** Whether the back-office may move an operation by hand (not one a rail settles). */
  operatorGuard: OperatorGuard;
  rates: RateSource;
  pixDirectory: PixDirectory;
  /** Whether the back-office may set rates (production), or prices follow fixed curves (sandbox). */
  ratesAreSettable: boolean;
  /** How long a deposit's funding instruction stays payable (docs/api.md "Deposits"), by amount. */
  depositTtlMs: (amountMinor: bigint) => number;
  /** Whether an open LIMIT order may fill at its next check, beyond the price (sandbox magic values). */
  orderCanFill?: typeof limitPriceCanFill;
  /** The job kinds only this environment has, and their handlers (the sandbox's steps). */
  jobHandlers(deps: RailWorkerDeps): Partial<Record<JobKind, JobHandler>>;
}

export async function environmentParts(
  config: Config,
  deps: { db: Db; queue: JobQueue; clock: Clock },
): Promise<EnvironmentParts> {
  if (config.environment === 'production') {
    // An asset with a rail settles by itself; every other stays on the back-office.
    const rails = await buildRails(config.rails, deps);
    return {
      accounts: manualAccountLifecycle,
      instructions: manualInstructionReview,
      operations: routeScheduler(rails, manualOperations),
      funding: routeFunding(rails, derivedFunding),
      rails,
      operatorGuard: routeOperatorGuard(rails),
      rates: storedRates,
      pixDirectory: storedPixDirectory,
      ratesAreSettable: true,
      depositTtlMs: () => PRODUCTION_DEPOSIT_TTL_MS,
      jobHandlers: (jobDeps) =>
        Object.assign({}, ...rails.map((rail) => rail.jobHandlers(jobDeps))) as Partial<
          Record<JobKind, JobHandler>
        >,
    };
  }
  const simulator = sandboxSimulator({ ...deps, stepDelayMs: config.sandbox.stepDelayMs });
  return {
    ...simulator,
    funding: derivedFunding,
    rails: [],
    operatorGuard: operatorMayDoAnything,
    rates: sandboxRates,
    pixDirectory: sandboxPixDirectory,
    ratesAreSettable: false,
    // A few seconds after the simulated payment would arrive (5 s with the default step delay);
    // one held for the back-office (magic value) as long as in production: it waits for a person.
    depositTtlMs: (amountMinor) =>
      heldForOperator(amountMinor)
        ? PRODUCTION_DEPOSIT_TTL_MS
        : config.sandbox.stepDelayMs + SANDBOX_EXPIRY_AFTER_STEP_MS,
    orderCanFill: limitPriceCanFill,
    jobHandlers: sandboxHandlers,
  };
}
