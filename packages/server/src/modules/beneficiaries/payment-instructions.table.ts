import type { Insertable, Selectable } from 'kysely';
import type { InstructionStatus } from './instruction-states.js';

export const RAILS = ['PIX', 'BANK_ACCOUNT', 'CRYPTO_WALLET'] as const;
export type Rail = (typeof RAILS)[number];

export interface PaymentInstructionsTable {
  id: string;
  beneficiary_id: string;
  customer_id: string;
  rail: Rail;
  asset: string;
  /** JSON of the rail's own fields, normalised (PIX key, bank account, wallet). */
  details: string;
  /**
   * rail + asset + normalised details: the same instruction twice on one beneficiary is refused
   * by a unique index on (beneficiary_id, fingerprint) over the rows not removed.
   */
  fingerprint: string;
  status: InstructionStatus;
  reason_code: string | null;
  reason_message: string | null;
  /** Soft removal: no new operation may use it; operations keep their own snapshot. */
  removed_at: number | null;
  created_at: number;
  updated_at: number;
}

export type PaymentInstructionRow = Selectable<PaymentInstructionsTable>;
export type NewPaymentInstructionRow = Insertable<PaymentInstructionsTable>;
