import type { Tx } from '../../../db/transact.js';
import type { PixContext } from '../pix-context.js';
import type { PspReceivedPix } from '../psp/api-pix.js';
import { applyPspRefund } from './apply-psp-refund.js';
import { recordUnrequestedRefund } from './unrequested-refund.js';

/**
 * The refunds a Pix read from the PSP lists (`devolucoes`), settled without waiting for the
 * refunds job's poll: API Pix calls the webhook again when a refund of a Pix reaches DEVOLVIDO
 * or NAO_REALIZADO, and the inbound and window runs read each Pix back (GET /pix/{e2eid},
 * GET /pix). Each devolução under one of cofre's ids moves that refund (apply-psp-refund.ts,
 * once); any other — an id cofre never used (a MED return, a refund made at the PSP), or one
 * whose intent ended without reaching the PSP — is money gone that the ledger does not show:
 * recorded, logged and counted for the reconciliation report, never booked here.
 *
 * Runs in the caller's transaction, which has fenced its job's lease, for every Pix read,
 * whether it was credited now or before.
 */
export async function settleRefundStatuses(
  tx: Tx,
  ctx: Pick<PixContext, 'queue' | 'logger' | 'clock'>,
  pix: PspReceivedPix,
): Promise<void> {
  if (pix.devolucoes.length === 0) return;
  const at = ctx.clock.now();
  const intents = await tx.trx
    .selectFrom('rail_pix_refunds')
    .selectAll()
    .where('end_to_end_id', '=', pix.endToEndId)
    .execute();
  for (const refund of pix.devolucoes) {
    const intent = intents.find((i) => i.devolucao_id === refund.id);
    if (intent && intent.status !== 'REFUSED' && intent.status !== 'CANCELLED') {
      await applyPspRefund(tx, ctx, intent, refund, at);
    } else {
      await recordUnrequestedRefund(tx, ctx, pix.endToEndId, refund, at);
    }
  }
}
