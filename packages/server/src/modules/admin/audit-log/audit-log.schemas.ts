import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Page } from '../../../lib/pagination.js';
import { StringEnum } from '../../../lib/schema.js';
import { ADMIN_ACTIONS, ADMIN_SUBJECT_TYPES } from '../admin-actions.table.js';

const Snapshot = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]);
export const AuditEntry = Type.Object({
  id: Type.String({ examples: ['adm_01JD0000000000000000000000'] }),
  actor: Type.String({ description: 'X-Admin-Actor of the request, or "admin".' }),
  action: StringEnum(ADMIN_ACTIONS),
  subjectType: StringEnum(ADMIN_SUBJECT_TYPES),
  subjectId: Type.String(),
  before: Snapshot,
  after: Snapshot,
  requestId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogQuery = ListQuery({
  action: Type.Optional(StringEnum(ADMIN_ACTIONS)),
  // Ids are letters, digits and `_`: anything else matches nothing, and a NUL byte would be an
  // error to PostgreSQL rather than a miss.
  subjectId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
  ),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;
export const AuditLogPage = Page(AuditEntry);
