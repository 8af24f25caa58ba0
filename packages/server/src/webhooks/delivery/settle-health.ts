import { sql } from 'kysely';
import type { AlertPolicy } from '../../config/config.js';
import { dialectOf } from '../../db/dialect.js';
import type { Trx } from '../../db/transact.js';
import { isOperationalEvent } from '../events/event-catalog.js';
import { alertDecision } from '../health/delivery-alerts.js';
import type { SubscriptionHealthRow } from '../health/subscription-health.table.js';
import type { MessageContext } from './message-context.js';
import { attemptErrorOf, httpStatusOf } from './record-attempt.js';
import type { AttemptOutcome } from './send-attempt.js';
import { cast } from './settle-attempts.js';

/** One attempt's health tail as data, so a group commit can count many at once. */
export interface HealthItem {
  message: Pick<MessageContext, 'id' | 'subscriptionId' | 'eventType' | 'subscriptionStatus'>;
  outcome: AttemptOutcome;
  at: number;
  /** The alert policy, when the deployment raises alerts (health/attempt-health.ts). */
  policy: AlertPolicy | undefined;
  /** How the attempt changed the FAILED messages, read once its settlement ran. */
  failedDelta: () => number;
  /** The tail itself: the one-by-one path (tallyAttempt, alerts). */
  work: (trx: Trx) => Promise<void>;
}

type HealthState = Omit<SubscriptionHealthRow, 'subscription_id'>;

/**
 * Counts a group commit's attempts into their subscriptions' health rows, with the same result
 * as running each attempt's tail in subscription order (health/attempt-health.ts, the path a
 * failed batch's retries take):
 *
 * 1. the rows of the batch's subscriptions are locked and read, in subscription order;
 * 2. each subscription's attempts are counted in memory, in arrival order, exactly as
 *    `tallyAttempt` counts them (`nextHealth` below), and each counted attempt's alert decision
 *    is taken on the state it leaves;
 * 3. a subscription whose attempts decide nothing (no alert, no auto-disable, no message
 *    exhausted) gets its final state in ONE multi-row UPDATE with the others; one without a row
 *    yet, or where something is decided, runs its attempts' tails one by one, as before.
 *
 * The common case, attempts that raise nothing, costs two statements per batch instead of one
 * per attempt.
 */
export async function settleHealth(trx: Trx, items: HealthItem[]): Promise<void> {
  if (items.length === 0) return;
  const bySubscription = new Map<string, HealthItem[]>();
  for (const item of items) {
    const list = bySubscription.get(item.message.subscriptionId);
    if (list) list.push(item);
    else bySubscription.set(item.message.subscriptionId, [item]);
  }
  const ids = [...bySubscription.keys()].sort();
  const rows = await dialectOf(trx)
    .forUpdate(
      trx
        .selectFrom('subscription_health')
        .selectAll()
        .where('subscription_id', 'in', ids)
        .orderBy('subscription_id'),
    )
    .execute();
  const current = new Map(rows.map((row) => [row.subscription_id, row]));
  const quiet: SubscriptionHealthRow[] = [];
  for (const id of ids) {
    const list = bySubscription.get(id) ?? [];
    const row = current.get(id);
    const final = row && foldQuietly(row, list);
    if (final) quiet.push({ ...final, subscription_id: id });
    else for (const item of list) await item.work(trx);
  }
  if (quiet.length > 0) await writeHealthRows(trx, quiet);
}

/** The state after `items`, or undefined when one of them decides something (an alert…). */
function foldQuietly(row: SubscriptionHealthRow, items: HealthItem[]): HealthState | undefined {
  let state: HealthState = numeric(row);
  for (const item of items) {
    const counted = item.policy !== undefined && !isOperationalEvent(item.message.eventType);
    const failedDelta = item.failedDelta();
    state = nextHealth(state, item, failedDelta, counted ? item.policy?.windowMs : undefined);
    if (!counted || !item.policy) continue;
    if (failedDelta === 1) return undefined; // MESSAGE_EXHAUSTED is raised by the tail.
    const active = item.message.subscriptionStatus === 'ACTIVE';
    const decision = alertDecision(state, item.policy, item.at, active);
    if (decision.failing || decision.recovered || decision.disable) return undefined;
  }
  return state;
}

