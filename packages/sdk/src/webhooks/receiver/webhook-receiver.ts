import type { SignatureFormat } from '../../types/subscription.js';
import type { WebhookEvent } from '../../types/webhook-event.js';
import type { WebhookStore } from '../stores/webhook-store.js';
import type { WebhookVerificationKey } from '../verification-keys.js';
import {
  verifyWebhookMessage,
  type VerifyWebhookOptions,
  type WebhookHeaders,
} from '../verify-webhook.js';
import { WebhookVerificationError } from '../webhook-verification-error.js';

/**
 * What a handler learns besides the event: the message id (stable across retries and resends),
 * the format it came in (`null` for a run from the store: `retryExpired`), which run this is
 * (1 for the first; more after a crash or a failure), and the message's number among the
 * subscription's messages (`X-Message-Sequence`; `null` for a run from the store, or when the
 * delivery carried none): give it to a `createSequenceTracker` to find gaps.
 *
 * @example
 * ```ts
 * const handler: WebhookHandler = async (event, { messageId, attempt, sequence }) => {
 *   if (attempt > 1) console.warn(`running ${messageId} again`);
 *   if (sequence !== null) tracker.record(sequence);
 * };
 * ```
 */
export interface WebhookContext {
  messageId: string;
  format: SignatureFormat | null;
  attempt: number;
  sequence: number | null;
}

/**
 * Your code: what to do with one verified, deduplicated event. Make it idempotent anyway: a
 * handler that crashes midway runs again.
 *
 * @example
 * ```ts
 * const handler: WebhookHandler = async (event) => {
 *   if (event.type === 'OPERATION_COMPLETED') await orders.markPaid(event.data.id);
 * };
 * ```
 */
export type WebhookHandler = (event: WebhookEvent, context: WebhookContext) => unknown;

/**
 * Options of `createWebhookReceiver`.
 *
 * @example
 * ```ts
 * const options: WebhookReceiverOptions = {
 *   secret: process.env.COFRE_WEBHOOK_SECRET!,
 *   store: createMemoryStore(),
 *   handler: async (event) => console.log(event.type),
 *   respond: 'after-handler',
 * };
 * ```
 */
