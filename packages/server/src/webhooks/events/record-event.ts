import type { Tx } from '../../db/transact.js';
import { insertEventAndAskSubscribed, type EventRow } from './insert-event.js';
import type { JobQueue } from '../../jobs/index.js';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { EventType, ResourceName } from './event-catalog.js';
import { FANOUT_IN_FLIGHT, FANOUT_KIND, fanOutQueue } from './fan-out.js';
import { currentTraceContext } from '../../observability/tracing.js';

export interface EventInput {
  customerId: string;
  type: EventType;
  resource: ResourceName;
  resourceId: string;
  /** Snapshot of the resource as the API shows it. */
  data: unknown;
  at: number;
}

/**
 * The transactional outbox. Services call this inside their own transaction: it writes the event
 * and, when the customer has a subscription, ONE `webhook.fanout` job, which the worker expands
 * into one message per matching subscription and their attempts (fan-out.ts). If the transaction
 * rolls back, none of it happened; once it commits, nothing of it can be lost: the job is the
 * durable promise of the messages. `messages` is 0: none are written here any more.
 */
export async function recordEvent(
  tx: Tx,
  queue: JobQueue,
  input: EventInput,
): Promise<{ eventId: string; messages: number }> {
  const eventId = newId('event', input.at);
  const body = JSON.stringify({
    id: eventId,
    type: input.type,
    resource: input.resource,
    atTime: toIso(input.at),
    data: input.data,
  });
  const trace = currentTraceContext();
  const event: EventRow = {
    id: eventId,
    customer_id: input.customerId,
    type: input.type,
    resource: input.resource,
    resource_id: input.resourceId,
    payload: body,
    traceparent: trace?.traceparent ?? null,
    tracestate: trace?.tracestate ?? null,
    created_at: input.at,
  };
  // The durable fan-out job stands for the event's messages (the outbox rows): the worker
  // expands it (fan-out.ts), so this transaction's cost does not grow with the customer's
  // subscriptions. A customer without any live subscription gets no job at all (as before, a
  // subscription still being created in a concurrent transaction is not seen).
  const subscribed = await insertEventAndAskSubscribed(tx.trx, event);
  if (!subscribed) return { eventId, messages: 0 };
  await queue.enqueue(tx, [
    {
      kind: FANOUT_KIND,
      queue: fanOutQueue(input.customerId),
      queueLimit: FANOUT_IN_FLIGHT,
      subjectId: eventId,
      runAt: input.at,
    },
  ]);
  return { eventId, messages: 0 };
}
