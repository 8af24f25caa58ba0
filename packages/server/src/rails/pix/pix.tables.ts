/** The PIX rail's records (migration 0028, docs/rails.md "PIX"). Amounts are BRL minor units. */

/** What became of a deposit's charge at the PSP. */
export const CHARGE_STATUSES = [
  /** Written with the deposit: the charge is to be created (or read back) at the PSP. */
  'QUEUED',
  /** The PSP holds it, ATIVA, with its BR Code: the deposit's instruction is ready. */
  'CREATED',
  /** Paid: the PSP reported a Pix for it (credited by rail_pix_received). */
  'PAID',
  /** Its deposit ended unpaid: the charge is removed at the PSP, or was never made. */
  'REMOVED',
  /** The PSP refused to create it (a 400/403 no read-back explains): the deposit FAILED. */
  'REFUSED',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export interface RailPixChargesTable {
  operation_id: string;
  /** The deposit's id without its `op_` prefix: 26 letters and digits, API Pix's TxId. */
  txid: string;
  customer_id: string;
  account_id: string;
  amount: bigint;
  expires_at: number;
  status: ChargeStatus;
  br_code: string | null;
  revisao: number | null;
  /** Why the last attempt did not finish (the PSP's refusal, or what failed). */
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** How a Pix the PSP reported reached cofre. */
export const RECEIVED_VIA = ['WEBHOOK', 'RECONCILE', 'CHARGE'] as const;
export type ReceivedVia = (typeof RECEIVED_VIA)[number];

/** What cofre did with a Pix received. */
export const RECEIVED_OUTCOMES = [
  /** Credited to the deposit its txid names. */
  'CREDITED',
  /** Its deposit could not take it (ended, or another amount for a quoted one): a deposit of its own. */
  'OWN_DEPOSIT',
  /** A txid no charge of cofre has: not credited, reported by reconciliation. */
  'UNKNOWN_TXID',
  /** No txid: paid to the house key without a charge; not credited, reported. */
  'UNATTRIBUTED',
] as const;
export type ReceivedOutcome = (typeof RECEIVED_OUTCOMES)[number];

export interface RailPixReceivedTable {
  end_to_end_id: string;
  txid: string | null;
  amount: bigint;
  /** When the PSP processed it (epoch ms). */
  horario: number;
  seen_via: ReceivedVia;
  outcome: ReceivedOutcome;
  /** The deposit credited (CREDITED, OWN_DEPOSIT). */
  operation_id: string | null;
  created_at: number;
}

export interface RailPixInboxTable {
  end_to_end_id: string;
  /** 1 while a notification waits to be read back; 0 once handled. */
  waiting: number;
  /** How many times the PSP's webhook named it (more than 1: duplicates). */
  notifications: number;
  /** What the read-back found (a ReceivedOutcome, DUPLICATE, or NOT_FOUND at the PSP). */
  outcome: string | null;
  first_at: number;
  last_at: number;
}

export interface RailPixCursorsTable {
  /** `pix`. */
  rail: string;
  /** The reconciliation window read up to (epoch ms); null before the first run. */
  reconciled_to: number | null;
  /** The callback URL registered at the PSP (with the secret: never shown), and when. */
  webhook_url: string | null;
  webhook_registered_at: number | null;
  updated_at: number;
}

/** How one standing job of a rail is doing (rails/rail-job-runs.ts). */
export interface RailJobRunsTable {
  rail: string;
  job: string;
  failures: number;
  last_error: string | null;
  last_error_at: number | null;
  last_run_at: number | null;
}
