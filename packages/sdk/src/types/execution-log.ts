import type { components, paths } from '../generated/openapi-types.js';

/**
 * One delivery attempt as listed (`GET /v1/subscriptions/{id}/executionLogs`): which message and
 * event, the URL, the HTTP status (0 when no answer came), the error, how long it took, what
 * triggered it (`AUTOMATIC`, `RETRY`, `RESEND`) and whether it succeeded.
 *
 * @example
 * ```ts
 * const page = await client.executionLogs.list(subscriptionId, { status: 'FAILED' });
 * for (const log of page.data) console.log(log.messageId, log.httpStatus, log.error);
 * ```
 */
export type ExecutionLogSummary = components['schemas']['ExecutionLogSummary'];

/**
 * One delivery attempt in full (`GET /v1/subscriptions/{id}/executionLogs/{logId}`): the summary
 * plus the exact body sent (`payload`, the bytes the signature covers), the request headers and
 * the first 4 KiB of the answer.
 *
 * @example
 * ```ts
 * const log = await client.executionLogs.get(subscriptionId, logId);
 * console.log(log.requestHeaders['x-message-id'], log.payload);
 * ```
 */
export type ExecutionLog = components['schemas']['ExecutionLog'];

/**
 * The filters of the execution log (`status`, `eventType`) plus the page parameters.
 *
 * @example
 * ```ts
 * const query: ListExecutionLogsQuery = { status: 'FAILED', eventType: 'OPERATION_COMPLETED', limit: 50 };
 * ```
 */
export type ListExecutionLogsQuery = NonNullable<
  paths['/v1/subscriptions/{subscriptionId}/executionLogs']['get']['parameters']['query']
>;

/**
 * What `executionLogs.iterate` filters on: the list query without the cursor.
 *
 * @example
 * ```ts
 * const filters: ExecutionLogFilters = { status: 'FAILED' };
 * ```
 */
export type ExecutionLogFilters = Omit<ListExecutionLogsQuery, 'cursor' | 'direction'>;

/**
 * The body of `POST /v1/subscriptions/{id}/recover`: re-queue every message whose last attempt
 * failed at or after `since` (ISO 8601).
 *
 * @example
 * ```ts
 * const input: RecoverInput = { since: '2026-11-22T00:00:00.000Z' };
 * ```
 */
export type RecoverInput =
  paths['/v1/subscriptions/{subscriptionId}/recover']['post']['requestBody']['content']['application/json'];

/**
 * The answer to a recover: how many messages were queued again.
 *
 * @example
 * ```ts
 * const { queued } = await client.subscriptions.recover(id, { since });
 * ```
 */
export type RecoverResult =
  paths['/v1/subscriptions/{subscriptionId}/recover']['post']['responses'][202]['content']['application/json'];
