import { webhookAttemptDuration, webhookAttempts } from './metrics.js';

/**
 * How an attempt reached the receiver: `http`, sent by a worker; `listen`, relayed by `cofre
 * listen` to a local URL and reported back (docs/webhooks.md section 6). A label, so dashboards
 * and alerts about production receivers can leave a developer's laptop out.
 */
export type AttemptTransport = 'http' | 'listen';

/**
 * One webhook attempt, in `cofre_webhook_attempts_total` and its duration histogram.
 * `outcome.kind` is delivery/send-attempt.ts's closed set; `trigger` AUTOMATIC, RETRY or RESEND.
 */
export function observeAttempt(
  outcome: { kind: string; durationMs: number },
  trigger: string,
  transport: AttemptTransport,
): void {
  webhookAttempts.inc({ outcome: outcome.kind, trigger, transport });
  webhookAttemptDuration.observe({ outcome: outcome.kind, transport }, outcome.durationMs / 1000);
}
