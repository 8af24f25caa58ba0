import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { SubscriptionHealthRow } from './subscription-health.table.js';

/** One settled attempt, as the health row counts it. */
export type AttemptTally =
  | { subscriptionId: string; at: number; messageId: string; ok: true; failedDelta: number }
  | {
      subscriptionId: string;
      at: number;
      messageId: string;
      ok: false;
      httpStatus: number;
      error: string | null;
      failedDelta: number;
    };

/**
 * Counts one attempt into its subscription's health row (created on the first attempt), in the
 * caller's transaction: a success resets the consecutive failures, a failure adds one and becomes
 * the last failure. `failedDelta` is how the attempt changed the number of FAILED messages (+1:
 * retries exhausted; -1: a resend delivered a FAILED message; else 0). On PostgreSQL this locks
 * the row until commit: callers batching several subscriptions write them in subscription order
 * (db/group-commit.ts `tail`), so two batches never wait on each other in a cycle.
 */
export async function tallyAttempt(trx: Trx, tally: AttemptTally): Promise<void> {
  const outcome = tally.ok
    ? {
        consecutive_failures: 0,
        last_success_at: tally.at,
        last_success_message_id: tally.messageId,
      }
    : {
        consecutive_failures: 1,
        last_failure_at: tally.at,
        last_failure_message_id: tally.messageId,
        last_failure_http_status: tally.httpStatus,
        last_failure_error: tally.error,
      };
  await trx
    .insertInto('subscription_health')
    .values({
      subscription_id: tally.subscriptionId,
      failed_messages: Math.max(0, tally.failedDelta),
      updated_at: tally.at,
      ...outcome,
    })
    .onConflict((oc) =>
      oc.column('subscription_id').doUpdateSet({
        failed_messages: sql<number>`subscription_health.failed_messages + ${tally.failedDelta}`,
        updated_at: tally.at,
        ...outcome,
        ...(tally.ok
          ? {}
          : {
              consecutive_failures: sql<number>`subscription_health.consecutive_failures + 1`,
            }),
      }),
    )
    .execute();
}

/** Moves a subscription's FAILED count by `delta` outside an attempt (a FAILED message held). */
export async function adjustFailedMessages(
  trx: Trx,
  subscriptionId: string,
  delta: number,
  at: number,
): Promise<void> {
  await trx
    .updateTable('subscription_health')
    .set({
      failed_messages: sql<number>`failed_messages + ${delta}`,
      updated_at: at,
    })
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

/**
 * Counting the backlog stops here: a count costs one index entry per message (56 ms for a
 * backlog of 100,000 on PostgreSQL, bench/subscription-health.mjs), and a health view polled
 * by a dashboard must stay cheap however far behind a receiver is.
 */
export const PENDING_COUNT_CAP = 10_000;

export interface SubscriptionHealthFigures {
  row: SubscriptionHealthRow | undefined;
  /** Messages not settled yet, PENDING (queued) and HELD (paused), up to PENDING_COUNT_CAP. */
  pendingMessages: number;
  /** True when there are more than PENDING_COUNT_CAP: `pendingMessages` is the cap. */
  pendingCapped: boolean;
}

/**
 * The health row (a primary-key read) and the number of unsettled messages: a range count on
 * `messages_subscription_status` (subscription_id, status, id), bounded by PENDING_COUNT_CAP, so
 * neither the history nor the backlog makes it dear (docs/webhooks.md "Delivery health").
 */
export async function readSubscriptionHealth(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionHealthFigures> {
  const [row, counted] = await Promise.all([
    db
      .selectFrom('subscription_health')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst(),
    db
      .selectFrom(
        db
          .selectFrom('messages')
          .select('id')
          .where('subscription_id', '=', subscriptionId)
          .where('status', 'in', ['PENDING', 'HELD'])
          .limit(PENDING_COUNT_CAP + 1)
          .as('backlog'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const pending = Number(counted.n);
  return {
    row,
    pendingMessages: Math.min(pending, PENDING_COUNT_CAP),
    pendingCapped: pending > PENDING_COUNT_CAP,
  };
}
