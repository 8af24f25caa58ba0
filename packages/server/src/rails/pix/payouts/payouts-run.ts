import type { Tx } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import type { RailRunOutcome } from '../../standing-rail-job.js';
import type { PixContext } from '../pix-context.js';
import { valorOf } from '../pix-values.js';
import type { PixPayoutAdapter, PixPayoutOrder, PixPayoutState } from './pix-payout-adapter.js';
import type { PixPayoutTarget, RailPixPayoutsTable } from './pix-payouts.table.js';
import { recordPayoutState } from './payout-outcome.js';
import { fenced } from './payouts-fenced.js';

/** Payouts looked at per run, per status; a full batch of queued ones makes the next run due at once. */
const BATCH = 50;
/** A SENT payout is looked up at most this often (the job's poll). */
const LOOKUP_EVERY_MS = 5_000;

type Payout = RailPixPayoutsTable;

/**
 * One run of `rail.pix.payouts` (docs/rails.md "PIX payouts"), one payout at a time (a PSP such
 * as Efí asks for sends one by one; the job runs on one worker at a time):
 * - each QUEUED payout, oldest first: one that was attempted before (its answer lost: a crash, a
 *   timeout) is looked up at the PSP by its idEnvio, and sent only when the PSP holds nothing
 *   under it; the attempt is recorded, fenced, before every send;
 * - each SENT payout is looked up until the PSP says it was paid or not.
 * Only rows of this adapter are touched: a payout another adapter may have sent is never sent or
 * looked up elsewhere. A PSP that does not answer stops the run (PspUnavailable: the job backs
 * off, then looks up before sending anything again).
 */
export async function payoutsOnce(
  ctx: PixContext,
  adapter: PixPayoutAdapter,
  job: Job,
): Promise<RailRunOutcome> {
  const queued = await ctx.db
    .selectFrom('rail_pix_payouts')
    .selectAll()
    .where('status', '=', 'QUEUED')
    .where('adapter', '=', adapter.name)
    .orderBy('created_at')
    .orderBy('operation_id')
    .limit(BATCH)
    .execute();
  for (const payout of queued) {
    if ((await sendOnce(ctx, adapter, job, payout)) === 'lost') return 'lost';
  }
  const sent = await ctx.db
    .selectFrom('rail_pix_payouts')
    .selectAll()
    .where('status', '=', 'SENT')
    .where('adapter', '=', adapter.name)
    .where('checked_at', '<=', ctx.clock.now() - LOOKUP_EVERY_MS)
    .orderBy('checked_at')
    .orderBy('operation_id')
    .limit(BATCH)
    .execute();
  for (const payout of sent) {
    if ((await follow(ctx, adapter, job, payout)) === 'lost') return 'lost';
  }
  return queued.length === BATCH ? 'more' : 'done';
}

/** Looked up first when it may have reached the PSP; sent only when the PSP has none. */
async function sendOnce(
  ctx: PixContext,
  adapter: PixPayoutAdapter,
  job: Job,
  payout: Payout,
): Promise<'ok' | 'lost'> {
  if (payout.attempts > 0) {
    const held = await adapter.lookup(payout.id_envio);
    if (held.state !== 'NOT_FOUND') return record(ctx, job, payout, held);
  }
  const started = await fenced(ctx, job, (tx, at) => startAttempt(tx, payout, at));
  if (started !== true) return started === 'lost' ? 'lost' : 'ok';
  const state = await adapter.send(payout.id_envio, orderOf(ctx, payout));
  return record(ctx, job, payout, state);
}

/**
 * Records the attempt before the call (a compare-and-set on the row as read): once it commits,
 * every later run looks the payout up before sending it again. False when the row moved on (the
 * back-office failed it unsent) or its operation is no longer waiting for it.
 */
async function startAttempt(tx: Tx, payout: Payout, at: number): Promise<boolean> {
  const operation = await tx.trx
    .selectFrom('operations')
    .select('status')
    .where('id', '=', payout.operation_id)
    .executeTakeFirst();
  const cas = tx.trx
    .updateTable('rail_pix_payouts')
    .where('operation_id', '=', payout.operation_id)
    .where('status', '=', 'QUEUED')
    .where('attempts', '=', payout.attempts);
  if (payout.attempts === 0 && operation?.status !== 'REQUESTED') {
    // Never sent, and its operation ended another way: nothing may leave for it.
    await cas
      .set({
        status: 'FAILED',
        last_error: `its operation is ${operation?.status ?? 'gone'}; never sent`,
        updated_at: at,
      })
      .execute();
    return false;
  }
  const result = await cas
    .set({ attempts: payout.attempts + 1, sent_at: at, updated_at: at })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A SENT payout: what the PSP says of it now. */
async function follow(
  ctx: PixContext,
  adapter: PixPayoutAdapter,
  job: Job,
  payout: Payout,
): Promise<'ok' | 'lost'> {
  const held = await adapter.lookup(payout.id_envio);
  if (held.state !== 'NOT_FOUND') return record(ctx, job, payout, held);
  // The PSP accepted it once and now holds nothing under its id: never sent again on a guess.
  ctx.logger.error(
    { operationId: payout.operation_id, idEnvio: payout.id_envio, adapter: adapter.name },
    'PIX rail: the PSP no longer finds a payout it accepted; it stays SENT for the operator',
  );
  const noted = await fenced(ctx, job, async (tx, at) => {
    await tx.trx
      .updateTable('rail_pix_payouts')
      .set({
        checked_at: at,
        last_error: 'the PSP accepted this payout but its look-up finds none',
      })
      .where('operation_id', '=', payout.operation_id)
      .where('status', '=', 'SENT')
      .execute();
  });
  return noted === 'lost' ? 'lost' : 'ok';
}

async function record(
  ctx: PixContext,
  job: Job,
  payout: Payout,
  state: PixPayoutState,
): Promise<'ok' | 'lost'> {
  const done = await fenced(ctx, job, (tx, at) =>
    recordPayoutState(tx, { queue: ctx.queue }, payout, state, at),
  );
  return done === 'lost' ? 'lost' : 'ok';
}

function orderOf(ctx: PixContext, payout: Payout): PixPayoutOrder {
  return {
    amount: valorOf(payout.amount),
    payerKey: ctx.houseKey,
    to: JSON.parse(payout.target) as PixPayoutTarget,
    ...(payout.description === null ? {} : { description: payout.description }),
  };
}
