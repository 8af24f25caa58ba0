import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { Dialect } from '../../db/dialect.js';
import { transact } from '../../db/transact.js';
import type { Clock } from '../../lib/clock.js';
import type { CompleteIdempotent } from '../../modules/idempotency/index.js';
import { AppError, invalidData, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { EVENT_CATALOG, RESOURCE_NAMES, type EventType } from '../events/event-catalog.js';
import type { SubscriptionSelection } from '../events/selection.js';
import { healthTail } from '../health/attempt-health.js';
import { loadMessageContext } from '../delivery/message-context.js';
import { recordAttempt } from '../delivery/record-attempt.js';
import { nextStep } from '../delivery/retry-policy.js';
import { lockMessageStatus, settleAttempt } from '../messages/messages.repository.js';
import {
  countSubscriptions,
  findSubscription,
  lockCustomerSubscriptions,
} from '../subscriptions/subscriptions.repository.js';
import type { CreatedSubscription } from '../subscriptions/subscriptions.schemas.js';
import { insertNewSubscription } from '../subscriptions/subscriptions.service.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.table.js';
import { observeAttempt } from '../../observability/delivery-metrics.js';
import { outcomeOfResult } from './listen-outcome.js';
import { listenAttemptHeaders } from './attempt-headers.js';
import type { CreateListenBody, ListenResult, ListenResultBody } from './listen.schemas.js';
import { announceListenChange, type ListenSignal } from './listen-signal.js';

export interface ListenDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: Config;
  /** Wakes the subscription's streams once a result commits (the next message may go). */
  signal: ListenSignal;
}

/** A listen subscription relays one message at a time unless asked otherwise (in order). */
const DEFAULT_LISTEN_CONCURRENCY = 1;

/**
 * The server side of `cofre listen` (docs/webhooks.md "Receiving on localhost: cofre listen"):
 * a listen subscription is an ordinary subscription row (outbox, messages, execution logs,
 * health, pause and delete all apply) whose transport is `listen`, so no worker sends its
 * messages and no URL is ever connected to; the stream hands them to the CLI, which reports
 * each local answer back here.
 */
export class ListenService {
  constructor(private readonly deps: ListenDeps) {}

  async create(
    auth: { customerId: string; clientId: string },
    input: CreateListenBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: number; body: CreatedSubscription }> {
    const { db, dialect, clock, config } = this.deps;
    const maxConcurrency = input.maxConcurrency ?? DEFAULT_LISTEN_CONCURRENCY;
    const max = config.webhooks.maxConcurrencyPerSubscription;
    if (maxConcurrency > max) {
      throw invalidData([
        {
          pointer: '/maxConcurrency',
          in: 'body',
          code: 'OUT_OF_RANGE',
          detail: `maxConcurrency must be between 1 and ${max} on this server.`,
        },
      ]);
    }
    const selection = selectionFor(input.events);
    return transact(db, async ({ trx }) => {
      await lockCustomerSubscriptions(trx, dialect, auth.customerId);
      if (
        (await countSubscriptions(trx, auth.customerId)) >=
        config.webhooks.maxSubscriptionsPerCustomer
      ) {
        throw new AppError('SUBSCRIPTION_LIMIT_REACHED', {
          detail: `A customer may have at most ${config.webhooks.maxSubscriptionsPerCustomer} subscriptions (listen ones count); delete one first.`,
        });
      }
      const now = clock.now();
      const row: SubscriptionRow = {
        id: newId('subscription', now),
        customer_id: auth.customerId,
        client_id: auth.clientId,
        url: '',
        include_all: selection.includeAll ? 1 : 0,
        resources: JSON.stringify(selection.resources),
        allow_retry: input.allowRetry ? 1 : 0,
        max_concurrency: maxConcurrency,
        // Either format, as for any subscription (docs/webhooks.md "Receiving on localhost").
        signature_format: input.signatureFormat ?? 'cofre',
        signing_key: 'subscription-secret',
        message_sequence: 0,
        transport: 'listen',
        status: 'ACTIVE',
        metadata: '{}',
        created_at: now,
        updated_at: now,
        disabled_at: null,
        disabled_reason: null,
        deleted_at: null,
      };
      // Its own signing secret, as every subscription has: the local receiver verifies with it.
      const body = await insertNewSubscription(trx, row);
      await complete(trx, 201, body);
      return { status: 201, body };
    });
  }

