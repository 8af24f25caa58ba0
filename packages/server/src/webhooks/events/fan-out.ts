import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { MessagesTable } from '../messages/messages.table.js';
import type { Dialect } from '../../db/dialect.js';
import type { Tx } from '../../db/transact.js';
import {
  jobStep,
  type Job,
  type JobHandler,
  type JobQueue,
  type NewJob,
} from '../../jobs/index.js';
import { initialMessageStatus } from '../messages/message-states.js';
import type { MessageStatus } from '../messages/messages.table.js';
import { deliveryHeaders } from '../signing/signing.js';
import { secretKey, signingSecretsAt, type StoredSecrets } from '../signing/subscription-secret.js';
import { signingSecretsOf } from '../signing/signing-keys.js';
import { countBy, reserveSequences } from './message-sequences.js';
import type { ResourceName } from './event-catalog.js';
import { subscriptionMatches, type SubscriptionSelection } from './selection.js';
import { alertSubject } from './alert-subject.js';
import { announceListenChange, type ListenSignal } from '../listen/listen-signal.js';

/** The job kind that expands one event into its messages and attempt jobs, in the worker. */
export const FANOUT_KIND = 'webhook.fanout' as const;

/**
 * A customer's fan-out jobs form one fair queue with room for one job in flight: its events
 * expand one after another in due (event) order, so each subscription's messages and attempts
 * are created in event order, and one customer's large fan-outs wait behind each other, never in
 * front of another customer's. A fair queue (jobs/claim-heads.ts) offers only its head to a
 * claim, found by one index seek, so a customer's backlog of events is never walked by a claim.
 */
export const fanOutQueue = (customerId: string): string => `fanout:${customerId}`;

/** One expansion of a customer's events at a time, across all workers. */
export const FANOUT_IN_FLIGHT = 1;

/** Rows per multi-row INSERT: far below both engines' bound-parameter limits (14 columns). */
const ROWS_PER_INSERT = 500;

/** The event columns an expansion needs. */
export interface FanOutEvent {
  id: string;
  customer_id: string;
  type: string;
  resource: string;
  payload: string;
  traceparent: string | null;
  tracestate: string | null;
  created_at: number;
}

/** A subscription the event goes to, with what its message needs. */
export interface MatchedSubscription {
  id: string;
  status: string;
  max_concurrency: number;
  transport: string;
  /** The secrets that sign for it (its own, or its client's: signing-keys.ts). */
  secrets: StoredSecrets;
}

/**
 * The subscriptions an event is delivered to (docs/webhooks.md "Fan-out"): the customer's
 * subscriptions that existed at the event's time (created at or before it) and are not deleted
 * when the event is expanded, whose selection (as it is then) includes the event's type. Their
 * status then decides PENDING or HELD. The events feed reads the same set for an event not yet
 * expanded. With a dialect the rows are locked on PostgreSQL as the expansion will update them
 * (FOR NO KEY UPDATE: their message counters, message-sequences.ts): a concurrent pause/resume
 * (an UPDATE of the row) then waits for the expansion to commit, so it sees its messages, or the
 * expansion waits and sees the new status; and a second expansion of the customer's events (a
 * lease lost mid-run) waits for the first, so each takes the next sequence numbers. SQLite runs
 * one writer at a time.
 */
export async function matchingSubscriptions(
  db: Db,
  dialect: Dialect | undefined,
  event: Pick<FanOutEvent, 'customer_id' | 'resource' | 'type' | 'payload' | 'created_at'>,
): Promise<MatchedSubscription[]> {
  const candidates = await customerSubscriptions(db, dialect, event.customer_id, event.created_at);
  return candidates.filter((s) => matchesAt(s, event)).map(({ selection: _, ...s }) => s);
}

interface CandidateSubscription extends MatchedSubscription {
  created_at: number;
  selection: SubscriptionSelection;
}

