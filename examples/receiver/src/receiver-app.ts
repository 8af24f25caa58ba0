import {
  createNodeWebhookHandler,
  createSqliteStore,
  createWebhookReceiver,
  type WebhookHandler,
  type WebhookReceiver,
} from '@cofre/sdk/webhooks';
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';

/** What the receiver needs: the subscription's secret, where to keep handled ids, what to do. */
export interface ReceiverAppOptions {
  /** The subscription's signing secret, `whsec_…` (or several while you rotate). */
  secret: string | string[];
  /** SQLite file for handled message ids and claims in flight; `:memory:` in tests. */
  databaseFile: string;
  /** Your business logic. Default: log one line per event. */
  handler?: WebhookHandler;
  /** The path the subscription (or `cofre listen --forward-to`) posts to. Default `/webhooks`. */
  path?: string;
}

export interface ReceiverApp {
  server: Server;
  receiver: WebhookReceiver;
  /** Stops accepting, waits for handlers in flight, closes the database. */
  close(): Promise<void>;
}

/** Logs each event; replace with your own. It must be idempotent: a crashed run is re-run. */
export const logEvent: WebhookHandler = (event, { messageId, attempt }) => {
  const again = attempt > 1 ? ` (run ${attempt})` : '';
  console.log(`${event.atTime} ${event.type} ${event.id} via ${messageId}${again}`);
};

/**
 * A node:http server with one route, `POST /webhooks`: the SDK's receiver verifies the
 * signature (either format) on the raw body, records the message id in SQLite (a duplicate is
 * answered 200 and skipped), answers 202 at once and runs the handler after. Messages whose
 * handler failed or was cut short by a crash are re-run by `receiver.retryExpired()`.
 */
export function createReceiverApp(options: ReceiverAppOptions): ReceiverApp {
  const db = new Database(options.databaseFile);
  db.pragma('journal_mode = WAL');
  const receiver = createWebhookReceiver({
    secret: options.secret,
    store: createSqliteStore(db),
    handler: options.handler ?? logEvent,
  });
  const path = options.path ?? '/webhooks';
  const webhooks = createNodeWebhookHandler(receiver);
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname === path) {
      webhooks(request, response);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"NOT_FOUND"}');
  });
  return {
    server,
    receiver,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await receiver.idle();
      db.close();
    },
  };
}
