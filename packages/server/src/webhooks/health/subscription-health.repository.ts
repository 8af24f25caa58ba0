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
 *
 * With `window` (an attempt of a business message, health/delivery-alerts.ts) the same statement
 * also counts the attempt into the alert window and the failure run, and returns the alert state
 * as it now is: alerts cost no statement of their own until one is raised.
 *
 * A settlement batch counts its quiet attempts in memory instead, with the same
 * rules (`nextHealth` in webhooks/delivery/settle-health.ts): a change here is a change there.
 */
export async function tallyAttempt(
  trx: Trx,
  tally: AttemptTally,
  window?: { windowMs: number },
): Promise<AlertState | undefined> {
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
  const query = trx
    .insertInto('subscription_health')
    .values({
      subscription_id: tally.subscriptionId,
      failed_messages: Math.max(0, tally.failedDelta),
      updated_at: tally.at,
      ...outcome,
      ...(window ? firstWindow(tally) : {}),
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
        ...(window ? nextWindow(tally, window.windowMs) : {}),
      }),
    );
  if (!window) {
    await query.execute();
    return undefined;
  }
  return query.returning(ALERT_COLUMNS).executeTakeFirstOrThrow();
}

/** The alert columns of a health row (migration 0034). */
const ALERT_COLUMNS = [
  'window_started_at',
  'window_attempts',
  'window_failures',
  'failing_since',
  'alerting',
  'last_alert_at',
  'disable_queued_at',
] as const;

/** A subscription's alert state, as the tally that counted an attempt left it. */
export type AlertState = Pick<SubscriptionHealthRow, (typeof ALERT_COLUMNS)[number]>;

/** The alert columns of a subscription's first health row. */
const firstWindow = (tally: AttemptTally) => ({
  window_started_at: tally.at,
  window_attempts: 1,
  window_failures: tally.ok ? 0 : 1,
  failing_since: tally.ok ? null : tally.at,
});

/**
 * The alert columns after one more attempt: a fixed window, started afresh by the first attempt
 * at or past its end; the failure run kept from its first failure until a success, which also
 * forgets a queued auto-disable (the job then finds nothing to do).
 */
function nextWindow(tally: AttemptTally, windowMs: number) {
  const fresh = sql<boolean>`(subscription_health.window_started_at IS NULL OR ${tally.at} >= subscription_health.window_started_at + ${windowMs})`;
  const failed = tally.ok ? 0 : 1;
  return {
    window_started_at: sql<number>`CASE WHEN ${fresh} THEN ${tally.at} ELSE subscription_health.window_started_at END`,
    window_attempts: sql<number>`CASE WHEN ${fresh} THEN 1 ELSE subscription_health.window_attempts + 1 END`,
    window_failures: sql<number>`CASE WHEN ${fresh} THEN ${failed} ELSE subscription_health.window_failures + ${failed} END`,
    ...(tally.ok
      ? { failing_since: null, disable_queued_at: null }
      : { failing_since: sql<number>`COALESCE(subscription_health.failing_since, ${tally.at})` }),
  };
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
