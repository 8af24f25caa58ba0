import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type {
  ExecutionLog,
  ExecutionLogFilters,
  ExecutionLogSummary,
  ListExecutionLogsQuery,
} from '../types/execution-log.js';
import { segment } from './path-segment.js';

type Signal = Pick<RequestOptions, 'signal'>;

/**
 * The execution log of a subscription: one immutable record per delivery attempt
 * (docs/webhooks.md "Execution log"), and resend. Reach it as `client.executionLogs`.
 *
 * @example
 * ```ts
 * for await (const log of client.executionLogs.iterate(subscriptionId, { status: 'FAILED' })) {
 *   console.log(log.createdAt, log.messageId, log.httpStatus, log.error);
 * }
 * ```
 */
export class ExecutionLogsResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * One page of a subscription's attempts (`GET /v1/subscriptions/{id}/executionLogs`), newest
   * first by default, filtered by `status` and `eventType`.
   *
   * @example
   * ```ts
   * const page = await client.executionLogs.list(subscriptionId, { status: 'FAILED', limit: 20 });
   * ```
   */
  list(
    subscriptionId: string,
    query: ListExecutionLogsQuery = {},
    options: Signal = {},
  ): Promise<Page<ExecutionLogSummary>> {
    const { limit, cursor, direction, sortOrder, status, eventType } = query;
    return this.core.request<Page<ExecutionLogSummary>>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/executionLogs`,
      query: { limit, cursor, direction, sortOrder, status, eventType },
    });
  }

  /**
   * Every attempt matching `filters`, across all pages, each once, in list order.
   *
   * @example
   * ```ts
   * for await (const log of client.executionLogs.iterate(id, { eventType: 'OPERATION_FAILED' })) console.log(log.id);
   * ```
   */
  iterate(
    subscriptionId: string,
    filters: ExecutionLogFilters = {},
    options: Signal = {},
  ): AsyncGenerator<ExecutionLogSummary, void, undefined> {
    return paginate((cursor) => this.list(subscriptionId, { ...filters, cursor }, options));
  }

  /**
   * One attempt in full (`GET /v1/subscriptions/{id}/executionLogs/{logId}`): with the exact
   * body sent, the request headers and the start of the answer.
   *
   * @example
   * ```ts
   * const log = await client.executionLogs.get(subscriptionId, 'log_01JD…');
   * ```
   */
  get(subscriptionId: string, logId: string, options: Signal = {}): Promise<ExecutionLog> {
    return this.core.request<ExecutionLog>({
      ...options,
      method: 'GET',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/executionLogs/${segment('logId', logId)}`,
    });
  }

  /**
   * Queues the message of this attempt again, byte for byte, same message id
   * (`POST …/executionLogs/{logId}/resend`, 204). A message already queued is a 409.
   *
   * @example
   * ```ts
   * await client.executionLogs.resend(subscriptionId, log.id);
   * ```
   */
  async resend(subscriptionId: string, logId: string, options: Signal = {}): Promise<void> {
    await this.core.request<undefined>({
      ...options,
      method: 'POST',
      path: `/v1/subscriptions/${segment('subscriptionId', subscriptionId)}/executionLogs/${segment('logId', logId)}/resend`,
    });
  }
}
