import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import type { ReceivedOutcome } from '../pix.tables.js';
import { PIX_RAIL } from '../pix-context.js';
import { ledgerRefunds, type LedgerRefund } from './ledger-refunds.js';

/** A Pix as cofre recorded it, with the state of the deposit it credited. */
export interface LedgerPix {
  endToEndId: string;
  txid: string | null;
  amount: bigint;
  horario: number;
  outcome: ReceivedOutcome;
  operationId: string | null;
  /** The credited deposit's status (COMPLETED once the money is in a balance), null without one. */
  depositStatus: string | null;
}

export interface LedgerDay {
  received: Map<string, LedgerPix>;
  refunds: LedgerRefund[];
  /** The reconciliation window's cursor (epoch ms), null before its first run. */
  windowReadTo: number | null;
}

/** Ids per IN list: well inside both engines' limits on bound parameters. */
const CHUNK = 500;

/**
 * cofre's side of a day, in one snapshot (PostgreSQL: repeatable read; SQLite: one read
 * transaction), so a Pix credited meanwhile is not counted on one side of the report only: every
 * Pix recorded with its PSP time in [start, end), every Pix the PSP listed for the day whatever
 * time cofre recorded, the deposits they credited and the refunds of them.
 */
export function readLedgerDay(
  db: Db,
  bounds: { start: number; end: number },
  pspIds: readonly string[],
): Promise<LedgerDay> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const received = new Map<string, LedgerPix>();
      const add = (rows: LedgerPix[]) => rows.forEach((r) => received.set(r.endToEndId, r));
      add(
        await receivedRows(trx, (q) =>
          q.where('horario', '>=', bounds.start).where('horario', '<', bounds.end),
        ),
      );
      const missing = pspIds.filter((id) => !received.has(id));
      for (let i = 0; i < missing.length; i += CHUNK) {
        const ids = missing.slice(i, i + CHUNK);
        add(await receivedRows(trx, (q) => q.where('end_to_end_id', 'in', ids)));
      }
      const credited = [...received.values()].filter((r) => r.operationId !== null);
      const cursor = await trx
        .selectFrom('rail_pix_cursors')
        .select('reconciled_to')
        .where('rail', '=', PIX_RAIL)
        .executeTakeFirst();
      return {
        received,
        refunds: await ledgerRefunds(
          trx,
          credited.map((r) => ({ endToEndId: r.endToEndId, depositId: r.operationId! })),
        ),
        windowReadTo: cursor?.reconciled_to ?? null,
      };
    });
}

type ReceivedQuery = ReturnType<typeof selectReceived>;

const selectReceived = (trx: Trx) =>
  trx
    .selectFrom('rail_pix_received')
    .leftJoin('operations', 'operations.id', 'rail_pix_received.operation_id')
    .select([
      'rail_pix_received.end_to_end_id as endToEndId',
      'rail_pix_received.txid as txid',
      'rail_pix_received.amount as amount',
      'rail_pix_received.horario as horario',
      'rail_pix_received.outcome as outcome',
      'rail_pix_received.operation_id as operationId',
      'operations.status as depositStatus',
    ]);

async function receivedRows(
  trx: Trx,
  filter: (query: ReceivedQuery) => ReceivedQuery,
): Promise<LedgerPix[]> {
  return (await filter(selectReceived(trx)).execute()).map((r) => ({
    ...r,
    horario: Number(r.horario),
    depositStatus: r.depositStatus ?? null,
  }));
}
