import { webhookAttemptDuration, webhookAttempts } from './metrics.js';

/**
 * One webhook HTTP attempt, in `cofre_webhook_attempts_total` and its duration histogram.
 * `outcome.kind` is delivery/send-attempt.ts's closed set; `trigger` AUTOMATIC, RETRY or RESEND.
 */
export function observeAttempt(
  outcome: { kind: string; durationMs: number },
  trigger: string,
): void {
  webhookAttempts.inc({ outcome: outcome.kind, trigger });
  webhookAttemptDuration.observe({ outcome: outcome.kind }, outcome.durationMs / 1000);
}