export interface WebhookReceiverOptions {
  /**
   * The subscription's signing secret (`whsec_…`), or several while you switch; for an Ed25519
   * subscription its public key (`whpk_…`) or JWKS (`subscriptions.keys(id)`).
   */
  secret: WebhookVerificationKey | readonly WebhookVerificationKey[];
  /** Where handled message ids and claims live: `createSqliteStore(db)` or your own. */
  store: WebhookStore;
  handler: WebhookHandler;
  /**
   * When to answer. `'before-handler'` (default): once the message is verified and claimed in
   * the store, answer 202 and run the handler after; a failed or interrupted run is re-run
   * from the store by `retryExpired()`. `'after-handler'`: run the handler first, answer 200
   * when it succeeds and 500 when it throws (the claim is released, so the sender's retry runs
   * it again); keep the handler well under the sender's 10 s limit.
   */
  respond?: 'before-handler' | 'after-handler' | undefined;
  /** How long a claim holds before it may be run again, in ms. Default 300,000 (5 min). */
  leaseMs?: number | undefined;
  /** Passed to `verifyWebhookMessage` (tolerance, format, clock). */
  verify?: VerifyWebhookOptions | undefined;
  /** Called when a handler run in the background throws. Default: `console.error`. */
  onError?: ((error: unknown, context: WebhookContext) => void) | undefined;
  /** Epoch ms (for tests). Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * What the receiver answers a delivery: the HTTP status and a small JSON body.
 *
 * @example
 * ```ts
 * const { status, body } = await receiver.receive(rawBody, req.headers);
 * res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
 * ```
 */
export interface WebhookReceipt {
  status: number;
  body: { status: 'accepted' | 'processed' | 'duplicate' | 'in-progress' } | { error: string };
}

/**
 * A framework-independent receiver: feed it the raw body and headers, send back what it
 * answers. The node:http, Express and Fastify adapters wrap it.
 *
 * @example
 * ```ts
 * const receiver = createWebhookReceiver({ secret, store, handler });
 * http.createServer(createNodeWebhookHandler(receiver)).listen(3000);
 * setInterval(() => void receiver.retryExpired(), 60_000).unref();
 * ```
 */
export interface WebhookReceiver {
  /** Verifies, deduplicates and (depending on `respond`) runs the handler for one delivery. */
  receive(rawBody: string | Uint8Array, headers: WebhookHeaders): Promise<WebhookReceipt>;
  /**
   * Runs again every claim older than the lease that was never completed (a crash, or a failed
   * run in `'before-handler'` mode), up to `limit` (default 100); returns how many succeeded.
   * Call it at start-up and then periodically.
   */
  retryExpired(limit?: number): Promise<number>;
  /** Forgets handled ids completed more than `olderThanMs` ago (default 30 days). */
  prune(olderThanMs?: number): Promise<number>;
  /** Resolves when every handler run started in the background has finished. */
  idle(): Promise<void>;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Builds a receiver: for each delivery it verifies either signature format on the raw body
 * (400 with the reason if it does not verify), claims the message id in the store (a duplicate
 * is answered 200 without running anything), and runs your handler, answering before or after
 * it (`respond`). See `WebhookStore` for the at-least-once guarantees.
 *
 * | Situation                                   | `before-handler` (default) | `after-handler`   |
 * | ------------------------------------------- | -------------------------- | ----------------- |
 * | signature refused                           | 400 `{ error: reason }`    | 400               |
 * | already handled                             | 200 `duplicate`            | 200 `duplicate`   |
 * | claimed by a run less than `leaseMs` ago    | 202 `in-progress`          | 409 (retry later) |
 * | new: handler runs                           | 202 `accepted`, then runs  | 200 or 500        |
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { createSqliteStore, createWebhookReceiver } from '@cofre/sdk/webhooks';
 *
 * const receiver = createWebhookReceiver({
 *   secret: process.env.COFRE_WEBHOOK_SECRET!,
 *   store: createSqliteStore(new Database('webhooks.db')),
 *   handler: async (event, { messageId }) => console.log(messageId, event.type),
 * });
 * ```
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const { store, handler } = options;
  const respond = options.respond ?? 'before-handler';
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const now = options.now ?? Date.now;
  const onError =
    options.onError ??
    ((error: unknown, context: WebhookContext) =>
      console.error(`cofre webhook ${context.messageId} failed (run ${context.attempt}):`, error));
  const running = new Set<Promise<unknown>>();

  /** Runs the handler and marks the message done; throws what the handler threw. */
  const run = async (event: WebhookEvent, context: WebhookContext) => {
    await handler(event, context);
    await store.complete(context.messageId, now());
  };

  const inBackground = (event: WebhookEvent, context: WebhookContext): Promise<boolean> => {
    const task = run(event, context).then(
      () => true,
      (error: unknown) => {
        onError(error, context); // the claim stays: retryExpired runs it again after the lease
        return false;
      },
    );
    running.add(task);
    void task.finally(() => running.delete(task));
    return task;
  };

  return {
    async receive(rawBody, headers) {
      let verified;
      try {
        verified = verifyWebhookMessage(rawBody, headers, options.secret, options.verify);
      } catch (error) {
        if (error instanceof WebhookVerificationError)
          return { status: 400, body: { error: error.reason } };
        throw error;
      }
      const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
      const outcome = await store.claim({ id: verified.id, body }, { now: now(), leaseMs });
      switch (outcome.kind) {
        case 'done':
          return { status: 200, body: { status: 'duplicate' } };
        case 'busy':
          return respond === 'after-handler'
            ? { status: 409, body: { error: 'IN_PROGRESS' } }
            : { status: 202, body: { status: 'in-progress' } };
        case 'claimed':
          break;
      }
      const context = {
        messageId: verified.id,
        format: verified.format,
        attempt: outcome.attempt,
        sequence: verified.sequence ?? null,
      };
      if (respond === 'before-handler') {
        void inBackground(verified.event, context);
        return { status: 202, body: { status: 'accepted' } };
      }
      try {
        await run(verified.event, context);
        return { status: 200, body: { status: 'processed' } };
      } catch (error) {
        onError(error, context);
        await store.release(verified.id); // the sender's retry runs it again
        return { status: 500, body: { error: 'HANDLER_FAILED' } };
      }
    },

    async retryExpired(limit = 100) {
      const candidates = await store.expired({ now: now(), leaseMs, limit });
      let succeeded = 0;
      for (const stored of candidates) {
        // Claim again: another process may be retrying the same message.
        const outcome = await store.claim(stored, { now: now(), leaseMs });
        if (outcome.kind !== 'claimed') continue;
        const event = JSON.parse(stored.body) as WebhookEvent; // verified when it was stored
        const context = {
          messageId: stored.id,
          format: null,
          attempt: outcome.attempt,
          sequence: null,
        };
        if (await inBackground(event, context)) succeeded += 1;
      }
      return succeeded;
    },

    prune(olderThanMs = DEFAULT_RETENTION_MS) {
      return store.prune(now() - olderThanMs);
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
