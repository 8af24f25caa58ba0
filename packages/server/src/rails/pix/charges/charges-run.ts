import type { Job } from '../../../jobs/index.js';
import { transact, type Tx } from '../../../db/transact.js';
import { failOperation, setDepositBrCode } from '../../../operations/index.js';
import type { RailRunOutcome } from '../../standing-rail-job.js';
import { settleReceived } from '../inbound/settle-received.js';
import type { PixContext } from '../pix-context.js';
import type { ChargeStatus, RailPixChargesTable } from '../pix.tables.js';
import type { PspAnswer, PspCharge, PspProblem } from '../psp/api-pix.js';
import { valorOf } from '../pix-values.js';

/** Charges looked at per run, per kind of work; a full batch makes the next run due at once. */
const BATCH = 50;

type Charge = Pick<
  RailPixChargesTable,
  'operation_id' | 'txid' | 'amount' | 'expires_at' | 'status'
> & { deposit_status: string };

export const CHARGE_REFUSED = {
  code: 'CHARGE_REFUSED',
  message: 'The PIX provider refused to create the charge for this deposit.',
} as const;
export const CHARGE_REMOVED = {
  code: 'CHARGE_REMOVED',
  message: "The PIX provider removed this deposit's charge; it can no longer be paid.",
} as const;

/**
 * One run of `rail.pix.charges` (docs/rails.md "PIX: deposits as charges"):
 * - a QUEUED charge of a deposit still REQUESTED is read back first (GET /cob/{txid}) and put
 *   (PUT /cob/{txid}) only when the PSP has none — API Pix's PUT is no idempotent replay, so a
 *   worker that died mid-call finds its charge on the next run instead of changing it;
 * - a charge of a deposit that ended (expired, failed by the back-office) is removed at the PSP
 *   (PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR), and one the PSP says was paid meanwhile is
 *   credited like any Pix (a deposit of its own, as the ended deposit cannot take it).
 * A PSP that does not answer stops the run (PspUnavailable: the job backs off); a charge the PSP
 * refuses is recorded on its row and the run goes on with the next.
 */
export async function chargesOnce(ctx: PixContext, job: Job): Promise<RailRunOutcome> {
  const base = ctx.db
    .selectFrom('rail_pix_charges as c')
    .innerJoin('operations as o', 'o.id', 'c.operation_id')
    .select(['c.operation_id', 'c.txid', 'c.amount', 'c.expires_at', 'c.status'])
    .select('o.status as deposit_status')
    .orderBy('c.created_at')
    .limit(BATCH);
  const queued = await base.where('c.status', '=', 'QUEUED').execute();
  const ended = await base
    .where('c.status', '=', 'CREATED')
    .where('o.status', '=', 'FAILED')
    .execute();
  for (const charge of [...queued, ...ended]) {
    const done =
      charge.status === 'QUEUED' && charge.deposit_status === 'REQUESTED'
        ? await create(ctx, job, charge)
        : await close(ctx, job, charge);
    if (done === 'lost') return 'lost';
  }
  if (queued.length === BATCH || ended.length === BATCH) return 'more';
  // Deposits requested while this run worked wait for the next: at once when this one moved
  // anything on (a charge that only records an error again does not loop).
  return (await movedOn(ctx, [...queued, ...ended])) ? 'more' : 'done';
}

/** Whether any of the charges read at the run's start has another status now. */
async function movedOn(ctx: PixContext, charges: Charge[]): Promise<boolean> {
  if (charges.length === 0) return false;
  const now = await ctx.db
    .selectFrom('rail_pix_charges')
    .select(['operation_id', 'status'])
    .where(
      'operation_id',
      'in',
      charges.map((c) => c.operation_id),
    )
    .execute();
  const before = new Map(charges.map((c) => [c.operation_id, c.status]));
  return now.some((row) => before.get(row.operation_id) !== row.status);
}

/** Read back, then create: the deposit's charge exists once, with its BR Code on the deposit. */
async function create(ctx: PixContext, job: Job, charge: Charge): Promise<'ok' | 'lost'> {
  const read = await ctx.api.getCharge(charge.txid);
  if (read.kind !== 'not-found') return adopt(ctx, job, charge, read);
  const expiracao = Math.ceil((charge.expires_at - ctx.clock.now()) / 1000);
  // Expiring now: no charge; the deposit's expiry fails it, and the next run closes this one.
  if (expiracao <= 0) return 'ok';
  const put = await ctx.api.putCharge(charge.txid, {
    expiracao,
    valor: valorOf(charge.amount),
    chave: ctx.houseKey,
    solicitacaoPagador: 'cofre deposit',
  });
  if (put.kind === 'ok') return adopt(ctx, job, charge, put);
  // A refusal may be explained by a charge that exists after all (an earlier PUT that landed).
  const again = await ctx.api.getCharge(charge.txid);
  if (again.kind === 'ok') return adopt(ctx, job, charge, again);
  const problem = put.kind === 'refused' ? put.problem : undefined;
  return fenced(ctx, job, async (tx, at) => {
    await setCharge(tx, charge, 'REFUSED', at, { last_error: problemText(problem) });
    await failOperation(tx, ctx, charge.operation_id, { ...CHARGE_REFUSED }, at);
  });
}

