import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './metrics.js';
import { onResponseStep } from '../lib/request-pipeline.js';

/** Label of requests that matched no route (404s of any URL): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Observes every response in `cofre_http_request_duration_seconds`, labelled by the route's
 * template (`/v1/accounts/:accountId`), never the URL: ids in URLs would make a series each.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  onResponseStep(app, (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
