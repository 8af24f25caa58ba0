import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * Once the server starts closing, a request that still arrives (pipelined, or on a busy
 * keep-alive connection) is answered 503 as a problem document with X-Request-Id and
 * `Connection: close`, so the client retries elsewhere. Replaces Fastify's `return503OnClosing`,
 * whose body is its own JSON, not problem+json. Register before any route.
 */
export function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    done(
      new AppError('SERVICE_UNAVAILABLE', {
        detail: 'The server is shutting down; retry the request.',
        headers: { 'retry-after': '1' },
      }),
    );
  });
}
