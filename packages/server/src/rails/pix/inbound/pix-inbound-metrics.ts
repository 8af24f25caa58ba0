import type { Tx } from '../../../db/transact.js';
import { railPixReceived, railPixWebhook } from '../../../observability/metrics.js';
import type { ReceivedVia } from '../pix.tables.js';

/** A webhook callback refused (wrong secret), or Pix accepted into the inbox. */
export function countWebhook(result: 'rejected' | 'accepted', count = 1): void {
  railPixWebhook.inc({ result }, count);
}

/** What was done with a Pix, counted once its transaction committed. */
export function countReceived(tx: Tx, outcome: string, via: ReceivedVia): void {
  tx.afterCommit(() => railPixReceived.inc({ outcome, via }));
}
