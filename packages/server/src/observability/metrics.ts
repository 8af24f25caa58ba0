import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The metrics this process counts as things happen (docs/metrics.md lists every one). They live
 * in one registry per process, like prom-client's default one: counters are incremented where
 * the work is done (HTTP hook, delivery handlers, job runner, operation lifecycle) without
 * threading a registry through every service. Figures read from the database at scrape time are
 * per endpoint instead (observability/scrape-registry.ts).
 *
 * Labels never carry customer data or ids (cardinality and privacy): only route templates,
 * status codes, job kinds, operation types and fixed outcome names.
 */
export const processRegistry = new Registry();

let defaultsCollected = false;

/** Node.js process and runtime metrics (`process_*`, `nodejs_*`), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

const registers = [processRegistry];

export const httpRequestDuration = new Histogram({
  name: 'cofre_http_request_duration_seconds',
  help: 'HTTP requests by method, route template (never the raw URL) and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const webhookAttempts = new Counter({
  name: 'cofre_webhook_attempts_total',
  help: 'Webhook attempts by outcome (delivered, rejected, timeout, unsafe-address, network-error), trigger and transport (http: sent by a worker; listen: relayed by cofre listen).',
  labelNames: ['outcome', 'trigger', 'transport'] as const,
  registers,
});

export const webhookAttemptDuration = new Histogram({
  name: 'cofre_webhook_attempt_duration_seconds',
  help: 'Duration of webhook attempts, from send to the end of the answer, by outcome and transport.',
  labelNames: ['outcome', 'transport'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const jobLeaseExpiries = new Counter({
  name: 'cofre_jobs_lease_expiries_total',
  help: 'Jobs this process claimed again after an earlier lease on them ran out unfinished (a worker died, stalled or ran over COFRE_WORKER_LEASE_MS), by kind.',
  labelNames: ['kind'] as const,
  registers,
});

/** Why a message became FAILED (delivery/delivery-handlers.ts). */
export const MESSAGE_FAILURE_REASONS = ['retries_exhausted', 'retry_not_allowed'] as const;
export type MessageFailureReason = (typeof MESSAGE_FAILURE_REASONS)[number];

export const webhookMessagesFailed = new Counter({
  name: 'cofre_webhook_messages_failed_total',
  help: 'Messages that became FAILED after their last automatic attempt, by reason.',
  labelNames: ['reason'] as const,
  registers,
});
for (const reason of MESSAGE_FAILURE_REASONS) webhookMessagesFailed.inc({ reason }, 0);

export const jobRuns = new Counter({
  name: 'cofre_jobs_run_total',
  help: 'Jobs run by this process, by kind and outcome (ok: the handler returned; error: it threw and backs off or is parked).',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

export const jobRunDuration = new Histogram({
  name: 'cofre_job_run_duration_seconds',
  help: 'How long job handlers ran, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const operationStates = new Counter({
  name: 'cofre_operations_total',
  help: 'Operations that reached a status (REQUESTED on creation, then PROCESSING, COMPLETED, FAILED), by type; counted after commit.',
  labelNames: ['type', 'status'] as const,
  registers,
});

/**
 * Transfers a rail had credited that a reorg deeper than COFRE_EVM_CONFIRMATIONS took off the
 * chain (docs/rails.md "Reorgs"): never reversed by cofre; alert on any increase.
 */
export const railDeepReorgs = new Counter({
  name: 'cofre_rail_deep_reorgs_total',
  help: 'Credited transfers a reorg deeper than the confirmations removed from the chain (not reversed: see reconciliation), by rail.',
  labelNames: ['rail'] as const,
  registers,
});

/**
 * The PIX rail's webhook (docs/rails.md "PIX: money arriving"): callbacks refused for a wrong
 * secret, and endToEndIds accepted into the inbox.
 */
export const railPixWebhook = new Counter({
  name: 'cofre_rail_pix_webhook_total',
  help: 'PIX rail webhook: callbacks rejected (wrong secret: 404, nothing written) and Pix accepted into the inbox, by result.',
  labelNames: ['result'] as const,
  registers,
});

/**
 * What the PIX rail did with each Pix the PSP reported (rails/pix/inbound/settle-received.ts):
 * CREDITED, OWN_DEPOSIT, UNKNOWN_TXID, UNATTRIBUTED, DUPLICATE (seen before: nothing changed),
 * by the path that reported it (WEBHOOK, RECONCILE, CHARGE). Counted after commit.
 */
export const railPixReceived = new Counter({
  name: 'cofre_rail_pix_received_total',
  help: 'Pix reported by the PSP, by what the PIX rail did with it (CREDITED, OWN_DEPOSIT, UNKNOWN_TXID, UNATTRIBUTED, DUPLICATE) and how it learnt of it (WEBHOOK, RECONCILE, CHARGE).',
  labelNames: ['outcome', 'via'] as const,
  registers,
});

/**
 * Refunds of Pix cofre received that cofre did not ask for (rails/pix/refunds): MED returns the
 * PSP or the Central Bank made, or refunds made by hand at the PSP — money gone from the house
 * account that the ledger does not show, for the reconciliation report. Counted once each, by
 * natureza (ORIGINAL, RETIRADA, MED_OPERACIONAL, MED_FRAUDE, MED_PIX_AUTOMATICO, or OTHER).
 */
export const railPixUnrequestedRefunds = new Counter({
  name: 'cofre_rail_pix_unrequested_refunds_total',
  help: 'Refunds the PSP reports of Pix cofre received under ids cofre never used (MED returns, refunds made at the PSP), by natureza. Not booked: see the reconciliation report.',
  labelNames: ['natureza'] as const,
  registers,
});
