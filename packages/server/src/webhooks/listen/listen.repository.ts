import type { Db } from '../../db/database.js';

/** A listen stream's view of its subscription: enough to stop when it is paused or deleted. */
export async function listenSubscriptionState(
  db: Db,
  subscriptionId: string,
): Promise<{ status: string; deleted: boolean; maxConcurrency: number } | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['status', 'deleted_at', 'max_concurrency'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return (
    row && {
      status: row.status,
      deleted: row.deleted_at !== null,
      maxConcurrency: row.max_concurrency,
    }
  );
}

/**
 * A listen subscription's messages that are due, oldest first: PENDING and either never tried
 * or last tried at least the retry delay ago (an automatic retry is due then, as a job's would
 * be). Ids and attempt counts only; the stream loads the full message of those it sends.
 */
export async function dueListenMessages(
  db: Db,
  subscriptionId: string,
  input: { now: number; retryDelayMs: number; limit: number },
): Promise<{ id: string; attempts: number }[]> {
  const retryDueBefore = input.now - input.retryDelayMs;
  return db
    .selectFrom('messages')
    .select(['id', 'attempts'])
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('attempts', '=', 0), eb('last_attempt_at', '<=', retryDueBefore)]))
    .orderBy('id')
    .limit(input.limit)
    .execute();
}
