import type { Insertable, Selectable } from 'kysely';
import type { Asset } from '../lib/money.js';
import type { OperationStatus, OperationType } from './operation-states.js';

export interface OperationsTable {
  id: string;
  customer_id: string;
  account_id: string;
  type: OperationType;
  status: OperationStatus;
  asset: Asset;
  /** Minor units (lib/money.ts). */
  amount: bigint;
  /** JSON of the type's own fields (kinds/*.ts): funding instruction, beneficiary snapshot, … */
  details: string;
  /** JSON of the operation's metadata (lib/metadata.ts): its account's, then the request's. */
  metadata: string;
  /** The other account the operation moves money with (a transfer's destination), else null. */
  counterparty_account_id: string | null;
  reason_code: string | null;
  reason_message: string | null;
  /** The integrator's reference from the creating request, unique per customer (0019); or null. */
  external_reference: string | null;
  created_at: number;
  updated_at: number;
}

export interface OperationStatesTable {
  operation_id: string;
  status: OperationStatus;
  reason_code: string | null;
  reason_message: string | null;
  at: number;
  /** Order of the states within one operation (several may share a millisecond). */
  seq: number;
}

export type OperationRow = Selectable<OperationsTable>;
export type NewOperationRow = Insertable<OperationsTable>;
export type OperationStateRow = Selectable<OperationStatesTable>;

export interface Reason {
  code: string;
  message: string;
}
