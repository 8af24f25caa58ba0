import { randomBytes } from 'node:crypto';

// Per-process random prefix + counter: unique across processes, and far cheaper per request
// than drawing random bytes each time.
const PROCESS_PREFIX = `req_${randomBytes(6).toString('base64url')}`;
let counter = 0;
const COUNTER_SPAN = 36 ** 8;
import type { FastifyInstance } from 'fastify';
import { onRequestStep } from '../lib/request-pipeline.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's own X-Request-Id is kept when it is safe to log; otherwise one is made. */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === 'string' && SAFE_ID.test(header)) return header;
  counter = (counter + 1) % COUNTER_SPAN;
  return `${PROCESS_PREFIX}${counter.toString(36).padStart(8, '0')}`;
}

/** Echoes the request id on every response, errors and 404s included. */
export function registerRequestId(app: FastifyInstance): void {
  onRequestStep(app, (request, reply) => {
    void reply.header('x-request-id', request.id);
    return undefined;
  });
}
