/** The PIX rail's refund records (migration 0029, docs/rails.md "PIX: refunds"). Amounts are BRL minor units. */

/** What became of a refund cofre asked the PSP for (PUT /pix/{e2eid}/devolucao/{id}). */
export const REFUND_STATUSES = [
  /** Written with the refund operation: to be read back, then put, at the PSP. */
  'QUEUED',
  /** The PSP holds it EM_PROCESSAMENTO: the refund operation is PROCESSING, its endToEndId the rtrId. */
  'REQUESTED',
  /** The PSP returned the money: the refund operation COMPLETED (hold captured). */
  'DEVOLVIDO',
  /** The PSP could not return it (motivo says why): the refund FAILED, hold released, refundable again. */
  'NAO_REALIZADO',
  /** The PSP refused the PUT and holds no refund under its id: the refund FAILED with the PSP's reason. */
  'REFUSED',
  /** Failed by the back-office before the refunds job began to send it: never sent. */
  'CANCELLED',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface RailPixRefundsTable {
  /** The PIX_REFUND operation. */
  operation_id: string;
  /** The original Pix's endToEndId (the deposit's, from rail_pix_received). */
  end_to_end_id: string;
  /** API Pix's DevolucaoId: the refund's id without its `op_` prefix (26 letters and digits). */
  devolucao_id: string;
  amount: bigint;
  /** The message to the payer (the refund's reason, ≤ 140), sent the same on every PUT. */
  descricao: string | null;
  status: RefundStatus;
  /** The PSP's return id (pacs.004 ReturnIdentification, 32 characters), once it has one. */
  rtr_id: string | null;
  /** Why the PSP says it reached its status (NAO_REALIZADO). */
  motivo: string | null;
  /** Why the last attempt did not finish (the PSP's refusal, a mismatch the operator must see). */
  last_error: string | null;
  /**
   * When the refunds job began to send it (set, lease-fenced, before its first PUT): from then on
   * the PSP may hold it, so the back-office can no longer fail it by hand.
   */
  sending_at: number | null;
  /** Status reads while REQUESTED, and when the next is due (the wait grows with each). */
  polls: number;
  poll_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A refund of a Pix cofre received that cofre did not ask for (an id none of its refunds has):
 * a MED return the PSP or the Central Bank made (natureza MED_*), or one made by hand at the PSP.
 * Recorded for the reconciliation report; the ledger is not changed (docs/rails.md "PIX: refunds").
 */
export interface RailPixUnrequestedRefundsTable {
  end_to_end_id: string;
  devolucao_id: string;
  rtr_id: string;
  amount: bigint;
  /** ORIGINAL | RETIRADA | MED_OPERACIONAL | MED_FRAUDE | MED_PIX_AUTOMATICO, or null when absent. */
  natureza: string | null;
  /** The PSP's status when last seen (EM_PROCESSAMENTO | DEVOLVIDO | NAO_REALIZADO). */
  status: string;
  motivo: string | null;
  first_seen_at: number;
  updated_at: number;
}
