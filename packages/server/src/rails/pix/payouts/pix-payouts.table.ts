/**
 * The PIX rail's payout intents (migration 0030, docs/rails.md "PIX payouts"): one row per
 * withdrawal to a PIX key and per PIX payment, written in the transaction that placed its hold.
 * Amounts are BRL minor units.
 */

/** What became of a payout at the PSP. */
export const PIX_PAYOUT_STATUSES = [
  /**
   * Written with the operation. Not sent while `attempts` is 0; once it is more, a send may have
   * reached the PSP, so the payout is looked up (by its idEnvio) before it is sent again.
   */
  'QUEUED',
  /** The PSP accepted it (PROCESSING): the operation is PROCESSING, its outcome is looked up. */
  'SENT',
  /** The PSP settled it: the operation COMPLETED, its hold captured. */
  'COMPLETED',
  /** The PSP refused or returned it, or the back-office failed it unsent: the hold released. */
  'FAILED',
] as const;
export type PixPayoutStatus = (typeof PIX_PAYOUT_STATUSES)[number];

/** Where the money goes: a DICT key, or a BR Code (copy-and-paste) whose amount is the payout's. */
export type PixPayoutTarget = { key: string } | { brCode: string };

export interface RailPixPayoutsTable {
  operation_id: string;
  /** The operation id without its prefix (26 letters and digits): the id the PSP deduplicates on. */
  id_envio: string;
  /** COFRE_PIX_PAYOUT_ADAPTER when it was written: only that adapter ever sends or looks it up. */
  adapter: string;
  customer_id: string;
  amount: bigint;
  /** JSON of a PixPayoutTarget. */
  target: string;
  /** Shown to the receiver (≤ 140 characters), or null. */
  description: string | null;
  status: PixPayoutStatus;
  /** Sends started (each recorded before the call): 0 means the PSP never saw it. */
  attempts: number;
  /** When the last send started (epoch ms). */
  sent_at: number | null;
  /** When the PSP was last asked about it (epoch ms). */
  checked_at: number | null;
  /** The SPI's end-to-end id, as the PSP gave it. */
  end_to_end_id: string | null;
  /** Why the last attempt did not finish, or why it FAILED. */
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
