import type { Db } from '../../db/database.js';
import { jobStep, type JobHandler, type JobQueue } from '../../jobs/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { recordEvent } from '../events/record-event.js';
import { applyStatusChange } from '../subscriptions/subscription-status-change.js';
import { updateSubscription } from '../subscriptions/subscriptions.repository.js';
import { toSubscription } from '../subscriptions/subscriptions.service.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.table.js';

/**
 * `webhook.subscription.disable` (queued by raise-alerts.ts): a subscription that has failed
 * without a success for COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS becomes DISABLED, holds its pending
 * messages as a pause does, and SUBSCRIPTION_DISABLED is recorded once, all in one transaction
 * with the job's completion. It looks again first: a success since the job was queued (which
 * clears `disable_queued_at`), an enable, a pause or a deletion leaves the subscription alone.
 * The row is locked as a PATCH locks it, so the two are never interleaved.
 */
export function autoDisableHandler(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return jobStep(deps, async (tx, job) => {
    const now = deps.clock.now();
    const current = await deps.queue.dialect
      .forUpdate(
        tx.trx
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', job.subject_id)
          .where('deleted_at', 'is', null),
      )
      .executeTakeFirst();
    if (current?.status !== 'ACTIVE') return;
    const health = await tx.trx
      .selectFrom('subscription_health')
      .select([
        'failing_since',
        'disable_queued_at',
        'last_failure_http_status',
        'last_failure_error',
      ])
      .where('subscription_id', '=', current.id)
      .executeTakeFirst();
    if (health?.failing_since == null || health.disable_queued_at === null) return;
    const next: SubscriptionRow = {
      ...current,
      status: 'DISABLED',
      disabled_at: now,
      disabled_reason: `Every delivery failed since ${toIso(health.failing_since)}${lastError(health.last_failure_error)}; disabled after COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS.`,
      updated_at: now,
    };
    await updateSubscription(tx.trx, next);
    await applyStatusChange(tx, deps.queue, next, now);
    await recordEvent(tx, deps.queue, {
      customerId: next.customer_id,
      type: 'SUBSCRIPTION_DISABLED',
      resource: 'SUBSCRIPTION',
      resourceId: next.id,
      data: toSubscription(next),
      at: now,
    });
  });
}

const lastError = (error: string | null): string =>
  error === null ? '' : ` (last: ${error.replace(/\.$/, '')})`;