/** The customer's live subscriptions created at or before `until`, share-locked with a dialect. */
async function customerSubscriptions(
  db: Db,
  dialect: Dialect | undefined,
  customerId: string,
  until: number,
): Promise<CandidateSubscription[]> {
  const query = db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_secrets as k', 'k.subscription_id', 's.id')
    .innerJoin('api_clients as c', 'c.id', 's.client_id')
    .select([
      's.id',
      's.status',
      's.include_all',
      's.resources',
      's.max_concurrency',
      's.transport',
      's.created_at',
      's.signing_key',
      'k.secret',
      'k.previous_secret',
      'k.previous_secret_expires_at',
      'k.private_key',
      'k.previous_private_key',
      'k.previous_private_key_expires_at',
      'c.webhook_key',
      'c.previous_webhook_key',
      'c.previous_webhook_key_expires_at',
    ])
    .where('s.customer_id', '=', customerId)
    .where('s.deleted_at', 'is', null)
    .where('s.created_at', '<=', Number(until))
    .orderBy('s.id');
  const rows = await (dialect ? dialect.forNoKeyUpdate(query, 's') : query).execute();
  return rows.map((s) => ({
    id: s.id,
    status: s.status,
    max_concurrency: s.max_concurrency,
    transport: s.transport,
    created_at: Number(s.created_at),
    // The secrets of the `cofre` format's HMAC headers stored with each message. An Ed25519
    // subscription sends only the standard-webhooks format, whose attempt headers replace them
    // with `v1a,` signatures; its stored ones are signed with its own HMAC secret, so they are
    // right again if it ever switches back to it, and an HMAC is never keyed by a private key.
    secrets: signingSecretsOf(
      s.signing_key === 'ed25519' ? 'subscription-secret' : s.signing_key,
      {
        secret: s.secret,
        previousSecret: s.previous_secret,
        previousSecretExpiresAt: s.previous_secret_expires_at,
      },
      {
        webhookKey: s.webhook_key,
        previousWebhookKey: s.previous_webhook_key,
        previousWebhookKeyExpiresAt: s.previous_webhook_key_expires_at,
      },
      {
        privateKey: s.private_key,
        previousPrivateKey: s.previous_private_key,
        previousPrivateKeyExpiresAt: s.previous_private_key_expires_at,
      },
    ),
    selection: {
      includeAll: s.include_all === 1,
      resources: JSON.parse(s.resources) as SubscriptionSelection['resources'],
    },
  }));
}

/**
 * Whether the subscription gets the event: it existed at the event's time, selects it, and is
 * not the subscription an operational event is about (alert-subject.ts).
 */
const matchesAt = (
  s: CandidateSubscription,
  event: Pick<FanOutEvent, 'resource' | 'type' | 'payload' | 'created_at'>,
): boolean =>
  s.created_at <= Number(event.created_at) &&
  subscriptionMatches(s.selection, event.resource as ResourceName, event.type) &&
  alertSubject(event.resource, event.payload) !== s.id;

/**
 * The id of the event's message to one subscription, known before the message exists (the
 * events feed shows it for an event not yet expanded, and it is the id the expansion writes):
 * the event's time, the last 8 characters of the event id's randomness (which grow with each
 * event a process makes within one millisecond), and 8 characters of the subscription id's hash.
 * Within one subscription, ids then sort in event order, as `cofre listen` reads them; across
 * subscriptions, the hash keeps them apart.
 */