/**
 * One attempt counted into a health row that exists, as `tallyAttempt`'s ON CONFLICT branch
 * does it (health/subscription-health.repository.ts): the two must stay the same rules.
 */
export function nextHealth(
  state: HealthState,
  item: Pick<HealthItem, 'message' | 'outcome' | 'at'>,
  failedDelta: number,
  windowMs: number | undefined,
): HealthState {
  const { at, outcome } = item;
  const ok = outcome.kind === 'delivered';
  const next: HealthState = {
    ...state,
    failed_messages: state.failed_messages + failedDelta,
    updated_at: at,
    ...(ok
      ? { consecutive_failures: 0, last_success_at: at, last_success_message_id: item.message.id }
      : {
          consecutive_failures: state.consecutive_failures + 1,
          last_failure_at: at,
          last_failure_message_id: item.message.id,
          last_failure_http_status: httpStatusOf(outcome),
          last_failure_error: attemptErrorOf(outcome),
        }),
  };
  if (windowMs === undefined) return next;
  const fresh = state.window_started_at === null || at >= state.window_started_at + windowMs;
  const failed = ok ? 0 : 1;
  return {
    ...next,
    window_started_at: fresh ? at : state.window_started_at,
    window_attempts: fresh ? 1 : state.window_attempts + 1,
    window_failures: fresh ? failed : state.window_failures + failed,
    ...(ok
      ? { failing_since: null, disable_queued_at: null }
      : { failing_since: state.failing_since ?? at }),
  };
}

const orNull = (value: number | null): number | null => (value === null ? null : Number(value));

/** The row's counters and times as numbers (a driver may hand 64-bit columns as strings). */
function numeric(row: SubscriptionHealthRow): HealthState {
  return {
    ...row,
    failed_messages: Number(row.failed_messages),
    consecutive_failures: Number(row.consecutive_failures),
    last_success_at: orNull(row.last_success_at),
    last_failure_at: orNull(row.last_failure_at),
    last_failure_http_status: orNull(row.last_failure_http_status),
    updated_at: Number(row.updated_at),
    window_started_at: orNull(row.window_started_at),
    window_attempts: Number(row.window_attempts),
    window_failures: Number(row.window_failures),
    failing_since: orNull(row.failing_since),
    alerting: Number(row.alerting),
    last_alert_at: orNull(row.last_alert_at),
    disable_queued_at: orNull(row.disable_queued_at),
  };
}

/** The columns a count writes, with their SQL types (alerting and last_alert_at it never does). */
const WRITTEN = [
  ['failed_messages', 'bigint'],
  ['consecutive_failures', 'bigint'],
  ['last_success_at', 'bigint'],
  ['last_success_message_id', 'text'],
  ['last_failure_at', 'bigint'],
  ['last_failure_message_id', 'text'],
  ['last_failure_http_status', 'bigint'],
  ['last_failure_error', 'text'],
  ['updated_at', 'bigint'],
  ['window_started_at', 'bigint'],
  ['window_attempts', 'bigint'],
  ['window_failures', 'bigint'],
  ['failing_since', 'bigint'],
  ['disable_queued_at', 'bigint'],
] as const satisfies readonly (readonly [keyof HealthState, string])[];

/** Every quiet subscription's final health in one UPDATE … FROM a WITH list of VALUES. */
async function writeHealthRows(trx: Trx, rows: SubscriptionHealthRow[]): Promise<void> {
  const values = rows.map(
    (row) =>
      sql`(${sql.join([
        cast(row.subscription_id, 'text'),
        ...WRITTEN.map(([column, type]) => cast(row[column], type)),
      ])})`,
  );
  await sql`
    with v(subscription_id, ${sql.join(WRITTEN.map(([column]) => sql.ref(column)))}) as (
      values ${sql.join(values)})
    update subscription_health set ${sql.join(
      WRITTEN.map(([column]) => sql`${sql.ref(column)} = v.${sql.ref(column)}`),
    )}
    from v
    where subscription_health.subscription_id = v.subscription_id`.execute(trx);
}
