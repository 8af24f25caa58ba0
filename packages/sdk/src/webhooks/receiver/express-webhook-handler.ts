import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_MAX_BODY_BYTES,
  writeFailure,
  writeReceipt,
  type WebhookAdapterOptions,
} from './node-webhook-handler.js';
import { readRawBody } from './read-raw-body.js';
import type { WebhookReceiver } from './webhook-receiver.js';

/**
 * The part of an Express request the adapter reads: Node's request, plus `body` when a body
 * parser ran before it. Express's own `Request` fits; the SDK does not depend on Express.
 *
 * @example
 * ```ts
 * const req: ExpressLikeRequest = expressRequest;
 * ```
 */
export type ExpressLikeRequest = IncomingMessage & { body?: unknown };

/**
 * Express middleware for a webhook endpoint. Mount it **before** `express.json()` (or with
 * `express.raw({ type: 'application/json' })` in front of it): the signature covers the raw
 * bytes, so a body already parsed into an object cannot be verified and is answered 500 with a
 * message saying so.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createExpressWebhookHandler } from '@cofre/sdk/webhooks';
 *
 * const app = express();
 * app.post('/webhooks', createExpressWebhookHandler(receiver)); // before app.use(express.json())
 * app.use(express.json());
 * ```
 */
export function createExpressWebhookHandler(
  receiver: WebhookReceiver,
  options: WebhookAdapterOptions = {},
): (
  request: ExpressLikeRequest,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (request, response, next) => {
    const { body } = request;
    let raw: Promise<Buffer | string>;
    if (Buffer.isBuffer(body) || typeof body === 'string') raw = Promise.resolve(body);
    else if (body === undefined || (request.readable && !request.readableEnded))
      raw = readRawBody(request, limit);
    else {
      next(
        new Error(
          'The webhook body was already parsed: mount the cofre webhook handler before express.json(), or put express.raw({ type: "application/json" }) in front of it.',
        ),
      );
      return;
    }
    raw
      .then((bytes) => receiver.receive(bytes, request.headers))
      .then(
        (receipt) => writeReceipt(response, receipt),
        (error: unknown) => writeFailure(response, error),
      );
  };
}
