import type { Dialect } from '../../db/dialect.js';
import type { Tx } from '../../db/transact.js';

/**
 * The NOTIFY channel that wakes listen streams in every process (PostgreSQL); the payload is the
 * id of the subscription whose messages changed.
 */
export const LISTEN_CHANNEL = 'cofre_listen';

type WakeListener = (subscriptionId: string | undefined) => void;

/**
 * Wakes this process's listen streams when something they relay may have changed, so a stream
 * reads the database when there is a reason to and not on a timer. Fed by commits in this
 * process (`announceListenChange`) and, on PostgreSQL, by the API process's one LISTEN
 * connection (listen-notifications.ts). Shared by the API and the worker of one process as
 * JobSignal is (main.ts), so on SQLite, where NOTIFY reaches nobody, a fan-out in this process's
 * worker still wakes this process's streams.
 */
export class ListenSignal {
  private readonly listeners = new Set<WakeListener>();

  /** Wakes the streams of one subscription; without one, every stream (a wake-up was missed). */
  wake(subscriptionId?: string): void {
    for (const listener of this.listeners) listener(subscriptionId);
  }

  /** Calls `listener` on every wake until the returned function is called. */
  subscribe(listener: WakeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Tells the streams of these listen subscriptions, wherever they are served, to look again once
 * the transaction commits: a NOTIFY per subscription (PostgreSQL delivers it only on commit, and
 * once however often a transaction repeats it) and, after the commit, this process's signal.
 * Called by whatever changes what a stream would send: a fan-out writing messages, a result
 * recorded, a pause, resume, change or deletion of the subscription.
 */
export async function announceListenChange(
  tx: Tx,
  dialect: Dialect,
  signal: ListenSignal | undefined,
  subscriptionIds: Iterable<string>,
): Promise<void> {
  for (const id of new Set(subscriptionIds)) {
    await dialect.notify(tx.trx, LISTEN_CHANNEL, id);
    tx.afterCommit(() => signal?.wake(id));
  }
}
