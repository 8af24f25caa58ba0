import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readRawBody } from './read-raw-body.js';
import type { WebhookReceipt, WebhookReceiver } from './webhook-receiver.js';

/**
 * Options of the node:http and Express adapters.
 *
 * @example
 * ```ts
 * const options: WebhookAdapterOptions = { maxBodyBytes: 256 * 1024 };
 * ```
 */
export interface WebhookAdapterOptions {
  /** Larger bodies are answered 413 unread. Default 1 MiB (cofre events are a few KiB). */
  maxBodyBytes?: number | undefined;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * A node:http request listener for a webhook endpoint: reads the raw body, lets the receiver
 * verify, deduplicate and run the handler, and writes its answer as JSON. Anything but POST is
 * 405. Mount it on the path you gave the subscription.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createNodeWebhookHandler } from '@cofre/sdk/webhooks';
 *
 * const webhooks = createNodeWebhookHandler(receiver);
 * createServer((req, res) => {
 *   if (req.url === '/webhooks') return webhooks(req, res);
 *   res.writeHead(404).end();
 * }).listen(3000);
 * ```
 */
export function createNodeWebhookHandler(
  receiver: WebhookReceiver,
  options: WebhookAdapterOptions = {},
): (request: IncomingMessage, response: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (request, response) => {
    if (request.method !== 'POST') {
      writeReceipt(
        response,
        { status: 405, body: { error: 'METHOD_NOT_ALLOWED' } },
        { allow: 'POST' },
      );
      return;
    }
    readRawBody(request, limit)
      .then((raw) => receiver.receive(raw, request.headers))
      .then(
        (receipt) => writeReceipt(response, receipt),
        (error: unknown) => writeFailure(response, error),
      );
  };
}

/** Writes a receipt as a JSON answer. */
export function writeReceipt(
  response: ServerResponse,
  receipt: WebhookReceipt,
  headers: Record<string, string> = {},
): void {
  response.writeHead(receipt.status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(receipt.body));
}

/** A body too large is 413; anything else (the store failed) is 500, so the sender retries. */
export function writeFailure(response: ServerResponse, error: unknown): void {
  if (error instanceof BodyTooLargeError) {
    // Close the connection: the rest of the body is not read.
    writeReceipt(
      response,
      { status: 413, body: { error: 'BODY_TOO_LARGE' } },
      { connection: 'close' },
    );
    return;
  }
  console.error('cofre webhook receiver failed:', error);
  writeReceipt(response, { status: 500, body: { error: 'RECEIVER_FAILED' } });
}
