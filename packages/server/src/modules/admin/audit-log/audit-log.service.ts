import type { Db } from '../../../db/database.js';
import { toIso } from '../../../lib/clock.js';
import type { CursorCodec } from '../../../lib/cursor.js';
import type { PageResult } from '../../../lib/pagination.js';
import { listAdminActions } from '../admin-actions.repository.js';
import type { AdminActionRow } from '../admin-actions.table.js';
import { operatorPage } from '../operator-page.js';
import type { AuditEntry, AuditLogQuery } from './audit-log.schemas.js';

const toAuditEntry = (row: AdminActionRow): AuditEntry => ({
  id: row.id,
  actor: row.actor,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  before: row.before === null ? null : (JSON.parse(row.before) as object),
  after: row.after === null ? null : (JSON.parse(row.after) as object),
  requestId: row.request_id,
  createdAt: toIso(row.created_at),
});

/** The audit rows every action writes (audited.ts), read back (docs/admin.md "Audit log"). */
export class AuditLog {
  constructor(private readonly deps: { db: Db; cursors: CursorCodec }) {}

  /** Newest first by default, paginated like every list, filtered by action and subject. */
  list(query: AuditLogQuery): Promise<PageResult<AuditEntry>> {
    const filters = { action: query.action, subjectId: query.subjectId };
    return operatorPage(this.deps.cursors, query, {
      list: 'admin.auditLog',
      filters,
      read: (plan) => listAdminActions(this.deps.db, filters, plan),
      view: (rows) => rows.map(toAuditEntry),
    });
  }
}
