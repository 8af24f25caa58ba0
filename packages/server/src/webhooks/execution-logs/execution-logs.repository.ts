import type { Db } from '../../db/database.js';
import { applyKeyset } from '../../lib/keyset.js';
import type { KeysetPlan } from '../../lib/pagination.js';
import type { AttemptStatus, ExecutionLogRow } from './execution-logs.table.js';

export interface LogFilters {
  status?: AttemptStatus | undefined;
  eventType?: string | undefined;
  /** One message's attempts; the caller has checked it is this subscription's. */
  messageId?: string | undefined;
}

export async function listExecutionLogs(
  db: Db,
  customerId: string,
  subscriptionId: string,
  filters: LogFilters,
  plan: KeysetPlan,
): Promise<ExecutionLogRow[]> {
  let query = db.selectFrom('execution_logs').selectAll().where('customer_id', '=', customerId);
  // A message's attempts are read by its own index (execution_logs_message) and sorted: a
  // message has a handful. With the subscription in the WHERE too, a planner may walk the
  // subscription's whole history by (subscription_id, created_at, id) instead; the message
  // belongs to the subscription already (checked by the service).
  query = filters.messageId
    ? query.where('message_id', '=', filters.messageId)
    : query.where('subscription_id', '=', subscriptionId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.eventType) query = query.where('event_type', '=', filters.eventType);
  return applyKeyset(query, plan, 'created_at', 'id').execute();
}

/**
 * The sequence numbers of these messages (a page's, by primary key): read apart rather than
 * joined into the list, whose keyset walks execution_logs' own index.
 */
export async function messageSequences(
  db: Db,
  messageIds: readonly string[],
): Promise<Map<string, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'sequence'])
    .where('id', 'in', [...new Set(messageIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.sequence)]));
}

/** Whether `messageId` is a message of this customer's subscription. */
export async function isMessageOf(
  db: Db,
  customerId: string,
  subscriptionId: string,
  messageId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', messageId)
    .where('subscription_id', '=', subscriptionId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findExecutionLog(
  db: Db,
  customerId: string,
  subscriptionId: string,
  logId: string,
): Promise<(ExecutionLogRow & { payload: string; headers: string; sequence: number }) | undefined> {
  // Body and headers are the message's, identical on every attempt, so they are stored once
  // (events.payload, messages.headers) and joined here rather than copied into each log row;
  // only an attempt that signed its own headers (standard-webhooks) has `l.request_headers`.
  return db
    .selectFrom('execution_logs as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('messages as m', 'm.id', 'l.message_id')
    .selectAll('l')
    .select(['e.payload', 'm.headers', 'm.sequence'])
    .where('l.id', '=', logId)
    .where('l.subscription_id', '=', subscriptionId)
    .where('l.customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Messages of a subscription whose last attempt failed at or after `since`, and that are settled. */
export async function failedMessagesSince(
  db: Db,
  subscriptionId: string,
  since: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('last_attempt_status', '=', 'FAILED')
    .where('last_attempt_at', '>=', since)
    .where('status', '=', 'FAILED')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
