import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { onRequestStep } from '../lib/request-pipeline.js';

/**
 * Two HTTP rules Node enforces itself, answering with an empty body and no X-Request-Id. The app
 * enforces them instead (with `http: { requireHostHeader: false }` in the Fastify options), so
 * their answers are problem documents like every other:
 * - an HTTP/1.1 request without `Host` is a 400 (RFC 9112 §3.2);
 * - an `Expect` other than `100-continue` is ignored, which RFC 9110 §10.1.1 allows (a 417 is
 *   only a MAY), rather than refused with Node's bare 417.
 */
export function registerHttpProtocol(app: FastifyInstance): void {
  app.server.on('checkExpectation', (req, res) => app.routing(req, res));
  onRequestStep(app, (request) => {
    const raw = request.raw;
    const http11 = raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1;
    if (http11 && request.headers.host === undefined) {
      return new AppError('MALFORMED_REQUEST', {
        detail: 'An HTTP/1.1 request needs a Host header (RFC 9112 §3.2).',
      });
    }
    return undefined;
  });
}
