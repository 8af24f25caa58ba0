import { generateWebhookSecret, signTestWebhook, type WebhookEvent } from '@cofre/sdk/webhooks';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReceiverApp, type ReceiverApp } from '../src/receiver-app.js';

const SECRET = generateWebhookSecret();
const dir = mkdtempSync(join(tmpdir(), 'cofre-receiver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event = (id: string) => ({
  id,
  type: 'OPERATION_COMPLETED',
  resource: 'OPERATION',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'op_1' },
});

async function start(databaseFile: string, seen: WebhookEvent[]) {
  const app = createReceiverApp({
    secret: SECRET,
    databaseFile,
    handler: (e) => {
      seen.push(e);
    },
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`;
  const post = async (signed: { body: string; headers: Record<string, string> }) => {
    const response = await fetch(url, {
      method: 'POST',
      body: signed.body,
      headers: signed.headers,
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };
  return { app, post };
}

describe('the example receiver', () => {
  let app: ReceiverApp | undefined;
  afterAll(() => app?.close());

  it('handles a delivery in either format once, refuses a forged one, and remembers across a restart', async () => {
    const file = join(dir, 'webhooks.db');
    const seen: WebhookEvent[] = [];
    const first = await start(file, seen);
    app = first.app;
    const cofre = signTestWebhook({ secret: SECRET, payload: event('evt_1'), messageId: 'msg_1' });
    const standard = signTestWebhook({
      secret: SECRET,
      payload: event('evt_2'),
      messageId: 'msg_2',
      format: 'standard-webhooks',
    });
    expect(await first.post(cofre)).toEqual({ status: 202, body: { status: 'accepted' } });
    expect(await first.post(standard)).toEqual({ status: 202, body: { status: 'accepted' } });
    expect(await first.post({ ...cofre, body: cofre.body.replace('op_1', 'op_9') })).toEqual({
      status: 400,
      body: { error: 'NO_MATCHING_SIGNATURE' },
    });
    await first.app.receiver.idle();
    expect(seen.map((e) => e.id)).toEqual(['evt_1', 'evt_2']);
    await first.app.close();

    // A restart on the same file: the redelivery is recognised, not run again.
    const second = await start(file, seen);
    app = second.app;
    expect(await second.post(cofre)).toEqual({ status: 200, body: { status: 'duplicate' } });
    await second.app.receiver.idle();
    expect(seen).toHaveLength(2);
  });
});