export function messageIdFor(eventId: string, subscriptionId: string): string {
  const body = eventId.slice(eventId.indexOf('_') + 1);
  return `msg_${body.slice(0, 10)}${body.slice(18, 26)}${hashChars(subscriptionId, 8)}`;
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function hashChars(value: string, length: number): string {
  const digest = createHash('sha256').update(value).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[digest[i]! % 32];
  return out;
}

/** The status an expanded message starts in. */
export const expandedStatus = (s: Pick<MatchedSubscription, 'status'>): MessageStatus =>
  initialMessageStatus(s.status === 'ACTIVE');

/**
 * Expands one event (the worker's `webhook.fanout` job): one message per matching subscription,
 * with the `cofre` format's headers signed with the secrets valid at the event's time, and one
 * due `webhook.attempt` per PENDING message of an http subscription (a listen subscription's
 * messages wait for its stream; a paused one's are HELD until the resume). Multi-row inserts;
 * the caller's transaction is the unit, so the expansion is all or nothing and the attempt jobs
 * wake the workers once it commits (JobQueue.enqueue), as the new messages of a listen
 * subscription wake its streams (listen/listen-signal.ts).
 */
export async function expandEvent(
  tx: Tx,
  queue: JobQueue,
  event: FanOutEvent,
  listen?: ListenSignal,
): Promise<{ messages: number }> {
  return expandEvents(tx, queue, [event], listen);
}

/**
 * Expands several events of ONE customer, in the given (event) order, with one read of the
 * customer's subscriptions and multi-row inserts for all their messages and attempt jobs.
 */
export async function expandEvents(
  tx: Tx,
  queue: JobQueue,
  events: FanOutEvent[],
  listen?: ListenSignal,
): Promise<{ messages: number }> {
  if (events.length === 0) return { messages: 0 };
  const latest = Math.max(...events.map((e) => Number(e.created_at)));
  const candidates = await customerSubscriptions(
    tx.trx,
    queue.dialect,
    events[0]!.customer_id,
    latest,
  );
  const pairs = events.flatMap((event) =>
    candidates.filter((s) => matchesAt(s, event)).map((s) => ({ event, s })),
  );
  if (pairs.length === 0) return { messages: 0 };
  // Each subscription's next numbers, taken from its counter in this transaction (the rows are
  // locked): its messages are numbered in the order written, which is event order.
  const next = await reserveSequences(tx.trx, countBy(pairs.map((p) => p.s.id)));
  const messages: Insertable<MessagesTable>[] = [];
  const jobs: NewJob[] = [];
  /** Listen subscriptions with a new PENDING message: their streams have something to send. */
  const listening = new Set<string>();
  for (const { event, s } of pairs) {
    const sequence = next.get(s.id)!;
    next.set(s.id, sequence + 1);
    const message = messageFor(event, s, traceHeaders(event), sequence);
    const messageId = message.id;
    const status = message.status;
    messages.push(message);
    if (status === 'PENDING' && s.transport === 'http') {
      jobs.push({
        kind: 'webhook.attempt',
        queue: s.id,
        queueLimit: s.max_concurrency,
        subjectId: messageId,
        runAt: Number(event.created_at),
      });
    }
    if (status === 'PENDING' && s.transport === 'listen') listening.add(s.id);
  }
  for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
    await tx.trx
      .insertInto('messages')
      .values(messages.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
  for (let i = 0; i < jobs.length; i += ROWS_PER_INSERT) {
    await queue.enqueue(tx, jobs.slice(i, i + ROWS_PER_INSERT));
  }
  await announceListenChange(tx, queue.dialect, listen, listening);
  return { messages: messages.length };
}

/**
 * One event's message for one subscription, PENDING or HELD, numbered `sequence`, with the
 * `cofre` format's headers signed once with the secrets valid at the event's time; the
 * standard-webhooks format replaces the signature headers on each attempt
 * (signing/attempt-headers.ts).
 */
function messageFor(
  event: FanOutEvent,
  s: MatchedSubscription,
  trace: Record<string, string>,
  sequence: number,
): Insertable<MessagesTable> & { id: string; status: MessageStatus } {
  const at = Number(event.created_at);
  const messageId = messageIdFor(event.id, s.id);
  const secrets = signingSecretsAt(s.secrets, at);
  const headers = deliveryHeaders({
    webhookKeys: secrets.map(secretKey) as [Buffer, ...Buffer[]],
    messageId,
    eventType: event.type,
    resource: event.resource,
    createdAtMs: at,
    sequence,
    body: event.payload,
  });
  return {
    id: messageId,
    customer_id: event.customer_id,
    subscription_id: s.id,
    event_id: event.id,
    event_type: event.type,
    sequence,
    headers: JSON.stringify({ ...headers, ...trace }),
    status: expandedStatus(s),
    attempts: 0,
    last_attempt_at: null,
    last_attempt_status: null,
    created_at: at,
    updated_at: at,
  };
}

const EVENT_COLUMNS = [
  'id',
  'customer_id',
  'type',
  'resource',
  'payload',
  'traceparent',
  'tracestate',
  'created_at',
] as const;

/** Reads the events fan-out jobs name (those retention has not deleted). */
function findFanOutEvents(db: Db, eventIds: string[]): Promise<FanOutEvent[]> {
  return db.selectFrom('events').select(EVENT_COLUMNS).where('id', 'in', eventIds).execute();
}

/** Reads the event a fan-out job names; undefined once retention has deleted it. */
export function findFanOutEvent(db: Db, eventId: string): Promise<FanOutEvent | undefined> {
  return db.selectFrom('events').select(EVENT_COLUMNS).where('id', '=', eventId).executeTakeFirst();
}

/** How many of a customer's queued fan-out jobs one run takes along with its own. */
export const FANOUT_BATCH = 100;

/**
 * `webhook.fanout`: completes the job and expands its event in ONE transaction (jobs/job-step.ts),
 * so a crash or a throw leaves the job to be claimed again, and a job whose lease was lost
 * expands nothing (its new owner does). It takes along the customer's next due fan-out jobs (up
 * to FANOUT_BATCH, in queue order) and expands their events too: while its own job, the head of
 * the customer's one-at-a-time queue, is leased, no other worker can claim them, and a burst of
 * one customer's events then costs one transaction and one subscriptions read, not one each.
 */
export function fanOutHandler(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  /** Wakes this process's listen streams (shared with the API in `serve`). */
  listen?: ListenSignal | undefined;
}): JobHandler {
  return jobStep(deps, async (tx, job: Job) => {
    const now = deps.clock.now();
    const following =
      job.queue === null
        ? []
        : await deps.queue.dialect
            .forUpdateSkipLocked(
              tx.trx
                .selectFrom('jobs')
                .select(['id', 'subject_id'])
                .where('queue', '=', job.queue)
                .where('kind', '=', FANOUT_KIND)
                .where('id', '<>', job.id)
                .where('failed_at', 'is', null)
                .where('run_at', '<=', now)
                .where((eb) =>
                  eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]),
                )
                .orderBy('run_at')
                .orderBy('id')
                .limit(FANOUT_BATCH - 1),
            )
            .execute();
    if (following.length > 0) {
      await tx.trx
        .deleteFrom('jobs')
        .where(
          'id',
          'in',
          following.map((f) => f.id),
        )
        .execute();
    }
    const ids = [job.subject_id, ...following.map((f) => f.subject_id)];
    const found = new Map((await findFanOutEvents(tx.trx, ids)).map((e) => [e.id, e]));
    // In queue order (the events' order); an event deleted by retention expands to nothing.
    const events = ids.flatMap((id) => {
      const event = found.get(id);
      return event ? [event] : [];
    });
    await expandEvents(tx, deps.queue, events, deps.listen);
  });
}

