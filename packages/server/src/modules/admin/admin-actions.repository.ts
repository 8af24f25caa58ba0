import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import type { AdminAction, AdminActionRow, NewAdminActionRow } from './admin-actions.table.js';

export async function insertAdminAction(trx: Trx, row: NewAdminActionRow): Promise<void> {
  await trx.insertInto('admin_actions').values(row).execute();
}

/** Fills in the snapshots of a row inserted at the start of its transaction (audited.ts). */
export async function completeAdminAction(
  trx: Trx,
  id: string,
  fields: { subject_id: string; before: string | null; after: string | null },
): Promise<void> {
  await trx.updateTable('admin_actions').set(fields).where('id', '=', id).execute();
}

export interface AdminActionFilters {
  action?: AdminAction | undefined;
  subjectId?: string | undefined;
}

export function listAdminActions(
  db: Db,
  filters: AdminActionFilters,
  plan: KeysetPlan,
): Promise<AdminActionRow[]> {
  let query = db.selectFrom('admin_actions').selectAll();
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.subjectId) query = query.where('subject_id', '=', filters.subjectId);
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}
