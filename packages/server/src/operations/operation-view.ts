import type { Db } from '../db/database.js';
import { toIso } from '../lib/clock.js';
import { parseMetadata } from '../lib/metadata.js';
import type { StoredMetadata } from '../lib/stored-metadata.js';
import { formatAmount } from '../lib/money.js';
import type { FeeLine } from '../pricing/index.js';
import { feeLineView } from '../pricing/index.js';
import { KIND_LIFECYCLES } from './kinds/lifecycles.js';
import { statesOf } from './operations.repository.js';
import type { Operation } from './operations.schemas.js';
import type { OperationRow, OperationStateRow } from './operations.table.js';

const reasonOf = (code: string | null, message: string | null) =>
  code === null ? null : { code, message: message ?? '' };

/** The operation as the API (and its events) show it. */
export function toOperation(
  row: OperationRow,
  states: readonly OperationStateRow[],
  stored?: StoredMetadata,
): Operation {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    accountId: row.account_id,
    asset: row.asset,
    amount: formatAmount(row.amount, row.asset),
    fees: feesOf(row).map(feeLineView),
    reason: row.status === 'FAILED' ? reasonOf(row.reason_code, row.reason_message) : null,
    states: states.map((s) => ({
      status: s.status,
      reason: reasonOf(s.reason_code, s.reason_message),
      at: toIso(s.at),
    })),
    metadata: stored ? stored.slot(row.metadata) : parseMetadata(row.metadata),
    externalReference: row.external_reference,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    ...KIND_LIFECYCLES[row.type].view(row),
  } as Operation;
}

/** Views of several rows with one query for their states. */
export async function operationViews(
  db: Db,
  rows: OperationRow[],
  stored?: StoredMetadata,
): Promise<Operation[]> {
  const states = await statesOf(
    db,
    rows.map((r) => r.id),
  );
  // Grouped in one pass, in the order read: a page's views cost its rows plus their states,
  // not rows × states.
  const byOperation = new Map<string, OperationStateRow[]>();
  for (const state of states) {
    const group = byOperation.get(state.operation_id);
    if (group) group.push(state);
    else byOperation.set(state.operation_id, [state]);
  }
  return rows.map((r) => toOperation(r, byOperation.get(r.id) ?? [], stored));
}

/** The fee lines a kind stored in its details (`fees`), or none, read with the kind's money keys. */
function feesOf(row: OperationRow): FeeLine[] {
  const details = KIND_LIFECYCLES[row.type].details.parse(row.details) as { fees?: FeeLine[] };
  return details.fees ?? [];
}
