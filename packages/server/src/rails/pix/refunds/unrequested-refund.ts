import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../../db/transact.js';
import { railPixUnrequestedRefunds } from '../../../observability/metrics.js';
import type { PspRefund } from '../psp/api-pix.js';
import { minorOf } from '../pix-values.js';

/** API Pix's DevolucaoNatureza: the metric's label takes these, anything else is OTHER. */
const NATUREZAS = [
  'ORIGINAL',
  'RETIRADA',
  'MED_OPERACIONAL',
  'MED_FRAUDE',
  'MED_PIX_AUTOMATICO',
] as const;

/**
 * A refund of one of cofre's Pix that cofre did not ask for, kept in
 * rail_pix_unrequested_refunds for the reconciliation report. The first sighting is logged as an
 * error and counted (cofre_rail_pix_unrequested_refunds_total); later ones (every webhook and
 * window read of the Pix lists it again) only bring its status up to date.
 */
export async function recordUnrequestedRefund(
  tx: Tx,
  ctx: { logger: FastifyBaseLogger },
  endToEndId: string,
  refund: PspRefund,
  at: number,
): Promise<void> {
  const seen = {
    rtr_id: refund.rtrId,
    status: refund.status,
    motivo: refund.motivo ?? null,
    updated_at: at,
  };
  const inserted = await tx.trx
    .insertInto('rail_pix_unrequested_refunds')
    .values({
      end_to_end_id: endToEndId,
      devolucao_id: refund.id,
      amount: minorOf(refund.valor) ?? 0n,
      natureza: refund.natureza ?? null,
      first_seen_at: at,
      ...seen,
    })
    .onConflict((oc) => oc.columns(['end_to_end_id', 'devolucao_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
    await tx.trx
      .updateTable('rail_pix_unrequested_refunds')
      .set(seen)
      .where('end_to_end_id', '=', endToEndId)
      .where('devolucao_id', '=', refund.id)
      .execute();
    return;
  }
  const natureza = NATUREZAS.find((n) => n === refund.natureza) ?? 'OTHER';
  // Both once the record is committed: a transaction rolled back sees it again next time.
  tx.afterCommit(() => {
    railPixUnrequestedRefunds.inc({ natureza });
    ctx.logger.error(
      { endToEndId, devolucaoId: refund.id, natureza, valor: refund.valor, status: refund.status },
      'PIX rail: the PSP reports a refund of a Pix cofre received that cofre did not ask for; the ledger does not show it (reconciliation report)',
    );
  });
}
