/**
 * The PIX rail's daily report (docs/rails.md "PIX: daily report"): what the PSP says was received
 * and refunded on one SPI day against what cofre recorded, with every difference named by the
 * Pix's endToEndId. Amounts are BRL decimal strings ("12.50"), as API Pix writes them.
 */

export const PIX_DIFFERENCE_KINDS = [
  /** The PSP lists a Pix cofre has no record of: money arrived and nobody was credited. */
  'IN_PSP_NOT_IN_LEDGER',
  /** cofre recorded a Pix of the day that the PSP does not list. */
  'IN_LEDGER_NOT_IN_PSP',
  /** Both have the Pix, with other amounts. */
  'AMOUNT_DIFFERS',
  /** Recorded but not credited (no txid, a txid no charge of cofre has, a deposit not completed). */
  'NOT_CREDITED',
  /** A refund both sides know of, done on one side only or for another amount. */
  'REFUND_DIFFERS',
  /** A devolução the PSP made (DEVOLVIDO) that cofre did not request: MED, or one made by hand. */
  'UNREQUESTED_REFUND',
] as const;
export type PixDifferenceKind = (typeof PIX_DIFFERENCE_KINDS)[number];

export interface PixDifference {
  kind: PixDifferenceKind;
  endToEndId: string;
  /** The amount the PSP shows (the Pix's valor, or the devolução's), null when it shows none. */
  psp: string | null;
  /** The amount cofre recorded, null when it recorded none. */
  ledger: string | null;
  /** The devolução a refund difference is about (its id at the PSP), else null. */
  devolucaoId: string | null;
  /** The deposit credited, or the refund operation, when cofre has one. */
  operationId: string | null;
  /** What the operator needs to know, in a sentence. */
  detail: string;
}

export interface PixDayReport {
  /** The SPI day, YYYY-MM-DD in America/Sao_Paulo (UTC−03:00). */
  day: string;
  /** GET /pix's inicio and fim for the day (RFC 3339 UTC, both inclusive). */
  from: string;
  to: string;
  /** What the PSP lists for the day: Pix received, and what of them it returned (DEVOLVIDO). */
  psp: { count: number; received: string; refunded: string };
  /**
   * What cofre recorded of the day's Pix: every one (`recorded`), those credited to a deposit
   * that completed (`credited`), and the refunds of them cofre completed (`refunded`).
   */
  ledger: { count: number; recorded: string; credited: string; refunded: string };
  /** (psp.received − psp.refunded) − (ledger.credited − ledger.refunded): money at the PSP no balance holds when positive. */
  difference: string;
  differenceMinor: string;
  /** Where the reconciliation window stood when the report ran (it credits what webhooks missed); null before its first run. */
  windowReadTo: string | null;
  differences: PixDifference[];
}
