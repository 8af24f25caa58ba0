import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';

/**
 * The endToEndIds the PSP's webhook named (rail_pix_inbox): one row each, marked pending on every
 * notification — a refund's final status is notified again for the same Pix — and counted, so
 * duplicates show. The row is the webhook's whole outbox: the HTTP answer commits it, the
 * inbound job does the work.
 */
export async function noteNotified(
  trx: Trx,
  endToEndIds: readonly string[],
  at: number,
): Promise<void> {
  for (const id of new Set(endToEndIds)) {
    await trx
      .insertInto('rail_pix_inbox')
      .values({
        end_to_end_id: id,
        waiting: 1,
        notifications: 1,
        outcome: null,
        first_at: at,
        last_at: at,
      })
      .onConflict((oc) =>
        oc.column('end_to_end_id').doUpdateSet((eb) => ({
          waiting: 1,
          notifications: eb('rail_pix_inbox.notifications', '+', 1),
          last_at: at,
        })),
      )
      .execute();
  }
}

/** The oldest notifications waiting to be read back. */
export function pendingNotifications(db: Db, limit: number) {
  return db
    .selectFrom('rail_pix_inbox')
    .select(['end_to_end_id', 'last_at'])
    .where('waiting', '=', 1)
    .orderBy('last_at')
    .limit(limit)
    .execute();
}

/**
 * Handled, unless the PSP named it again since it was read (`seenAt` changed): that newer
 * notification stays pending and is read back on the next run.
 */
export async function markHandled(
  trx: Trx,
  endToEndId: string,
  seenAt: number,
  outcome: string,
): Promise<void> {
  await trx
    .updateTable('rail_pix_inbox')
    .set({ waiting: 0, outcome })
    .where('end_to_end_id', '=', endToEndId)
    .where('last_at', '=', seenAt)
    .execute();
}
