import { transact, type Tx } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { failOperation } from '../../../operations/index.js';
import type { RailRunOutcome } from '../../standing-rail-job.js';
import { problemText } from '../charges/charges-run.js';
import type { PixContext } from '../pix-context.js';
import type { PspAnswer, PspRefund } from '../psp/api-pix.js';
import { valorOf } from '../pix-values.js';
import { applyPspRefund, pollAt, refundFailure, type RefundRow } from './apply-psp-refund.js';

/** Refunds looked at per run, per kind of work; a full batch makes the next run due at once. */
const BATCH = 50;

/**
 * One run of `rail.pix.refunds` (docs/rails.md "PIX: refunds"):
 * - a QUEUED refund is claimed (sending_at, after which the back-office cannot fail it), read
 *   back (GET /pix/{e2eid}/devolucao/{id}) and put (PUT, natureza ORIGINAL) only when the PSP has
 *   none — an id used before is a 400 at the PSP, so a worker that died mid-call finds its refund
 *   on the next run instead of sending it again; a PUT the PSP refuses and a second read-back does
 *   not explain fails the refund with the PSP's reason;
 * - a REQUESTED refund whose read is due is read again, until DEVOLVIDO or NAO_REALIZADO (the
 *   webhook usually settles it first: settle-refund-statuses.ts).
 * A PSP that does not answer stops the run (PspUnavailable: the job backs off, and the next run
 * reads back before anything is put).
 */
export async function refundsOnce(ctx: PixContext, job: Job): Promise<RailRunOutcome> {
  const queued = await ctx.db
    .selectFrom('rail_pix_refunds')
    .selectAll()
    .where('status', '=', 'QUEUED')
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  for (const row of queued) {
    if ((await send(ctx, job, row)) === 'lost') return 'lost';
  }
  const due = await ctx.db
    .selectFrom('rail_pix_refunds')
    .selectAll()
    .where('status', '=', 'REQUESTED')
    .where('poll_at', '<=', ctx.clock.now())
    .orderBy('poll_at')
    .limit(BATCH)
    .execute();
  for (const row of due) {
    if ((await poll(ctx, job, row)) === 'lost') return 'lost';
  }
  return queued.length === BATCH || due.length === BATCH ? 'more' : 'done';
}

/** Claim, read back, then put: the refund reaches the PSP once. */
async function send(ctx: PixContext, job: Job, row: RefundRow): Promise<'ok' | 'lost'> {
  if (row.sending_at === null) {
    const claimed = await fenced(ctx, job, async (tx, at) => {
      const set = await tx.trx
        .updateTable('rail_pix_refunds')
        .set({ sending_at: at, updated_at: at })
        .where('operation_id', '=', row.operation_id)
        .where('status', '=', 'QUEUED')
        .executeTakeFirst();
      return Number(set.numUpdatedRows) === 1;
    });
    // Lost the lease, or the back-office failed the refund first: nothing is sent.
    if (claimed !== true) return claimed === 'lost' ? 'lost' : 'ok';
  }
  const read = await ctx.api.getRefund(row.end_to_end_id, row.devolucao_id);
  if (read.kind !== 'not-found') return adopt(ctx, job, row, read);
  const put = await ctx.api.putRefund(row.end_to_end_id, row.devolucao_id, {
    valor: valorOf(row.amount),
    ...(row.descricao === null ? {} : { descricao: row.descricao }),
  });
  if (put.kind === 'ok') return adopt(ctx, job, row, put);
  if (put.kind === 'refused' && put.status === 403) {
    // Not this refund's fault: the rail's credentials or scopes (pix.write), for every refund alike.
    throw new Error(`the PSP refused PUT devolucao ${row.devolucao_id} (403)`);
  }
  // A refusal may be explained by a refund that exists after all (an earlier PUT that landed).
  const again = await ctx.api.getRefund(row.end_to_end_id, row.devolucao_id);
  if (again.kind === 'ok') return adopt(ctx, job, row, again);
  const why = put.kind === 'refused' ? problemText(put.problem) : 'the PSP does not know the Pix';
  const done = await fenced(ctx, job, async (tx, at) => {
    const refused = await tx.trx
      .updateTable('rail_pix_refunds')
      .set({ status: 'REFUSED', last_error: why, updated_at: at })
      .where('operation_id', '=', row.operation_id)
      .where('status', '=', 'QUEUED')
      .executeTakeFirst();
    if (Number(refused.numUpdatedRows) !== 1) return;
    const reason = refundFailure(why, 'The PIX provider refused the refund');
    await failOperation(tx, ctx, row.operation_id, reason, at);
  });
  return done === 'lost' ? 'lost' : 'ok';
}

/**
 * A refund the PSP is processing, read again: a final status is applied; one still processing
 * (or, wrongly, gone at the PSP: logged for the operator) is read again later, each wait longer.
 */
async function poll(ctx: PixContext, job: Job, row: RefundRow): Promise<'ok' | 'lost'> {
  const read = await ctx.api.getRefund(row.end_to_end_id, row.devolucao_id);
  if (read.kind === 'refused') throw refusedRead(row, read.status);
  const gone =
    read.kind === 'not-found'
      ? `the PSP no longer knows refund ${row.devolucao_id} of ${row.end_to_end_id}, which it accepted`
      : undefined;
  if (gone) ctx.logger.error({ refund: row.operation_id }, `PIX rail: ${gone}`);
  const done = await fenced(ctx, job, async (tx, at) => {
    if (read.kind === 'ok') await applyPspRefund(tx, ctx, row, read.body, at);
    // Still REQUESTED unless the answer was final (applyPspRefund moved it on).
    await tx.trx
      .updateTable('rail_pix_refunds')
      .set({
        polls: row.polls + 1,
        poll_at: pollAt(at, row.polls + 1),
        updated_at: at,
        ...(gone ? { last_error: gone } : {}),
      })
      .where('operation_id', '=', row.operation_id)
      .where('status', '=', 'REQUESTED')
      .execute();
  });
  return done === 'lost' ? 'lost' : 'ok';
}

/** What the PSP holds for the refund, applied once (apply-psp-refund.ts). */
async function adopt(
  ctx: PixContext,
  job: Job,
  row: RefundRow,
  answer: PspAnswer<PspRefund>,
): Promise<'ok' | 'lost'> {
  if (answer.kind === 'refused') throw refusedRead(row, answer.status);
  if (answer.kind === 'not-found') return 'ok';
  const done = await fenced(ctx, job, (tx, at) => applyPspRefund(tx, ctx, row, answer.body, at));
  return done === 'lost' ? 'lost' : 'ok';
}

/** 400/403 on a read: the rail's credentials or scopes are wrong, for every refund alike. */
const refusedRead = (row: RefundRow, status: number) =>
  new Error(
    `the PSP refused to read refund ${row.devolucao_id} of ${row.end_to_end_id} (${status})`,
  );

/** Writes in one transaction that first checks the job's lease is still this run's. */
async function fenced<T>(
  ctx: PixContext,
  job: Job,
  write: (tx: Tx, at: number) => Promise<T>,
): Promise<T | 'lost'> {
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return 'lost' as const;
    return write(tx, ctx.clock.now());
  });
}
