import { Type, type Static } from '@sinclair/typebox';
import { JOB_KINDS } from '../../../jobs/index.js';
import { StringEnum } from '../../../lib/schema.js';

const When = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
const Counts = {
  due: Type.Integer({ description: 'Claimable now (lease-expired ones included).' }),
  overdue: Type.Integer({ description: 'Due for longer than overdueAfterSeconds.' }),
  leaseExpired: Type.Integer({
    description: 'Due again because a lease ran out unfinished (a worker died or ran over).',
  }),
  oldestDueAt: When('When the longest-waiting due job became due; null when none is due.'),
  scheduled: Type.Integer({
    description: 'Due later (a retry delay, a lifecycle step, a backoff).',
  }),
  leased: Type.Integer({ description: 'Running: a worker holds them.' }),
  parked: Type.Integer({
    description: 'Failed their last allowed time, kept for an operator (`cofre jobs retry`).',
  }),
};

/**
 * `GET /admin/v1/jobs/stats`: the figures of `cofre jobs stats` and the `cofre_jobs*` metrics
 * (docs/metrics.md), from the same function (jobs/job-stats.ts), bounded as a scrape is. No
 * "as of" instant and no ages, only instants: an unchanged queue is an unchanged document, so
 * a console polling it with If-None-Match gets 304s.
 */
export const JobHealth = Type.Object({
  overdueAfterSeconds: Type.Number({ description: 'COFRE_METRICS_OVERDUE_MS, in seconds.' }),
  truncated: Type.Boolean({
    description:
      'True when a state held more jobs than the read counts (10,000): its counts are lower bounds; `cofre jobs stats` counts them exactly.',
  }),
  kinds: Type.Array(Type.Object({ kind: StringEnum(JOB_KINDS), ...Counts }), {
    description: 'Every job kind, in a fixed order, zeros included.',
  }),
  total: Type.Object(Counts),
  deliveries: Type.Object(
    {
      pendingMessages: Type.Integer({
        description:
          'Messages waiting for an automatic attempt (webhook.attempt jobs due, scheduled or running), as cofre_webhook_messages_pending.',
      }),
      overdueAttempts: Type.Integer(),
      oldestDueAt: When('When the longest-waiting due attempt became due.'),
      parkedAttempts: Type.Integer({ description: 'webhook.attempt jobs parked.' }),
      parkedResends: Type.Integer({ description: 'webhook.resend jobs parked.' }),
    },
    { description: 'Webhook delivery at a glance, from the webhook.* kinds above.' },
  ),
});
export type JobHealth = Static<typeof JobHealth>;