/** What the PSP holds for the charge, taken as the truth. */
async function adopt(
  ctx: PixContext,
  job: Job,
  charge: Charge,
  answer: PspAnswer<PspCharge>,
): Promise<'ok' | 'lost'> {
  if (answer.kind === 'refused') {
    // 403 on a read: the rail's credentials or scopes are wrong, for every charge alike.
    throw new Error(
      `the PSP refused to read charge ${charge.txid}: ${problemText(answer.problem)}`,
    );
  }
  if (answer.kind === 'not-found') return 'ok';
  const cob = answer.body;
  if (cob.valor !== valorOf(charge.amount) || cob.chave !== ctx.houseKey) {
    // Never overwritten: a charge under cofre's txid for another amount or key is the operator's.
    return fenced(ctx, job, (tx, at) =>
      setCharge(tx, charge, charge.status, at, {
        last_error: `the PSP holds charge ${charge.txid} for ${cob.valor} to ${cob.chave}, not ${valorOf(charge.amount)} to the house key`,
      }),
    );
  }
  return fenced(ctx, job, async (tx, at) => {
    switch (cob.status) {
      case 'ATIVA':
        if (cob.pixCopiaECola === undefined) {
          await setCharge(tx, charge, charge.status, at, {
            last_error: 'the PSP answered without pixCopiaECola; read again next run',
          });
          return;
        }
        await setCharge(tx, charge, 'CREATED', at, {
          br_code: cob.pixCopiaECola,
          revisao: cob.revisao,
          last_error: null,
        });
        await setDepositBrCode(tx, ctx, charge.operation_id, cob.pixCopiaECola, at);
        return;
      case 'CONCLUIDA':
        for (const pix of cob.pix) await settleReceived(tx, ctx, pix, 'CHARGE', at);
        await setCharge(tx, charge, 'PAID', at, {});
        return;
      case 'REMOVIDA_PELO_USUARIO_RECEBEDOR':
      case 'REMOVIDA_PELO_PSP':
        await setCharge(tx, charge, 'REMOVED', at, {});
        await failOperation(tx, ctx, charge.operation_id, { ...CHARGE_REMOVED }, at);
    }
  });
}

/** The deposit ended: its charge goes (or never existed); one paid meanwhile is credited. */
async function close(ctx: PixContext, job: Job, charge: Charge): Promise<'ok' | 'lost'> {
  if (charge.status === 'CREATED') {
    const removed = await ctx.api.removeCharge(charge.txid);
    if (removed.kind === 'ok' || removed.kind === 'not-found') {
      return fenced(ctx, job, (tx, at) => setCharge(tx, charge, 'REMOVED', at, {}));
    }
    // 400: no longer ATIVA — paid, or removed by the PSP. What it is now decides.
  }
  const read = await ctx.api.getCharge(charge.txid);
  if (read.kind === 'not-found') {
    return fenced(ctx, job, (tx, at) => setCharge(tx, charge, 'REMOVED', at, {}));
  }
  if (read.kind === 'ok' && read.body.status === 'ATIVA') {
    const removed = await ctx.api.removeCharge(charge.txid);
    if (removed.kind === 'refused')
      return adopt(ctx, job, charge, await ctx.api.getCharge(charge.txid));
    return fenced(ctx, job, (tx, at) => setCharge(tx, charge, 'REMOVED', at, {}));
  }
  return adopt(ctx, job, charge, read);
}

/** Writes in one transaction that first checks the job's lease is still this run's. */
async function fenced(
  ctx: PixContext,
  job: Job,
  write: (tx: Tx, at: number) => Promise<void>,
): Promise<'ok' | 'lost'> {
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return 'lost' as const;
    await write(tx, ctx.clock.now());
    return 'ok' as const;
  });
}

async function setCharge(
  tx: Tx,
  charge: Charge,
  status: ChargeStatus,
  at: number,
  more: Partial<Pick<RailPixChargesTable, 'br_code' | 'revisao' | 'last_error'>>,
): Promise<void> {
  await tx.trx
    .updateTable('rail_pix_charges')
    .set({ status, ...more, updated_at: at })
    .where('operation_id', '=', charge.operation_id)
    .where('status', '=', charge.status)
    .execute();
}

/** A PSP's refusal in one line, for the charge's row and the back-office. */
export function problemText(problem: PspProblem | undefined): string {
  if (!problem) return 'the PSP answered 404 to PUT /cob';
  const why = problem.violacoes
    .map((v) => [v.propriedade, v.razao].filter(Boolean).join(': '))
    .filter(Boolean);
  return [problem.title ?? problem.type ?? 'refused', problem.detail, ...why]
    .filter(Boolean)
    .join('; ')
    .slice(0, 500);
}
