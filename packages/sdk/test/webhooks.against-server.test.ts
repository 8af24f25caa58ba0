import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { waitFor, waitUntil } from '../../server/test/helpers/wait-for.js';
import { useServerWithWorker } from './helpers/against-server.js';
import {
  CofreClient,
  createMemoryStore,
  createNodeWebhookHandler,
  createWebhookReceiver,
  type WebhookEvent,
} from '../src/index.js';

describe.each(ENGINES)(
  'the SDK’s webhook resources and receiver against the server on %s',
  (engine) => {
    const server = useServerWithWorker(engine);

    it('subscribes, receives through the middleware, reads the log, resends and recovers', async () => {
      const { clientId, clientSecret } = await server.t.createClient('SDK webhooks');
      const cofre = new CofreClient({ baseUrl: server.baseUrl, clientId, clientSecret });

      // The receiver: the SDK's middleware, failing its handler while `failing` is set (500, so
      // the attempt is recorded FAILED and the claim released for the resend).
      let failing = true;
      const handled: WebhookEvent[] = [];
      let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
        res.writeHead(503).end();
      const url = await server.receiverAt((req, res) => handle(req, res));

      const sub = await cofre.subscriptions.create({
        url,
        resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
        maxConcurrency: 1,
      });
      handle = createNodeWebhookHandler(
        createWebhookReceiver({
          // The subscription's own secret once the server issues one; until then deliveries are
          // signed with the key derived from the client secret (the deprecated form).
          secret: typeof sub.secret === 'string' ? sub.secret : clientSecret,
          store: createMemoryStore(),
          respond: 'after-handler',
          onError: () => undefined,
          handler: (event) => {
            if (failing) throw new Error('not yet');
            handled.push(event);
          },
        }),
      );
      expect(await cofre.subscriptions.get(sub.id)).toMatchObject({ id: sub.id, url });
      const listed = await cofre.subscriptions.list();
      expect(listed.data.map((s) => s.id)).toEqual([sub.id]);

      // 1. A delivery the handler fails: the execution log shows it, with the exact body sent.
      const since = new Date(Date.now() - 1_000).toISOString();
      const first = await cofre.accounts.create({ type: 'CHECKING' });
      const failed = await waitUntil('a failed attempt', async () => {
        const page = await cofre.executionLogs.list(sub.id, { status: 'FAILED' });
        return page.data[0];
      });
      expect(failed).toMatchObject({
        subscriptionId: sub.id,
        httpStatus: 500,
        trigger: 'AUTOMATIC',
      });
      const detail = await cofre.executionLogs.get(sub.id, failed.id);
      expect(JSON.parse(detail.payload)).toMatchObject({
        type: 'ACCOUNT_CREATED',
        data: { id: first.id },
      });
      expect(detail.responseBody).toContain('HANDLER_FAILED');

      // 2. Resend it once the handler works: the same message, handled once.
      failing = false;
      await cofre.executionLogs.resend(sub.id, failed.id);
      await waitFor('the resent message handled', () => (handled.length === 1 ? true : undefined));
      expect(handled[0]).toMatchObject({ data: { id: first.id } });

      // 3. Another failure, then recover everything that failed since the start: only that one.
      failing = true;
      const second = await cofre.accounts.create({ type: 'SAVING' });
      await waitUntil('a second failed attempt', async () => {
        const page = await cofre.executionLogs.list(sub.id, { status: 'FAILED' });
        return page.data.length === 2 ? true : undefined;
      });
      failing = false;
      expect(await cofre.subscriptions.recover(sub.id, { since })).toEqual({ queued: 1 });
      await waitFor('the recovered message handled', () =>
        handled.length === 2 ? true : undefined,
      );
      expect(handled[1]).toMatchObject({ data: { id: second.id } });

      // The attempt is logged once the receiver has answered: wait for the fourth.
      const attempts = await waitUntil('four logged attempts', async () => {
        const all = [];
        for await (const log of cofre.executionLogs.iterate(sub.id, { limit: 1 })) all.push(log);
        return all.length === 4 ? all : undefined;
      });
      expect(attempts.map((l) => `${l.trigger} ${l.status}`).sort()).toEqual([
        'AUTOMATIC FAILED',
        'AUTOMATIC FAILED',
        'RESEND SUCCESS',
        'RESEND SUCCESS',
      ]);
      const health = await cofre.subscriptions.health(sub.id);
      expect(health).toMatchObject({ subscriptionId: sub.id, pendingMessages: 0 });

      expect((await cofre.subscriptions.update(sub.id, { status: 'PAUSED' })).status).toBe(
        'PAUSED',
      );
      await cofre.subscriptions.delete(sub.id);
      await expect(cofre.subscriptions.get(sub.id)).rejects.toMatchObject({
        code: 'RESOURCE_NOT_FOUND',
      });
    });
  },
);
