import type { Db } from '../../db/database.js';
import { ensureStandingJob, type JobHandler, type JobKind } from '../../jobs/index.js';
import { transact } from '../../db/transact.js';
import { freshRunState } from '../rail-job-runs.js';
import { standingRailJob, type RailRunOutcome } from '../standing-rail-job.js';
import type { Job } from '../../jobs/index.js';
import type { PixPayoutAdapter } from './payouts/pix-payout-adapter.js';
import { chargesOnce } from './charges/charges-run.js';
import { inboundOnce } from './inbound/inbound-run.js';
import { ensurePixCursor, windowOnce } from './inbound/window-run.js';
import { refundsOnce } from './refunds/refunds-run.js';
import { PIX_RAIL, type PixContext } from './pix-context.js';
import { PIX_JOB_IDS } from './pix-job-ids.js';
import { PspUnavailable } from './psp/api-pix.js';
import { payoutsOnce } from './payouts/payouts-run.js';
import { reportHandler } from './report/report-job.js';
import type { RailReconciliation } from '../rail.js';

/** How often the charges, inbound and refunds jobs look again when idle (a new deposit, webhook or refund makes them due at once). */
const POLL_MS = 5_000;

const retryAfterMs = (error: unknown) =>
  error instanceof PspUnavailable ? error.retryAfterMs : undefined;

/** The PIX rail's job handlers (worker only), each a standing job with backoff. */
export function pixJobHandlers(
  ctx: PixContext,
  options: {
    intervalMs: number;
    webhookUrl: string;
    report: (day: string) => Promise<RailReconciliation>;
  },
): Partial<Record<JobKind, JobHandler>> {
  const job = (name: string, pollMs: number, run: (job: Job) => Promise<RailRunOutcome>) =>
    standingRailJob(ctx, { rail: PIX_RAIL, job: name, pollMs, run, retryAfterMs }, freshRunState());
  // The window lags the clock by at most a minute (less with a shorter interval): see window-run.ts.
  const lagMs = Math.min(60_000, options.intervalMs);
  return {
    'rail.pix.charges': job('charges', POLL_MS, (j) => chargesOnce(ctx, j)),
    'rail.pix.inbound': job('inbound', POLL_MS, async (j) => {
      await registerWebhook(ctx, options.webhookUrl, { onlyWhenChanged: true });
      return inboundOnce(ctx, j);
    }),
    'rail.pix.window': job('window', options.intervalMs, (j) => windowOnce(ctx, j, lagMs)),
    'rail.pix.refunds': job('refunds', POLL_MS, (j) => refundsOnce(ctx, j)),
    ...(ctx.payouts && {
      'rail.pix.payouts': job('payouts', POLL_MS, payoutsJob(ctx, ctx.payouts)),
    }),
    'rail.pix.report': reportHandler(ctx, options.report),
  };
}

/** One run of the payouts job with the configured adapter (payouts/payouts-run.ts). */
const payoutsJob = (ctx: PixContext, adapter: PixPayoutAdapter) => (job: Job) =>
  payoutsOnce(ctx, adapter, job);

/**
 * Worker start: the cursor row and the standing jobs exist (a parked one is revived); the
 * payouts job only with COFRE_PIX_PAYOUT_ADAPTER set.
 */
export async function schedulePixJobs(
  db: Db,
  now: number,
  options: { payouts: boolean },
): Promise<void> {
  await ensurePixCursor({ db }, now);
  await ensureStandingJob(db, {
    id: PIX_JOB_IDS.charges,
    kind: 'rail.pix.charges',
    subjectId: PIX_RAIL,
    now,
  });
  await ensureStandingJob(db, {
    id: PIX_JOB_IDS.inbound,
    kind: 'rail.pix.inbound',
    subjectId: PIX_RAIL,
    now,
  });
  await ensureStandingJob(db, {
    id: PIX_JOB_IDS.window,
    kind: 'rail.pix.window',
    subjectId: PIX_RAIL,
    now,
  });
  await ensureStandingJob(db, {
    id: PIX_JOB_IDS.refunds,
    kind: 'rail.pix.refunds',
    subjectId: PIX_RAIL,
    now,
  });
  await ensureStandingJob(db, {
    id: PIX_JOB_IDS.report,
    kind: 'rail.pix.report',
    subjectId: PIX_RAIL,
    now,
  });
  if (options.payouts) {
    await ensureStandingJob(db, {
      id: PIX_JOB_IDS.payouts,
      kind: 'rail.pix.payouts',
      subjectId: PIX_RAIL,
      now,
    });
  }
}

/**
 * `PUT /webhook/{COFRE_PIX_KEY}` with the rail's callback URL (idempotent: a PUT sets it). At
 * every worker start, and — until it worked — at the inbound job's runs (`onlyWhenChanged`:
 * skipped once the database records this URL). A refusal is the operator's to fix (the key is
 * not theirs, the scope is missing): it throws, and health shows it.
 */
export async function registerWebhook(
  ctx: PixContext,
  webhookUrl: string,
  options: { onlyWhenChanged: boolean },
): Promise<void> {
  if (options.onlyWhenChanged) {
    const row = await ctx.db
      .selectFrom('rail_pix_cursors')
      .select('webhook_url')
      .where('rail', '=', PIX_RAIL)
      .executeTakeFirst();
    if (row?.webhook_url === webhookUrl) return;
  }
  const answer = await ctx.api.putWebhook(ctx.houseKey, webhookUrl);
  if (answer.kind !== 'ok') {
    throw new Error(
      `the PSP refused to register the webhook for COFRE_PIX_KEY (${answer.kind === 'refused' ? answer.status : 404})`,
    );
  }
  const at = ctx.clock.now();
  await transact(ctx.db, (tx) =>
    tx.trx
      .updateTable('rail_pix_cursors')
      .set({ webhook_url: webhookUrl, webhook_registered_at: at, updated_at: at })
      .where('rail', '=', PIX_RAIL)
      .execute(),
  );
}
