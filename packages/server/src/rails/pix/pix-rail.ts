import type { PixRailConfig } from '../../config/rails-config.js';
import { keyTypeOf } from '../../pix/index.js';
import type { FundingSource } from '../../operations/index.js';
import { RailStartError, type Rail, type RailDeps, type RailWorkerDeps } from '../rail.js';
import { chargeIntent } from './charges/charge-intent.js';
import { refundIntent } from './refunds/refund-intent.js';
import { routeIntents, type PixIntent } from './pix-intents.js';
import { pixWebhookRoutes } from './inbound/pix-webhook.routes.js';
import { PIX_RAIL, type PixContext } from './pix-context.js';
import { pixHealth } from './pix-health.js';
import { pixJobHandlers, registerWebhook, schedulePixJobs } from './pix-jobs.js';
import { connectPsp } from './psp/connect-psp.js';
import { payoutIntent } from './payouts/payout-intent.js';
import { PIX_PAYOUT_ADAPTER_FACTORIES } from './payouts/pix-payout-adapters.js';
import { pixReport } from './report/pix-report.js';
import type { Clock } from '../../lib/clock.js';

/**
 * BRL through a PSP's API Pix (docs/rails.md "PIX"): each deposit is an immediate charge at the
 * PSP (its BR Code is the PSP's), money arriving is learnt from the PSP's webhook and, when a
 * webhook is lost, from a reconciliation window over GET /pix, and credited once per endToEndId.
 * Built in every process (the API writes charge intents and takes the webhook); its jobs and the
 * PSP client exist in workers only.
 */
export function pixRail(config: PixRailConfig, deps: RailDeps): Rail {
  const funding = houseKeyFunding(config);
  // What the rail settles: each BRL deposit's charge, refunds of what it credited, and payouts
  // when an adapter is configured.
  const payouts = config.payoutAdapter;
  const intents: PixIntent[] = [
    chargeIntent,
    refundIntent(deps),
    ...(payouts ? [payoutIntent(payouts)] : []),
  ];
  const routed = routeIntents(intents);
  const webhookUrl = `${config.publicUrl}/rails/pix/webhook/${config.webhookSecret}`;
  let psp: ReturnType<typeof connectPsp> | undefined;
  const context = (workerDeps: RailWorkerDeps): PixContext => {
    try {
      psp ??= connectPsp(config, workerDeps.clock);
    } catch (error) {
      throw new RailStartError((error as Error).message);
    }
    const adapter = payouts && PIX_PAYOUT_ADAPTER_FACTORIES[payouts](psp.transport, config);
    return { ...workerDeps, api: psp.api, houseKey: config.pixKey, payouts: adapter };
  };
  // The report uses the worker's PSP client; a command outside a worker opens one for the report.
  const pspFor = (clock: Clock) => {
    if (psp) return { api: psp.api, close: () => Promise.resolve() };
    const own = connectPsp(config, clock);
    return { api: own.api, close: () => own.transport.close() };
  };
  const reconcile: Rail['reconcile'] = ({ db, clock }, options) =>
    pixReport({ db, clock, psp: () => pspFor(clock) }, options?.day);
  return {
    name: PIX_RAIL,
    network: 'PIX',
    assets: ['BRL'],
    funding,
    scheduler: routed.scheduler,
    serves: routed.serves,
    operatorGuard: routed.operatorGuard,
    routes: pixWebhookRoutes({
      db: deps.db,
      clock: deps.clock,
      webhookSecret: config.webhookSecret,
    }),
    jobHandlers: (jobDeps) =>
      pixJobHandlers(context(jobDeps), {
        intervalMs: config.reconcileIntervalMs,
        webhookUrl,
        report: (day) => reconcile(jobDeps, { day }),
      }),
    async startWorker(workerDeps) {
      const ctx = context(workerDeps);
      await schedulePixJobs(workerDeps.db, workerDeps.clock.now(), { payouts: !!payouts });
      // Registered at every start (a PSP may drop a webhook); one that fails is retried by the
      // inbound job, and the rail works meanwhile through the reconciliation window.
      await registerWebhook(ctx, webhookUrl, { onlyWhenChanged: false }).catch((error: unknown) =>
        workerDeps.logger.warn(
          { err: error },
          'PIX rail: could not register the webhook at the PSP; the inbound job retries',
        ),
      );
    },
    async close() {
      const open = psp;
      psp = undefined;
      await open?.transport.close();
    },
    health: (db) =>
      pixHealth(db, { intervalMs: config.reconcileIntervalMs, now: deps.clock.now() }),
    reconcile,
  };
}

/**
 * BRL's standing instruction under the rail: the house key (checked to be a PIX key here, so a
 * wrong one stops the process), whose deposits get their BR Codes from the PSP.
 */
function houseKeyFunding(config: PixRailConfig): FundingSource {
  const keyType = keyTypeOf(config.pixKey);
  if (keyType === undefined) {
    throw new RailStartError(
      'COFRE_PIX_KEY: not a PIX key (a CPF, a CNPJ, an e-mail address, a phone as +55…, or an EVP key)',
    );
  }
  return {
    standing: (_account, asset) => {
      if (asset !== 'BRL') throw new Error(`${asset} is not on the PIX rail`);
      return Promise.resolve({ asset, rail: 'PIX', keyType, key: config.pixKey, brCodes: 'PSP' });
    },
  };
}
