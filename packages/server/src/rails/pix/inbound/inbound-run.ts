import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import type { RailRunOutcome } from '../../standing-rail-job.js';
import type { PixContext } from '../pix-context.js';
import { settleReceived } from './settle-received.js';
import { settleRefundStatuses } from '../refunds/settle-refund-statuses.js';
import { markHandled, pendingNotifications } from './pix-inbox.repository.js';
import { countReceived } from './pix-inbound-metrics.js';

/** Notifications read back per run; a full batch makes the next run due at once. */
const BATCH = 100;

/**
 * One run of `rail.pix.inbound`: each endToEndId the webhook named is read back from the PSP
 * (GET /pix/{e2eid}) and what the PSP says is settled — never the callback's body, so a leaked
 * webhook secret cannot make money appear (docs/rails.md "PIX: money arriving"). One the PSP does
 * not know is recorded NOT_FOUND and changes nothing. A PSP that does not answer stops the run;
 * the notification stays pending for the next.
 */
export async function inboundOnce(ctx: PixContext, job: Job): Promise<RailRunOutcome> {
  const pending = await pendingNotifications(ctx.db, BATCH);
  for (const note of pending) {
    const read = await ctx.api.getReceived(note.end_to_end_id);
    if (read.kind === 'refused') {
      throw new Error(`the PSP refused GET /pix/${note.end_to_end_id} (${read.status})`);
    }
    const held = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      const at = ctx.clock.now();
      const outcome =
        read.kind === 'ok' ? await settleReceived(tx, ctx, read.body, 'WEBHOOK', at) : 'NOT_FOUND';
      // A Pix is notified again when one of its refunds ends: settled here, credited or not now.
      if (read.kind === 'ok') await settleRefundStatuses(tx, ctx, read.body);
      countReceived(tx, outcome, 'WEBHOOK');
      await markHandled(tx.trx, note.end_to_end_id, note.last_at, outcome);
      return true;
    });
    if (!held) return 'lost';
  }
  // Notifications that arrived while this run worked are read at once, not a poll later.
  return pending.length > 0 ? 'more' : 'done';
}
