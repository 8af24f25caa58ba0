import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_PATH } from './metrics-route.js';
import type { MetricsScrape } from './metrics-scrape.js';

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The metrics listener of COFRE_METRICS_PORT: GET /metrics and nothing else, on its own address
 * (COFRE_METRICS_HOST), so it can stay off the public ingress; the only HTTP a `cofre worker`
 * serves. No request log: a scrape every few seconds would drown the log.
 */
export async function startMetricsServer(
  scrape: MetricsScrape,
  options: { host: string; port: number },
  onError: (error: unknown) => void,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrape.render().then(
      (body) => {
        response.writeHead(200, { 'content-type': scrape.contentType });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  // Scrapers keep connections alive; closing must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
