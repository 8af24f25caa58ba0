import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAllListenProcesses, startListenProcess } from '../helpers/listen-process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { header, openAccount, patchSubscription } from '../helpers/webhook-api.js';

// Issue 27, point 6: `cofre listen` resumes a listen subscription that signs with Ed25519 (it
// has no secret to show, so the CLI shows its public key) and relays v1a-signed deliveries.
describe.each(ENGINES)('cofre listen and an Ed25519 subscription on %s', (engine) => {
  let t: TestApp;
  let apiUrl: string;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      worker: true,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: '3600000', COFRE_WORKER_POLL_MS: '200' },
    });
    apiUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await killAllListenProcesses();
    await receiver?.close();
    await t?.close();
  }, 60_000);

  it('shows the public key on resume and relays deliveries that verify with the JWKS', async () => {
    const credentials = await t.createClient('Ed25519 listener');
    const token = await t.token(credentials);
    const created = await t.as(token, {
      method: 'POST',
      url: '/v1/listen',
      payload: { events: ['ACCOUNT_CREATED'], signatureFormat: 'standard-webhooks' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const patched = await patchSubscription(t, token, id, { signingKey: 'ed25519' });
    expect(patched.statusCode, patched.body).toBe(200);
    const publicKey = patched.json<{ publicKey: string }>().publicKey;

    const cli = await startListenProcess(
      ['--forward-to', `${receiver.url}/webhooks`, '--api-url', apiUrl, '--subscription', id],
      credentials,
    );
    await cli.waitForStderr(`Public key: ${publicKey}`);
    await cli.waitForStderr('Ready');

    await openAccount(t, token);
    const [delivery] = await receiver.waitForRequests(1);
    const signature = header(delivery!, 'webhook-signature');
    expect(signature).toMatch(/^v1a,/);
    const jwks = await t.as(token, { method: 'GET', url: `/v1/subscriptions/${id}/keys` });
    const [jwk] = jwks.json<{ keys: { x: string }[] }>().keys;
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk!.x }, format: 'jwk' });
    const content = `${header(delivery!, 'webhook-id')}.${header(delivery!, 'webhook-timestamp')}.${delivery!.body}`;
    expect(verify(null, Buffer.from(content), key, Buffer.from(signature.slice(4), 'base64'))).toBe(
      true,
    );
  });
});
