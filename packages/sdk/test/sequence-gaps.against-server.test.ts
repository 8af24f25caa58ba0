import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { waitFor, waitUntil } from '../../server/test/helpers/wait-for.js';
import { useServerWithWorker } from './helpers/against-server.js';
import {
  CofreClient,
  createMemoryStore,
  createNodeWebhookHandler,
  createSequenceTracker,
  createWebhookReceiver,
  verifyWebhookMessage,
  type WebhookHandler,
} from '../src/index.js';

// Issue 27, points 5 and 7, from the integrator's side: the receiver kit finds a gap in a
// subscription's sequence numbers and the client fetches the missed message, with its original
// id and body; a subscription bound to the client secret verifies with that secret.
describe.each(ENGINES)('the SDK’s gap detection against the server on %s', (engine) => {
  const server = useServerWithWorker(engine);

  it('reports the message a receiver missed, and fetches it by sequence with its id and body', async () => {
    const { clientId, clientSecret } = await server.t.createClient('SDK gaps');
    const cofre = new CofreClient({ baseUrl: server.baseUrl, clientId, clientSecret });
    const tracker = createSequenceTracker();
    const handled = new Map<string, string>();
    const handler: WebhookHandler = (event, { messageId, sequence }) => {
      handled.set(messageId, event.id);
      if (sequence !== null) tracker.record(sequence);
    };
    let sdkHandler: (req: IncomingMessage, res: ServerResponse) => void = (_q, s) =>
      s.writeHead(503).end();
    const answered: string[] = [];
    // The second message never reaches the handler: an outage of that one request.
    const url = await server.receiverAt((req, res) => {
      const sequence = String(req.headers['x-message-sequence']);
      answered.push(sequence);
      if (sequence === '2') return void res.writeHead(503).end();
      sdkHandler(req, res);
    });
    const sub = await cofre.subscriptions.create({
      url,
      resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
      maxConcurrency: 1,
    });
    sdkHandler = createNodeWebhookHandler(
      createWebhookReceiver({
        secret: sub.secret!,
        store: createMemoryStore(),
        respond: 'after-handler',
        handler,
      }),
    );
    for (let i = 0; i < 3; i++) await cofre.accounts.create({ type: 'CHECKING' });
    await waitFor('three deliveries answered', () => (answered.length >= 3 ? true : undefined));
    await waitFor('two handled', () => (handled.size === 2 ? true : undefined));
    expect(tracker.gaps()).toEqual([{ from: 2, to: 2 }]);
    expect(tracker.contiguousThrough).toBe(1);

    const missed = [];
    for await (const m of cofre.subscriptions.iterateMessages(sub.id, {
      afterSequence: tracker.contiguousThrough,
    }))
      missed.push(m);
    expect(missed.map((m) => m.sequence)).toEqual([2, 3]);
    const second = missed[0]!;
    expect(handled.has(second.id)).toBe(false);
    const logs = await waitUntil('the failed attempt logged', async () => {
      const page = await cofre.executionLogs.list(sub.id, { status: 'FAILED' });
      return page.data[0];
    });
    expect(logs).toMatchObject({ messageId: second.id, messageSequence: 2 });
    expect((await cofre.executionLogs.get(sub.id, logs.id)).payload).toBe(second.payload);
    tracker.record(second.sequence);
    expect(tracker.gaps()).toEqual([]);
    expect(tracker.contiguousThrough).toBe(3);
  });

  it('verifies a subscription bound to the client secret with that secret', async () => {
    const { clientId, clientSecret } = await server.t.createClient('SDK client-bound');
    const cofre = new CofreClient({ baseUrl: server.baseUrl, clientId, clientSecret });
    const verified: string[] = [];
    const url = await server.receiverAt((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const message = verifyWebhookMessage(Buffer.concat(chunks), req.headers, clientSecret);
        verified.push(`${message.format} ${message.sequence}`);
        res.writeHead(204).end();
      });
    });
    const sub = await cofre.subscriptions.create({
      url,
      resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
      signingKey: 'client-secret',
      signatureFormat: 'standard-webhooks',
    });
    expect(sub).toMatchObject({ signingKey: 'client-secret', signingClientId: clientId });
    await cofre.accounts.create({ type: 'CHECKING' });
    await waitFor('a verified delivery', () => (verified.length === 1 ? true : undefined));
    expect(verified).toEqual(['standard-webhooks 1']);
    await expect(cofre.subscriptions.rotateSecret(sub.id)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });
});
