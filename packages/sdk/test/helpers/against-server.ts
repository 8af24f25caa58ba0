import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/helpers/test-app.js';
import type { ENGINES } from '../../../server/test/helpers/test-db.js';

type Engine = (typeof ENGINES)[number];

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface AgainstServer {
  /** The server under test (its app, its database, its helpers). */
  readonly t: TestApp;
  /** Where the SDK reaches it: a real listening socket on loopback. */
  readonly baseUrl: string;
  /**
   * A webhook receiver on loopback handing each request to `handle`, closed after the file's
   * tests; answers its `/webhooks` URL.
   */
  receiverAt(handle: RequestHandler): Promise<string>;
}

/**
 * For SDK tests against the real server: a cofre server with its worker, listening on
 * loopback, that delivers to loopback receivers (COFRE_ALLOW_LOCAL_WEBHOOKS) and leaves the
 * sandbox's later lifecycle steps for an hour so only the test's own events are sent. Started
 * before the file's tests and stopped, with every receiver, after them.
 */
export function useServerWithWorker(engine: Engine): AgainstServer {
  let t: TestApp | undefined;
  let baseUrl: string | undefined;
  const receivers: Server[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, {
      worker: true,
      env: {
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
        COFRE_WORKER_POLL_MS: '200',
      },
    });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const server of receivers) await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });
  return {
    get t() {
      if (t === undefined) throw new Error('the server starts in beforeAll');
      return t;
    },
    get baseUrl() {
      if (baseUrl === undefined) throw new Error('the server starts in beforeAll');
      return baseUrl;
    },
    async receiverAt(handle) {
      const server = createServer(handle);
      receivers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    },
  };
}
