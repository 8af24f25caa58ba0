import type { AttemptOutcome } from '../delivery/send-attempt.js';
import type { AttemptTrigger } from '../modules/execution-logs/execution-logs.table.js';
import { webhookAttemptDuration, webhookAttempts } from './metrics.js';

/** One webhook HTTP attempt, in `cofre_webhook_attempts_total` and its duration histogram. */
export function observeAttempt(outcome: AttemptOutcome, trigger: AttemptTrigger): void {
  webhookAttempts.inc({ outcome: outcome.kind, trigger });
  webhookAttemptDuration.observe({ outcome: outcome.kind }, outcome.durationMs / 1000);
}
