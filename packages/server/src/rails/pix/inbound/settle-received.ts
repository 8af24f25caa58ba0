import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import {
  creditArrivedDeposit,
  openArrivedDeposit,
  operationForLifecycle,
  parseDeposit,
  startProcessing,
} from '../../../operations/index.js';
import type { PspReceivedPix } from '../psp/api-pix.js';
import type { ReceivedOutcome, ReceivedVia } from '../pix.tables.js';
import { epochOf, minorOf } from '../pix-values.js';

/** What settling one Pix did: its outcome, or DUPLICATE when its endToEndId was settled before. */
export type SettleOutcome = ReceivedOutcome | 'DUPLICATE';

/**
 * Money arriving, exactly once (docs/rails.md "PIX: money arriving"): the Pix is recorded under
 * its endToEndId — a second report of it, by any path (webhook, reconciliation, a charge read
 * back), finds the row and changes nothing. A first report is credited to the deposit its txid
 * names, with the amount actually paid (which may differ from the charge's, as the back-office
 * records it); a deposit that can no longer take it (it ended, or a quoted deposit for another
 * amount) is credited through a deposit of its own, so money that arrived is never swallowed.
 * A Pix with no txid, or a txid no charge of cofre has, is recorded and reported, not credited.
 *
 * Runs in the caller's transaction, which has fenced its job's lease.
 */
export async function settleReceived(
  tx: Tx,
  deps: { queue: JobQueue },
  pix: PspReceivedPix,
  via: ReceivedVia,
  at: number,
): Promise<SettleOutcome> {
  const amount = minorOf(pix.valor) ?? 0n;
  const inserted = await tx.trx
    .insertInto('rail_pix_received')
    .values({
      end_to_end_id: pix.endToEndId,
      txid: pix.txid ?? null,
      amount,
      horario: epochOf(pix.horario) ?? at,
      seen_via: via,
      outcome: 'UNATTRIBUTED',
      operation_id: null,
      created_at: at,
    })
    .onConflict((oc) => oc.column('end_to_end_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return 'DUPLICATE';
  const charge =
    pix.txid === undefined
      ? undefined
      : await tx.trx
          .selectFrom('rail_pix_charges')
          .selectAll()
          .where('txid', '=', pix.txid)
          .executeTakeFirst();
  if (!charge || amount <= 0n) {
    const outcome: ReceivedOutcome = pix.txid === undefined ? 'UNATTRIBUTED' : 'UNKNOWN_TXID';
    await setOutcome(tx, pix.endToEndId, outcome, null);
    return outcome;
  }
  const deposit = await operationForLifecycle(tx, charge.operation_id);
  if (!deposit) throw new Error(`charge ${charge.txid} names no operation`);
  const details = parseDeposit(deposit.details);
  const takes =
    deposit.status === 'REQUESTED' &&
    (details.conversion === undefined || details.conversion.sourceAmount === amount);
  let target = deposit.id;
  if (!takes) {
    target = await openArrivedDeposit(tx, deps, {
      customerId: deposit.customer_id,
      accountId: deposit.account_id,
      asset: 'BRL',
      amount,
      fundingInstruction: details.fundingInstruction,
      expiresAt: at,
      at,
    });
  }
  await startProcessing(tx, deps, target, at);
  await creditArrivedDeposit(tx, deps, target, { amount, endToEndId: pix.endToEndId, at });
  const outcome: ReceivedOutcome = takes ? 'CREDITED' : 'OWN_DEPOSIT';
  await setOutcome(tx, pix.endToEndId, outcome, target);
  await tx.trx
    .updateTable('rail_pix_charges')
    .set({ status: 'PAID', updated_at: at })
    .where('operation_id', '=', charge.operation_id)
    .where('status', 'in', ['QUEUED', 'CREATED'])
    .execute();
  return outcome;
}

async function setOutcome(
  tx: Tx,
  endToEndId: string,
  outcome: ReceivedOutcome,
  operationId: string | null,
): Promise<void> {
  await tx.trx
    .updateTable('rail_pix_received')
    .set({ outcome, operation_id: operationId })
    .where('end_to_end_id', '=', endToEndId)
    .execute();
}
