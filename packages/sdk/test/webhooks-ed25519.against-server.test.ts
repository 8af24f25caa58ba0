import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { waitFor, waitUntil } from '../../server/test/helpers/wait-for.js';
import { type RequestHandler, useServerWithWorker } from './helpers/against-server.js';
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
  const server = useServerWithWorker(engine);

  it('verifies deliveries with subscriptions.keys(id) and has no secret to read', async () => {
    const { clientId, clientSecret } = await server.t.createClient('SDK Ed25519');
    const cofre = new CofreClient({ baseUrl: server.baseUrl, clientId, clientSecret });
    const handled: WebhookEvent[] = [];
    let handle: RequestHandler = (_req, res) => res.writeHead(503).end();
    const url = await server.receiverAt((req, res) => handle?.(req, res));

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
