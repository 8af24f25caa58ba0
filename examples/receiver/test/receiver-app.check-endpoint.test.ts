import { generateWebhookSecret, signTestWebhook } from '@cofre/sdk/webhooks';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReceiverApp, type ReceiverApp } from '../src/receiver-app.js';

const SECRET = generateWebhookSecret();

const event = (id: string, type: string, atTime: string, status: string) => ({
  id,
  type,
  resource: 'OPERATION',
  atTime,
  data: { id: 'op_1', status },
});

let app: ReceiverApp | undefined;
afterEach(() => app?.close());

async function start(checkEndpoint?: boolean) {
  app = createReceiverApp({
    secret: SECRET,
    databaseFile: ':memory:',
    handler: () => {},
    ...(checkEndpoint === undefined ? {} : { checkEndpoint }),
  });
  await new Promise<void>((resolve) => app!.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`;
}

describe('the example receiver’s check endpoint (cofre webhooks check)', () => {
  it('is not served unless asked for', async () => {
    const url = await start();
    const response = await fetch(`${url}/cofre-check/messages/msg_1`);
    expect(response.status).toBe(404);
  });

  it('reports how often each message was acted on and the newest state, whatever the arrival order', async () => {
    const url = await start(true);
    const completed = signTestWebhook({
      secret: SECRET,
      messageId: 'msg_2',
      payload: event('evt_2', 'OPERATION_COMPLETED', '2026-11-22T08:56:36.000Z', 'COMPLETED'),
    });
    const requested = signTestWebhook({
      secret: SECRET,
      messageId: 'msg_1',
      payload: event('evt_1', 'OPERATION_REQUESTED', '2026-11-22T08:56:33.000Z', 'REQUESTED'),
    });
    for (const delivery of [completed, requested, completed]) {
      await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    }
    const read = async (path: string) => (await fetch(`${url}/cofre-check/${path}`)).json();
    expect(await read('messages/msg_2')).toEqual({ processed: 1 });
    expect(await read('messages/msg_1')).toEqual({ processed: 1 });
    expect(await read('messages/msg_never')).toEqual({ processed: 0 });
    expect(await read('resources/op_1')).toEqual({ status: 'COMPLETED' });
    expect(await read('resources/op_never')).toEqual({ status: null });
    expect(app!.state.statusOf('op_1')).toBe('COMPLETED');
  });
});
