import type { Insertable, Selectable } from 'kysely';

/** Every action the back-office can take; each writes one audit row (docs/admin.md). */
export const ADMIN_ACTIONS = [
  'CUSTOMER_CREATED',
  'CLIENT_CREATED',
  'CLIENT_SECRET_ROTATED',
  'CLIENT_DISABLED',
  'CLIENT_ENABLED',
  'CLIENT_UPDATED',
  'PAYMENT_INSTRUCTION_APPROVED',
  'PAYMENT_INSTRUCTION_REJECTED',
  'ACCOUNT_ASSET_ACTIVATED',
  'ACCOUNT_ASSET_FAILED',
  'ACCOUNT_FROZEN',
  'ACCOUNT_UNFROZEN',
  'DEPOSIT_RECEIVED',
  'OPERATION_COMPLETED',
  'OPERATION_FAILED',
  'OPERATION_REVERSED',
  'PIX_KEY_SET',
  'PIX_KEY_REMOVED',
  'EXCHANGE_RATE_SET',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_SUBJECT_TYPES = [
  'CUSTOMER',
  'CLIENT',
  'PAYMENT_INSTRUCTION',
  'ACCOUNT',
  'OPERATION',
  'PIX_KEY',
  'EXCHANGE_RATE',
] as const;
export type AdminSubjectType = (typeof ADMIN_SUBJECT_TYPES)[number];

export interface AdminActionsTable {
  id: string;
  /** Who acted: the `X-Admin-Actor` label, or "admin". */
  actor: string;
  action: AdminAction;
  subject_type: AdminSubjectType;
  subject_id: string;
  /** JSON of the subject before and after (null where it did not exist); never secrets. */
  before: string | null;
  after: string | null;
  request_id: string;
  created_at: number;
}

export type AdminActionRow = Selectable<AdminActionsTable>;
export type NewAdminActionRow = Insertable<AdminActionsTable>;
