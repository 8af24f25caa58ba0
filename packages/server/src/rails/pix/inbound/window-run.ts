import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { toIso } from '../../../lib/clock.js';
import type { RailRunOutcome } from '../../standing-rail-job.js';
import type { PixContext } from '../pix-context.js';
import { PIX_RAIL } from '../pix-context.js';
import type { PspReceivedPix } from '../psp/api-pix.js';
import { settleReceived } from './settle-received.js';
import { settleRefundStatuses } from '../refunds/settle-refund-statuses.js';
import { countReceived } from './pix-inbound-metrics.js';

/** Every window starts this far before the last one ended: a Pix the PSP listed late is still seen. */
export const WINDOW_OVERLAP_MS = 10 * 60_000;
/** The widest window one run reads; a cursor further behind catches up run after run. */
export const WINDOW_MAX_MS = 60 * 60_000;
/** GET /pix's largest page (paginacao.itensPorPagina ≤ 1,000). */
const PAGE_SIZE = 1_000;
/** Pix settled per transaction. */
const CHUNK = 100;

/**
 * One run of `rail.pix.window`, the webhook's safety net (docs/rails.md "PIX: reconciliation
 * window"): lists the Pix the PSP received over [cursor − overlap, now − lag] (GET /pix, every
 * page) and settles each one cofre has not recorded yet, by the same exactly-once rule as the
 * webhook. The window ends `lagMs` in the past so its pages (numbered, in no documented order)
 * hold still while they are read; the cursor moves only after every page was read and settled.
 */
export async function windowOnce(
  ctx: PixContext,
  job: Job,
  lagMs: number,
): Promise<RailRunOutcome> {
  const now = ctx.clock.now();
  const cursor = await windowCursor(ctx, now);
  const from = cursor - WINDOW_OVERLAP_MS;
  const to = Math.min(now - lagMs, from + WINDOW_MAX_MS);
  if (to <= cursor) return 'done';
  for (let page = 0, pages = 1; page < pages; page++) {
    const read = await ctx.api.listReceived({
      inicio: toIso(from),
      fim: toIso(to),
      paginaAtual: page,
      itensPorPagina: PAGE_SIZE,
    });
    if (read.kind !== 'ok') throw new Error(`the PSP refused GET /pix (${read.kind})`);
    pages = read.body.quantidadeDePaginas;
    if (!(await settleNew(ctx, job, read.body.pix))) return 'lost';
  }
  const held = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    await tx.trx
      .updateTable('rail_pix_cursors')
      .set({ reconciled_to: to, updated_at: ctx.clock.now() })
      .where('rail', '=', PIX_RAIL)
      .execute();
    return true;
  });
  if (!held) return 'lost';
  return to < now - lagMs ? 'more' : 'done';
}

/** Where the window stands (the cursor row is made at worker start: ensurePixCursor). */
async function windowCursor(ctx: PixContext, now: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('rail_pix_cursors')
    .select('reconciled_to')
    .where('rail', '=', PIX_RAIL)
    .executeTakeFirst();
  return row?.reconciled_to ?? now;
}

/** Settles the page's Pix cofre has no record of, and the refunds any lists, in fenced transactions of CHUNK each. */
async function settleNew(ctx: PixContext, job: Job, page: PspReceivedPix[]): Promise<boolean> {
  for (let i = 0; i < page.length; i += CHUNK) {
    const chunk = page.slice(i, i + CHUNK);
    const known = new Set(
      (
        await ctx.db
          .selectFrom('rail_pix_received')
          .select('end_to_end_id')
          .where(
            'end_to_end_id',
            'in',
            chunk.map((p) => p.endToEndId),
          )
          .execute()
      ).map((r) => r.end_to_end_id),
    );
    // New Pix, and known ones whose refunds may have moved on (a lost refund webhook).
    const todo = chunk.filter((p) => !known.has(p.endToEndId) || p.devolucoes.length > 0);
    if (todo.length === 0) continue;
    const held = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      for (const pix of todo) {
        if (!known.has(pix.endToEndId)) {
          const outcome = await settleReceived(tx, ctx, pix, 'RECONCILE', ctx.clock.now());
          countReceived(tx, outcome, 'RECONCILE');
        }
        await settleRefundStatuses(tx, ctx, pix);
      }
      return true;
    });
    if (!held) return false;
  }
  return true;
}

/**
 * Worker start: the rail's cursor row exists. The first start sets it to now, so the first
 * window reads back WINDOW_OVERLAP_MS before the rail began — nothing of cofre's is older.
 */
export async function ensurePixCursor(ctx: Pick<PixContext, 'db'>, now: number): Promise<void> {
  await ctx.db
    .insertInto('rail_pix_cursors')
    .values({
      rail: PIX_RAIL,
      reconciled_to: now,
      webhook_url: null,
      webhook_registered_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('rail').doNothing())
    .execute();
}
