/**
 * Every kind of job, in one place, with who handles it. A worker runs the kinds it has a
 * handler for (worker.ts builds the map); a kind without a handler in this process is left to
 * its lease and claimed again elsewhere.
 */
export const JOB_KINDS = [
  /** First attempt and automatic retries of a webhook message: delivery/delivery-handlers.ts. */
  'webhook.attempt',
  /** One event's fan-out into its messages and attempts, queued per customer: webhooks/events/fan-out.ts. */
  'webhook.fanout',
  /** One manual resend of a message: delivery/delivery-handlers.ts. */
  'webhook.resend',
  /** Every environment: disables a subscription failing for COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS: webhooks/health/auto-disable.job.ts. */
  'webhook.subscription.disable',
  /** Sandbox only: an opened account's assets finish onboarding: sandbox/steps/account-activation.ts. */
  'sandbox.account.activate',
  /** Sandbox only: a new payment instruction's compliance review: sandbox/steps/instruction-review.ts. */
  'sandbox.instruction.review',
  /** Every environment: a deposit unpaid at its expiresAt fails: operations/kinds/deposit/deposit-expiry.ts. */
  'operation.deposit.expire',
  /** Sandbox only: a deposit's money arrives: sandbox/steps/deposit-payment.ts. */
  'sandbox.deposit.pay',
  /** Older name of `sandbox.operation.process`, still handled (jobs queued before the merge). */
  'sandbox.withdrawal.process',
  /** Older name of `sandbox.operation.settle`, still handled (jobs queued before the merge). */
  'sandbox.withdrawal.settle',
  /** Sandbox only: a withdrawal, swap or PIX payment starts PROCESSING: sandbox/steps/operation-settlement.ts. */
  'sandbox.operation.process',
  /** Sandbox only: a withdrawal, swap or PIX payment COMPLETES (or fails, magic value): sandbox/steps/operation-settlement.ts. */
  'sandbox.operation.settle',
  /** Every environment: an open LIMIT order fills, expires, or looks again later: operations/kinds/order/order-check.ts. */
  'operation.order.check',
  /** Every environment, one at a time: deletes events past COFRE_EVENT_RETENTION_DAYS: webhooks/events/event-retention.job.ts. */
  'webhook.events.retention',
  /** Production with an EVM rail, one per network at a time: reads blocks, credits confirmed deposits: rails/evm/watcher/watch-job.ts. */
  'rail.evm.watch',
  /** Production with an EVM rail, one per network (its hot wallet) at a time: signs, sends and follows payouts: rails/evm/payouts/payout-job.ts. */
  'rail.evm.payouts',
  /** Production with an EVM rail and both keys, one per network at a time: moves deposit-address balances into the hot wallet: rails/evm/sweeps/sweep-job.ts. */
  'rail.evm.sweep',
  /** Production with an EVM rail, one per network, hourly: compares what the ledger owes with the tokens on chain, changes nothing: rails/evm/reconcile/reconcile-job.ts. */
  'rail.evm.reconcile',
  /** Production with the PIX rail, one at a time: creates deposits' charges at the PSP (read back first), removes those of deposits that ended unpaid: rails/pix/charges/charges-job.ts. */
  'rail.pix.charges',
  /** Production with the PIX rail, one at a time: reads back each Pix the PSP's webhook named and credits it once: rails/pix/inbound/inbound-job.ts. */
  'rail.pix.inbound',
  /** Production with the PIX rail, one at a time, every COFRE_PIX_RECONCILE_INTERVAL_MS: lists the Pix received over a moving window and credits what webhooks missed: rails/pix/inbound/window-job.ts. */
  'rail.pix.window',
  /** Production with the PIX rail, one at a time: asks the PSP for refunds of Pix it credited (read back first) and follows each to DEVOLVIDO or NAO_REALIZADO: rails/pix/refunds/refunds-run.ts. */
  'rail.pix.refunds',
  /** Production with the PIX rail and COFRE_PIX_PAYOUT_ADAPTER, one at a time: sends withdrawals to PIX keys and PIX payments through the PSP's payout API, one by one (looked up first when an attempt may have reached the PSP), and follows each to its end: rails/pix/payouts/payouts-run.ts. */
  'rail.pix.payouts',
  /** Production with the PIX rail, one at a time, daily after 01:00 in Brasília: the previous day's report of the PSP's Pix against the ledger, changes nothing: rails/pix/report/report-job.ts. */
  'rail.pix.report',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const isJobKind = (value: string): value is JobKind =>
  (JOB_KINDS as readonly string[]).includes(value);
