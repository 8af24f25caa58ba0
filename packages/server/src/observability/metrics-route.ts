import type { FastifyInstance } from 'fastify';
import type { MetricsScrape } from './metrics-scrape.js';

/** Where Prometheus scrapes, on the main port or the metrics listener (metrics-server.ts). */
export const METRICS_PATH = '/metrics';

/** GET /metrics on the main port (when COFRE_METRICS_PORT is not set). Hidden from the OpenAPI document. */
export function registerMetricsRoute(app: FastifyInstance, scrape: MetricsScrape): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const body = await scrape.render();
    return reply.header('content-type', scrape.contentType).send(body);
  });
}
