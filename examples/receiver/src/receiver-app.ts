import {
  createNodeWebhookHandler,
  createSqliteStore,
  createWebhookReceiver,
  type WebhookHandler,
  type WebhookReceiver,
} from '@cofre/sdk/webhooks';
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import { createCheckEndpoint } from './check-endpoint.js';
import { createResourceState, type ResourceState } from './resource-state.js';

/** What the receiver needs: the subscription's secret, where to keep handled ids, what to do. */
export interface ReceiverAppOptions {
  /** The subscription's signing secret, `whsec_…` (or several while you rotate). */
  secret: string | string[];
  /** SQLite file for handled message ids, claims in flight and resource state; `:memory:` in tests. */
  databaseFile: string;
  /** Your business logic, after the resource state is updated. Default: log one line per event. */
  handler?: WebhookHandler;
  /** The path the subscription (or `cofre listen --forward-to`) posts to. Default `/webhooks`. */
  path?: string;
  /**
   * Serve `GET <path>/cofre-check/…` for `cofre webhooks check` (docs/webhooks.md "Grade your
   * receiver"). Default off: turn it on where you grade the receiver, not in production.
   */
  checkEndpoint?: boolean;
}

export interface ReceiverApp {
  server: Server;
  receiver: WebhookReceiver;
  /** The latest snapshot of each resource, and how many times each message was acted on. */
  state: ResourceState;
  /** Forgets handled ids and run counts older than 30 days. */
  prune(): Promise<void>;
  /** Stops accepting, waits for handlers in flight, closes the database. */
  close(): Promise<void>;
}

const RETENTION_MS = 30 * 24 * 3600_000;

/** Logs each event; replace with your own. It must be idempotent: a crashed run is re-run. */
export const logEvent: WebhookHandler = (event, { messageId, attempt }) => {
  const again = attempt > 1 ? ` (run ${attempt})` : '';
  console.log(`${event.atTime} ${event.type} ${event.id} via ${messageId}${again}`);
};

/**
 * A node:http server with one route, `POST /webhooks`: the SDK's receiver verifies the
 * signature (either format) on the raw body, records the message id in SQLite (a duplicate is
 * answered 200 and skipped), answers 202 at once and runs the handler after: it keeps the
 * resource's latest snapshot (never an older one over a newer one) and then calls yours.
 * Messages whose handler failed or was cut short by a crash are re-run by
 * `receiver.retryExpired()`.
 */
export function createReceiverApp(options: ReceiverAppOptions): ReceiverApp {
  const db = new Database(options.databaseFile);
  db.pragma('journal_mode = WAL');
  const state = createResourceState(db);
  const handler = options.handler ?? logEvent;
  const receiver = createWebhookReceiver({
    secret: options.secret,
    store: createSqliteStore(db),
    handler: async (event, context) => {
      state.apply(event, context.messageId);
      await handler(event, context);
    },
  });
  const path = options.path ?? '/webhooks';
  const webhooks = createNodeWebhookHandler(receiver);
  const check = createCheckEndpoint(receiver, state);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === path) {
      webhooks(request, response);
      return;
    }
    if (options.checkEndpoint && pathname.startsWith(`${path}/cofre-check/`)) {
      check(pathname.slice(`${path}/cofre-check/`.length), request, response);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"NOT_FOUND"}');
  });
  return {
    server,
    receiver,
    state,
    async prune() {
      await receiver.prune(RETENTION_MS);
      state.prune(Date.now() - RETENTION_MS);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await receiver.idle();
      db.close();
    },
  };
}
