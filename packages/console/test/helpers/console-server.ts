import { randomBytes } from 'node:crypto';
import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type CofreProcess,
} from '../../../server/test/helpers/cofre-process.js';
import { createTestDatabase, type TestDatabase } from '../../../server/test/helpers/test-db.js';
import type { Engine } from '../../../server/src/db/database.js';

const LISTENING = 'Server listening at ';

export interface ConsoleServer {
  /** http://127.0.0.1:<port> */
  base: string;
  adminToken: string;
  process: CofreProcess;
  database: TestDatabase;
  /** A new customer with one API client, made through the back-office API. */
  createCustomer(
    name: string,
  ): Promise<{ customerId: string; clientId: string; clientSecret: string }>;
  /** A request to the back-office with the admin token. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * A real `cofre serve` (API, worker and sandbox simulator in one process, as `npm start` runs it)
 * on a fresh database of `engine`, listening on 127.0.0.1, with the back-office on and fast
 * sandbox steps, and local webhook receivers allowed (tests only).
 */
export async function startConsoleServer(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<ConsoleServer> {
  const database = await createTestDatabase(engine);
  const adminToken = randomBytes(24).toString('base64url');
  const server = await startCofreProcess(
    'serve',
    {
      HOST: '127.0.0.1',
      PORT: '0',
      COFRE_DATABASE_URL: database.url,
      COFRE_ADMIN_TOKEN: adminToken,
      COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_SANDBOX_STEP_DELAY_MS: '300',
      COFRE_WEBHOOK_RETRY_DELAY_MS: '1000',
      COFRE_WORKER_POLL_MS: '100',
      ...env,
    },
    (line) =>
      typeof line.msg === 'string' && line.msg.startsWith(LISTENING)
        ? line.msg.slice(LISTENING.length)
        : undefined,
    { timeoutMs: 30_000 },
  );
  const base = server.ready;
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  return {
    base,
    adminToken,
    process: server,
    database,
    admin,
    async createCustomer(name) {
      const response = await admin('/admin/v1/customers', {
        method: 'POST',
        body: JSON.stringify({ name }),
      });
      if (response.status !== 201)
        throw new Error(`creating a customer: ${response.status} ${await response.text()}`);
      return (await response.json()) as {
        customerId: string;
        clientId: string;
        clientSecret: string;
      };
    },
    async stop() {
      await stopCofreProcess(server).catch(() => killAllCofreProcesses());
      await database.drop();
    },
  };
}

/**
 * An access token of a customer's client, from the token endpoint (for what a test does through
 * the API beside the browser); fails the test when the credentials get none.
 */
export async function accessTokenFor(
  base: string,
  credentials: { clientId: string; clientSecret: string },
): Promise<string> {
  const answer = await fetch(`${base}/v1/oauth/client/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
    }),
  });
  if (answer.status !== 200) {
    throw new Error(`the token endpoint answered ${answer.status}: ${await answer.text()}`);
  }
  return ((await answer.json()) as { accessToken: string }).accessToken;
}
