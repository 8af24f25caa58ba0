import type { Selectable } from 'kysely';

export interface IdempotencyKeysTable {
  customer_id: string;
  key: string;
  /** SHA-256 of method, path and body: the same key with another request is a conflict. */
  request_hash: string;
  state: 'IN_PROGRESS' | 'DONE';
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