/** The ids of these events whose fan-out job has not run yet (jobs_subject index). */
export async function unexpandedEvents(db: Db, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('jobs')
    .select('subject_id')
    .where('subject_id', 'in', eventIds)
    .where('kind', '=', FANOUT_KIND)
    .execute();
  return new Set(rows.map((r) => r.subject_id));
}

/**
 * The event's trace context as webhook headers (docs/tracing.md): fixed with the other headers,
 * so every attempt, retry and resend of the message sends the same `traceparent`. Not signed:
 * the signature covers "<id>.<timestamp>.<body>" only.
 */
function traceHeaders(
  event: Pick<FanOutEvent, 'traceparent' | 'tracestate'>,
): Record<string, string> {
  if (event.traceparent === null) return {};
  return event.tracestate === null
    ? { traceparent: event.traceparent }
    : { traceparent: event.traceparent, tracestate: event.tracestate };
}

/**
 * How many of the customer's events not expanded yet will give this subscription a message (the
 * rule of `matchingSubscriptions`, seen from one subscription), up to `cap + 1`: delivery
 * health counts them as pending, as it counted their messages when the request wrote them.
 */
export async function unexpandedEventsFor(
  db: Db,
  subscription: {
    id: string;
    customer_id: string;
    created_at: number;
    include_all: number;
    resources: string;
  },
  cap: number,
): Promise<number> {
  const rows = await db
    .selectFrom('jobs as j')
    .innerJoin('events as e', 'e.id', 'j.subject_id')
    .select(['e.type', 'e.resource', 'e.payload'])
    .where('j.queue', '=', fanOutQueue(subscription.customer_id))
    .where('j.kind', '=', FANOUT_KIND)
    .where('e.created_at', '>=', Number(subscription.created_at))
    .limit(cap + 1)
    .execute();
  const selection: SubscriptionSelection = {
    includeAll: subscription.include_all === 1,
    resources: JSON.parse(subscription.resources) as SubscriptionSelection['resources'],
  };
  return rows.filter(
    (r) =>
      subscriptionMatches(selection, r.resource as ResourceName, r.type) &&
      alertSubject(r.resource, r.payload) !== subscription.id,
  ).length;
}