  /** The customer's listen subscription: 404 when not theirs, 409 when it is an HTTP one. */
  async listenSubscription(customerId: string, id: string): Promise<SubscriptionRow> {
    const row = isId('subscription', id)
      ? await findSubscription(this.deps.db, customerId, id)
      : undefined;
    if (!row) throw notFound('Subscription', id);
    if (row.transport !== 'listen') {
      throw new AppError('INVALID_STATE', {
        detail:
          'This subscription is delivered over HTTP to its URL; only a listen subscription (POST /v1/listen) can be streamed.',
      });
    }
    return row;
  }

  /**
   * Records the local answer to one relayed attempt as that attempt's execution-log row and
   * settles the message as an HTTP attempt would (retry policy, health), in one transaction.
   * Only the first report of an attempt counts: the message must still be PENDING with the
   * attempt count the stream sent, else nothing is written (`recorded: false`).
   */
  async recordResult(
    customerId: string,
    subscriptionId: string,
    result: ListenResultBody,
  ): Promise<ListenResult> {
    const subscription = await this.listenSubscription(customerId, subscriptionId);
    const { db, dialect, clock, config } = this.deps;
    const message = isId('message', result.messageId)
      ? await loadMessageContext(db, result.messageId)
      : undefined;
    if (!message || message.subscriptionId !== subscription.id) {
      throw notFound('Message', result.messageId);
    }
    const outcome = outcomeOfResult(result);
    const trigger = result.attempt === 0 ? 'AUTOMATIC' : 'RETRY';
    const answer = await transact(db, async (tx): Promise<ListenResult> => {
      const { trx } = tx;
      const current = await lockCurrent(trx, dialect, message.id);
      if (current.status !== 'PENDING' || current.attempts !== result.attempt) {
        return { recorded: false, messageStatus: current.status };
      }
      const now = clock.now();
      const attemptsMade = result.attempt + 1;
      const step = nextStep({
        ok: outcome.kind === 'delivered',
        allowRetry: subscription.allow_retry === 1,
        attemptsMade,
        policy: { maxRetries: config.webhooks.maxRetries, delayMs: config.webhooks.retryDelayMs },
        now,
      });
      const status = await recordAttempt(trx, {
        message: { ...message, url: result.url },
        outcome,
        trigger,
        // The headers relayed, recomputed from the time the stream signed them.
        ...(result.sentAt === undefined
          ? {}
          : { requestHeaders: listenAttemptHeaders(message, result.sentAt) }),
        retryAttempts: result.attempt,
        at: now,
      });
      const settlement =
        step.kind === 'succeeded' ? 'SUCCEEDED' : step.kind === 'failed' ? 'FAILED' : 'RETRY';
      const settled = await settleAttempt(trx, message.id, {
        settlement,
        attempts: attemptsMade,
        status,
        at: now,
      });
      const health = healthTail(message, outcome, now);
      health.failedDelta = settled && settlement === 'FAILED' ? 1 : 0;
      await health.work(trx);
      // Settled or waiting for a retry: either way the stream may send the next message now.
      await announceListenChange(tx, dialect, this.deps.signal, [subscription.id]);
      return { recorded: true, messageStatus: settlement === 'RETRY' ? 'PENDING' : settlement };
    });
    // Once per attempt (a repeated report records nothing) and after the commit, as the worker
    // counts an HTTP attempt; labelled, so production receivers' figures can leave it out.
    if (answer.recorded) observeAttempt(outcome, trigger, 'listen');
    return answer;
  }
}

async function lockCurrent(
  trx: Trx,
  dialect: Dialect,
  messageId: string,
): Promise<{ status: string; attempts: number }> {
  // The row lock (PostgreSQL) makes two reports of one attempt settle it once.
  await lockMessageStatus(trx, dialect, messageId);
  return trx
    .selectFrom('messages')
    .select(['status', 'attempts'])
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
}

/** `events` named → the resources that hold them; none → every event. */
function selectionFor(events: EventType[] | undefined): SubscriptionSelection {
  if (events === undefined) return { includeAll: true, resources: [] };
  const resources = RESOURCE_NAMES.flatMap((name) => {
    const chosen: string[] = EVENT_CATALOG[name].filter((type) => events.includes(type));
    return chosen.length > 0 ? [{ name, includeAll: false, events: chosen }] : [];
  });
  return { includeAll: false, resources };
}
