import type { PspUnavailable } from '../psp/api-pix.js';

/**
 * API Pix has no endpoint to send a Pix; every PSP has its own. A payout adapter is the thin
 * piece an operator writes for their PSP (docs/rails.md "PIX payouts"): two calls over the PSP's
 * API, both keyed by an id cofre chooses (`idEnvio`, the payout's operation id without its
 * prefix: 26 letters and digits) that the PSP deduplicates on, so that sending twice pays once
 * and a worker that died mid-call can ask what became of it before it sends anything again.
 *
 * Neither call may retry by itself; a call that got no meaningful answer throws PspUnavailable
 * (the rail backs off, then looks up before sending again).
 */
export interface PixPayoutAdapter {
  /** Names the adapter in logs and the back-office (COFRE_PIX_PAYOUT_ADAPTER). */
  readonly name: string;
  /**
   * Sends `order` under `idEnvio`. Sending an idEnvio the PSP already has must not pay again
   * (the adapter maps the PSP's answer for a duplicate to that payout's state).
   * @throws PspUnavailable when the outcome is unknown.
   */
  send(idEnvio: string, order: PixPayoutOrder): Promise<PixPayoutState>;
  /**
   * What the PSP holds under `idEnvio`: NOT_FOUND means the PSP never accepted it, so it may be
   * sent (the only answer that allows a send after an unknown outcome).
   * @throws PspUnavailable when the PSP did not answer.
   */
  lookup(idEnvio: string): Promise<PixPayoutState | { state: 'NOT_FOUND' }>;
}

/** What to pay: an amount ("12.50") to a DICT key, or a BR Code (copy-and-paste). */
export interface PixPayoutOrder {
  amount: string;
  /** The house's key the money leaves from (COFRE_PIX_KEY). */
  payerKey: string;
  to: { key: string } | { brCode: string };
  /** Shown to the receiver, ≤ 140 characters. */
  description?: string;
}

/**
 * PROCESSING: accepted, not final. COMPLETED: settled (endToEndId known). FAILED: the PSP
 * refused it or the receiving side returned it; nothing left the house (reason says why).
 */
export type PixPayoutState =
  | { state: 'PROCESSING'; endToEndId: string | undefined }
  | { state: 'COMPLETED'; endToEndId: string }
  | { state: 'FAILED'; endToEndId: string | undefined; reason: string };

export type { PspUnavailable };
