import type { Trx } from '../../db/transact.js';
import { newId } from '../../lib/ids.js';
import type { Insertable } from 'kysely';
import type {
  AttemptStatus,
  AttemptTrigger,
  ExecutionLogsTable,
} from '../execution-logs/execution-logs.table.js';
import type { MessageContext } from './message-context.js';
import type { AttemptOutcome } from './send-attempt.js';

export interface AttemptRecord {
  message: MessageContext;
  outcome: AttemptOutcome;
  trigger: AttemptTrigger;
  retryAttempts: number;
  at: number;
  /** The headers sent; kept only when they are not the message's stored ones (standard-webhooks). */
  requestHeaders?: Record<string, string>;
}

/** Writes the immutable execution-log row of one attempt. */
export async function recordAttempt(trx: Trx, input: AttemptRecord): Promise<AttemptStatus> {
  await trx.insertInto('execution_logs').values(attemptLogRow(input)).execute();
  return attemptStatusOf(input.outcome);
}

/** The execution-log row of one attempt (settle-attempts.ts inserts a batch's in one statement). */
export function attemptLogRow(input: AttemptRecord): Insertable<ExecutionLogsTable> {
  const { message, outcome } = input;
  const status = attemptStatusOf(outcome);
  const httpStatus = httpStatusOf(outcome);
  return {
    id: newId('log', input.at),
    customer_id: message.customerId,
    subscription_id: message.subscriptionId,
    message_id: message.id,
    event_id: message.eventId,
    event_type: message.eventType,
    url: message.url,
    http_status: httpStatus,
    response_body:
      outcome.kind === 'delivered' || outcome.kind === 'rejected' ? outcome.body : null,
    error: attemptErrorOf(outcome),
    duration_ms: Math.round(outcome.durationMs),
    retry_attempts: input.retryAttempts,
    trigger: input.trigger,
    status,
    created_at: input.at,
    request_headers: ownHeaders(message.headers, input.requestHeaders),
  };
}

/**
 * The attempt's headers as stored in its log row: null when they are the message's own (the
 * `cofre` format sends those on every attempt), so the common case stores nothing twice.
 */
function ownHeaders(
  stored: Record<string, string>,
  sent: Record<string, string> | undefined,
): string | null {
  if (sent === undefined) return null;
  const json = JSON.stringify(sent);
  return json === JSON.stringify(stored) ? null : json;
}

/** SUCCESS only for a 2xx answer. */
export const attemptStatusOf = (outcome: AttemptOutcome): AttemptStatus =>
  outcome.kind === 'delivered' ? 'SUCCESS' : 'FAILED';

/** The receiver's status code; 0 when there was no answer. */
export const httpStatusOf = (outcome: AttemptOutcome): number =>
  outcome.kind === 'delivered' || outcome.kind === 'rejected' ? outcome.status : 0;

/** What the execution log (and the health view) says went wrong; null for a success. */
export function attemptErrorOf(outcome: AttemptOutcome): string | null {
  switch (outcome.kind) {
    case 'delivered':
      return null;
    case 'rejected':
      return `The endpoint answered ${outcome.status}.`;
    case 'timeout':
      return 'No answer within the delivery timeout.';
    case 'unsafe-address':
      return `Refused to connect: ${outcome.error}`;
    case 'network-error':
      return outcome.error;
  }
}
