import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's own X-Request-Id is kept when it is safe to log; otherwise one is made. */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === 'string' && SAFE_ID.test(header)) return header;
  return `req_${randomBytes(12).toString('base64url')}`;
}

/** Echoes the request id on every response, errors and 404s included. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}
