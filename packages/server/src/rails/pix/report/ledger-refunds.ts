import type { Trx } from '../../../db/transact.js';
import { parsePixRefund } from '../../../operations/index.js';
import { txidOf } from '../pix-values.js';

/** A refund cofre has of a received Pix (the shape of a rail_pix_refunds row, with its operation's status). */
export interface LedgerRefund {
  /** The PIX_REFUND operation. */
  operationId: string;
  /** The Pix it returns money of. */
  endToEndId: string;
  /** Its id at the PSP (PUT /pix/{e2eid}/devolucao/{id}). */
  devolucaoId: string;
  amount: bigint;
  /** The operation's status: COMPLETED once the ledger booked the money as returned. */
  status: string;
}

const CHUNK = 500;

/**
 * The refunds cofre has of the deposits these Pix credited: every PIX_REFUND operation whose
 * original is one of them, whatever its status (the report compares the COMPLETED ones with the
 * PSP's DEVOLVIDO devoluções, and names the others when the PSP already returned the money).
 * The devolução id is the one the rail sends for a refund: its operation id without the prefix.
 *
 * Read from the operations themselves (a refund operation names its original in its details), so
 * the figure is the ledger's, however the refund was carried out.
 */
export async function ledgerRefunds(
  trx: Trx,
  credited: readonly { endToEndId: string; depositId: string }[],
): Promise<LedgerRefund[]> {
  const pixOf = new Map(credited.map((c) => [c.depositId, c.endToEndId]));
  const found = new Map<string, LedgerRefund>();
  const deposits = [...pixOf.keys()];
  for (let i = 0; i < deposits.length; i += CHUNK) {
    const ids = deposits.slice(i, i + CHUNK);
    // A refund is made on its deposit's account: only those accounts' refunds are read.
    const rows = await trx
      .selectFrom('operations')
      .select(['id', 'status', 'amount', 'details'])
      .where('type', '=', 'PIX_REFUND')
      .where('account_id', 'in', (eb) =>
        eb
          .selectFrom('operations as deposit')
          .select('deposit.account_id')
          .where('deposit.id', 'in', ids),
      )
      .execute();
    for (const row of rows) {
      const endToEndId = pixOf.get(parsePixRefund(row.details).originalOperationId);
      if (endToEndId === undefined) continue;
      found.set(row.id, {
        operationId: row.id,
        endToEndId,
        devolucaoId: txidOf(row.id),
        amount: row.amount,
        status: row.status,
      });
    }
  }
  return [...found.values()];
}
