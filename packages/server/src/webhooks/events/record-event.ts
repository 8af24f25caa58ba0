import type { Tx } from '../../db/transact.js';
import { deliveryHeaders } from '../signing/signing.js';
import { secretKey, signingSecretsAt } from '../signing/subscription-secret.js';
import type { JobQueue } from '../../jobs/index.js';
import { initialMessageStatus } from '../messages/message-states.js';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { subscriptionMatches, type SubscriptionSelection } from './selection.js';
import type { EventType, ResourceName } from './event-catalog.js';
import { currentTraceContext } from '../../observability/tracing.js';
import type { TraceContext } from '../../observability/tracing-w3c.js';

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
 * and one message per matching subscription of the customer (with its headers and signature
 * fixed now), and queues an attempt for each active one. If the transaction rolls back, none of
 * it happened; once it commits, nothing of it can be lost.
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
  await tx.trx
    .insertInto('events')
    .values({
      id: eventId,
      customer_id: input.customerId,
      type: input.type,
      resource: input.resource,
      resource_id: input.resourceId,
      payload: body,
      traceparent: trace?.traceparent ?? null,
      tracestate: trace?.tracestate ?? null,
      created_at: input.at,
    })
    .execute();

  const query = tx.trx
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_secrets as k', 'k.subscription_id', 's.id')
    .select([
      's.id',
      's.status',
      's.include_all',
      's.resources',
      's.max_concurrency',
      'k.secret',
      'k.previous_secret',
      'k.previous_secret_expires_at',
      's.transport',
    ])
    .where('s.customer_id', '=', input.customerId)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.id');
  // On PostgreSQL, share-lock the subscriptions read: a concurrent pause/resume (which updates
  // the row) then waits for this event to commit, so it sees this event's messages, or this
  // event waits and sees the new status. SQLite runs one writer at a time.
  const subscriptions = await queue.dialect.forShare(query, 's').execute();
  const matching = subscriptions.filter((s) =>
    subscriptionMatches(
      {
        includeAll: s.include_all === 1,
        resources: JSON.parse(s.resources) as SubscriptionSelection['resources'],
      },
      input.resource,
      input.type,
    ),
  );
  if (matching.length === 0) return { eventId, messages: 0 };

  const messages = matching.map((s) => {
    const messageId = newId('message', input.at);
    // The `cofre` format's headers, signed now with the subscription's secrets; the
    // standard-webhooks format replaces the signature headers on each attempt (attempt-headers.ts).
    const secrets = signingSecretsAt(
      {
        secret: s.secret,
        previousSecret: s.previous_secret,
        previousSecretExpiresAt: s.previous_secret_expires_at,
      },
      input.at,
    );
    const headers = deliveryHeaders({
      webhookKeys: secrets.map(secretKey) as [Buffer, ...Buffer[]],
      messageId,
      eventType: input.type,
      resource: input.resource,
      createdAtMs: input.at,
      body,
    });
    return {
      queueLimit: s.max_concurrency,
      transport: s.transport,
      id: messageId,
      customer_id: input.customerId,
      subscription_id: s.id,
      event_id: eventId,
      event_type: input.type,
      headers: JSON.stringify({ ...headers, ...traceHeaders(trace) }),
      status: initialMessageStatus(s.status === 'ACTIVE'),
      attempts: 0,
      last_attempt_at: null,
      last_attempt_status: null,
      created_at: input.at,
      updated_at: input.at,
    };
  });
  await tx.trx
    .insertInto('messages')
    .values(messages.map(({ queueLimit: _, transport: __, ...message }) => message))
    .execute();
  // A listen subscription's messages get no job: they wait, PENDING, for its cofre listen
  // stream (webhooks/listen/), so no worker claims, fails or retries them.
  await queue.enqueue(
    tx,
    messages
      .filter((m) => m.status === 'PENDING' && m.transport === 'http')
      .map((m) => ({
        kind: 'webhook.attempt' as const,
        queue: m.subscription_id,
        queueLimit: m.queueLimit,
        subjectId: m.id,
        runAt: input.at,
      })),
  );
  return { eventId, messages: messages.length };
}

/**
 * The event's trace context as webhook headers (docs/tracing.md): fixed with the other headers,
 * so every attempt, retry and resend of the message sends the same `traceparent`. Not signed:
 * the signature covers "<id>.<timestamp>.<body>" only.
 */
const traceHeaders = (trace: TraceContext | undefined): Record<string, string> =>
  trace === undefined
    ? {}
    : trace.tracestate === undefined
      ? { traceparent: trace.traceparent }
      : { traceparent: trace.traceparent, tracestate: trace.tracestate };
