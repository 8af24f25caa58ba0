import { parseDateTime } from '../../lib/date-time.js';
import type { Db } from '../../db/database.js';
import { transact } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { AppError, invalidData, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { buildPage, listScope, planPage, type PageResult } from '../../lib/pagination.js';
import { findSubscription } from '../subscriptions/subscriptions.repository.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.table.js';
import {
  failedMessagesSince,
  findExecutionLog,
  isMessageOf,
  listExecutionLogs,
  messageSequences,
} from './execution-logs.repository.js';
import type {
  ExecutionLog,
  ExecutionLogSummary,
  ListExecutionLogsQuery,
} from './execution-logs.schemas.js';
import type { ExecutionLogRow } from './execution-logs.table.js';

export class ExecutionLogsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly queue: JobQueue,
  ) {}

  /** Attempts of one subscription, newest first by default, filterable by status and event type. */
  async list(
    customerId: string,
    subscriptionId: string,
    query: ListExecutionLogsQuery,
  ): Promise<PageResult<ExecutionLogSummary>> {
    await this.subscription(this.db, customerId, subscriptionId);
    const filters = {
      status: query.status,
      eventType: query.eventType,
      messageId: query.messageId,
    };
    const binding = {
      customerId,
      scope: listScope(`executionLogs:${subscriptionId}`, filters, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.cursors, binding);
    const ofThisSubscription =
      filters.messageId === undefined ||
      (isId('message', filters.messageId) &&
        (await isMessageOf(this.db, customerId, subscriptionId, filters.messageId)));
    const rows = ofThisSubscription
      ? await listExecutionLogs(this.db, customerId, subscriptionId, filters, plan)
      : [];
    const sequences = await messageSequences(
      this.db,
      rows.map((r) => r.message_id),
    );
    return buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.created_at, id: r.id }),
      (r) => toSummary(r, sequences.get(r.message_id)!),
      this.cursors,
      binding,
    );
  }

  async get(customerId: string, subscriptionId: string, logId: string): Promise<ExecutionLog> {
    await this.subscription(this.db, customerId, subscriptionId);
    const row = isId('log', logId)
      ? await findExecutionLog(this.db, customerId, subscriptionId, logId)
      : undefined;
    if (!row) throw notFound('Execution log', logId);
    return {
      ...toSummary(row, row.sequence),
      payload: row.payload,
      // The attempt's own headers when it signed anew (standard-webhooks), else the message's.
      requestHeaders: JSON.parse(row.request_headers ?? row.headers) as Record<string, string>,
      responseBody: row.response_body,
    };
  }

  /** Queues one more attempt of the logged message, with its original bytes (spec "Resend a delivery"). */
  async resend(customerId: string, subscriptionId: string, logId: string): Promise<void> {
    await transact(this.db, async (tx) => {
      const subscription = await this.subscription(tx.trx, customerId, subscriptionId);
      this.refuseWhenPaused(subscription);
      const row = isId('log', logId)
        ? await findExecutionLog(tx.trx, customerId, subscriptionId, logId)
        : undefined;
      if (!row) throw notFound('Execution log', logId);
      await this.queue.enqueue(tx, [
        {
          kind: 'webhook.resend',
          queue: subscriptionId,
          queueLimit: subscription.max_concurrency,
          subjectId: row.message_id,
          runAt: this.clock.now(),
        },
      ]);
    });
  }

  /**
   * Re-queues every message whose last attempt failed at or after `since` and that is not
   * already being retried (beyond the spec; docs/webhooks.md).
   */
  async recover(customerId: string, subscriptionId: string, sinceIso: string): Promise<number> {
    // A leap second (23:59:60) reads as 23:59:59.999, as every date-time of a request does.
    const since = parseDateTime(sinceIso);
    const now = this.clock.now();
    if (since === undefined || since > now) {
      throw invalidData([
        {
          pointer: '/since',
          in: 'body',
          code: 'OUT_OF_RANGE',
          detail: 'since must be a time in the past.',
        },
      ]);
    }
    return transact(this.db, async (tx) => {
      const subscription = await this.subscription(tx.trx, customerId, subscriptionId);
      this.refuseWhenPaused(subscription);
      const messageIds = await failedMessagesSince(tx.trx, subscriptionId, since);
      await this.queue.enqueue(
        tx,
        messageIds.map((id) => ({
          kind: 'webhook.resend' as const,
          queue: subscriptionId,
          queueLimit: subscription.max_concurrency,
          subjectId: id,
          runAt: now,
        })),
      );
      return messageIds.length;
    });
  }

  private refuseWhenPaused(subscription: SubscriptionRow): void {
    if (subscription.transport === 'listen') {
      // Its messages are relayed by the cofre listen stream, which takes PENDING messages only
      // (docs/webhooks.md "Receiving on localhost: cofre listen"); the worker never sends them.
      throw new AppError('INVALID_STATE', {
        detail:
          'A listen subscription cannot be resent or recovered: its messages go to cofre listen.',
      });
    }
    if (subscription.status !== 'ACTIVE') {
      // DISABLED holds like PAUSED: the same refusal, saying which.
      throw new AppError('SUBSCRIPTION_PAUSED', {
        detail:
          subscription.status === 'DISABLED'
            ? 'The subscription was disabled for failing; enable it (PATCH status ACTIVE) before resending.'
            : 'Resume the subscription (PATCH status ACTIVE) before resending.',
      });
    }
  }

  private async subscription(db: Db, customerId: string, id: string): Promise<SubscriptionRow> {
    const row = isId('subscription', id) ? await findSubscription(db, customerId, id) : undefined;
    if (!row) throw notFound('Subscription', id);
    return row;
  }
}

function toSummary(row: ExecutionLogRow, messageSequence: number): ExecutionLogSummary {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    messageId: row.message_id,
    messageSequence,
    eventId: row.event_id,
    eventType: row.event_type as ExecutionLogSummary['eventType'],
    url: row.url,
    httpStatus: row.http_status,
    error: row.error,
    durationMs: row.duration_ms,
    retryAttempts: row.retry_attempts,
    trigger: row.trigger,
    status: row.status,
    createdAt: toIso(row.created_at),
  };
}
