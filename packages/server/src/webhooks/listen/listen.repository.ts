import type { Db } from '../../db/database.js';

/** A listen stream's view of its subscription: when to stop, how much to send, whether retries come. */
export async function listenSubscriptionState(
  db: Db,
  subscriptionId: string,
): Promise<
  { status: string; deleted: boolean; maxConcurrency: number; allowRetry: boolean } | undefined
> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['status', 'deleted_at', 'max_concurrency', 'allow_retry'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return (
    row && {
      status: row.status,
      deleted: row.deleted_at !== null,
      maxConcurrency: row.max_concurrency,
      allowRetry: row.allow_retry === 1,
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

/**
 * When the subscription's earliest retry that is not due yet falls due (a PENDING message tried
 * less than the retry delay ago), or undefined when none waits. Read once per connection: later
 * the stream learns of new waiting retries from the messages it sent (`retriesDueAt`).
 */
export async function nextListenRetryAt(
  db: Db,
  subscriptionId: string,
  input: { now: number; retryDelayMs: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.min('last_attempt_at').as('last'))
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'PENDING')
    .where('attempts', '>', 0)
    .where('last_attempt_at', '>', input.now - input.retryDelayMs)
    .executeTakeFirst();
  return row?.last == null ? undefined : Number(row.last) + input.retryDelayMs;
}

/** When these messages' retries fall due, for those that wait for one (by primary key). */
export async function retriesDueAt(
  db: Db,
  messageIds: string[],
  input: { now: number; retryDelayMs: number },
): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('messages')
    .select('last_attempt_at')
    .where('id', 'in', messageIds)
    .where('status', '=', 'PENDING')
    .where('attempts', '>', 0)
    .where('last_attempt_at', '>', input.now - input.retryDelayMs)
    .execute();
  return rows.map((r) => Number(r.last_attempt_at) + input.retryDelayMs);
}
