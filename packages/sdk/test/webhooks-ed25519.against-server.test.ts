import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { waitFor, waitUntil } from '../../server/test/helpers/wait-for.js';
import {
  CofreApiError,
  CofreClient,
  createMemoryStore,
  createNodeWebhookHandler,
  createWebhookReceiver,
  type WebhookEvent,
} from '../src/index.js';

// Issue 27, point 6: a receiver built with the SDK verifies an Ed25519 subscription's
// deliveries with the JWKS the SDK fetched, holding no secret at all.
describe.each(ENGINES)('the SDK receiver and an Ed25519 subscription on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let receiverServer: Server | undefined;
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
    await new Promise((resolve) => receiverServer?.close(resolve));
    await t.close();
  });

  it('verifies deliveries with subscriptions.keys(id) and has no secret to read', async () => {
    const { clientId, clientSecret } = await t.createClient('SDK Ed25519');
    const cofre = new CofreClient({ baseUrl, clientId, clientSecret });
    const handled: WebhookEvent[] = [];
    let handle: Parameters<typeof createServer>[1] = (_req, res) => res.writeHead(503).end();
    receiverServer = createServer((req, res) => handle?.(req, res));
    await new Promise<void>((resolve) => receiverServer!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/webhooks`;

    const sub = await cofre.subscriptions.create({
      url,
      resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
      signatureFormat: 'standard-webhooks',
      signingKey: 'ed25519',
    });
    expect(sub.secret).toBeUndefined();
    const jwks = await cofre.subscriptions.keys(sub.id);
    expect(jwks.keys.map((k) => k.kid)).toEqual([sub.keyId]);
    const refused = await cofre.subscriptions.secret(sub.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CofreApiError);
    expect((refused as CofreApiError).code).toBe('INVALID_STATE');

    handle = createNodeWebhookHandler(
      createWebhookReceiver({
        secret: jwks,
        store: createMemoryStore(),
        handler: (event) => void handled.push(event),
      }),
    );
    const account = await cofre.accounts.create({ type: 'CHECKING' });
    await waitFor('the delivery handled', () => (handled.length === 1 ? true : undefined));
    expect(handled[0]).toMatchObject({ type: 'ACCOUNT_CREATED', data: { id: account.id } });
    // The attempt is recorded once the receiver has answered.
    const log = await waitUntil('the attempt logged', async () => {
      return (await cofre.executionLogs.list(sub.id)).data[0];
    });
    expect(log).toMatchObject({ status: 'SUCCESS' });
  });
});
