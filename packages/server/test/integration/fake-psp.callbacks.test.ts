import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPix } from '../../src/rails/pix/psp/api-pix.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import { httpsPspTransport } from '../../src/rails/pix/psp/https-psp-transport.js';
import type { PspTransport } from '../../src/rails/pix/psp/psp-transport.js';
import { startFakePsp, type FakePsp } from '../helpers/pix/fake-psp.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const TXID = '01JQ7Z8X9Y0A1B2C3D4E5F6G7H';
const SECRET = 'a'.repeat(40);

/**
 * The fake PSP's callbacks, which the rail's tests rely on: the API Pix notification
 * (POST {webhookUrl}/pix with {pix: [...]}) reaches cofre at the callback origin, can be
 * delivered again, carries refunds when they settle, and conforms to WebhookPixBody.
 */
describe('the fake PSP notifies the registered webhook', () => {
  let psp: FakePsp;
  let receiver: Receiver;
  let transport: PspTransport;
  let client: ApiPix;

  beforeAll(async () => {
    receiver = await startReceiver();
    psp = await startFakePsp({
      callbackOrigin: receiver.url,
      refundsSettleAs: { status: 'DEVOLVIDO', notify: true },
    });
    transport = httpsPspTransport(psp.transportOptions());
    client = apiPixClient(transport);
    await client.putWebhook(psp.pixKey, `https://cofre.example/rails/pix/webhook/${SECRET}`);
  });
  afterAll(async () => {
    await transport?.close();
    await psp?.close();
    await receiver?.close();
  });

  it('posts the paid Pix to {webhookUrl}/pix on the callback origin, and again when asked', async () => {
    await client.putCharge(TXID, { expiracao: 600, valor: '12.50', chave: psp.pixKey });
    const e2e = await psp.pay(TXID, { notify: true });
    expect(await psp.notify(e2e, 2)).toEqual([200, 200]);
    const posts = await receiver.waitForRequests(3);
    expect(posts.map((p) => `${p.method} ${p.path}`)).toEqual(
      Array(3).fill(`POST /rails/pix/webhook/${SECRET}/pix`),
    );
    expect(JSON.parse(posts[0]!.body)).toMatchObject({
      pix: [{ endToEndId: e2e, txid: TXID, valor: '12.50' }],
    });
    expect(psp.violations()).toEqual([]);
  });

  it('settles a refund by itself when told to, and notifies the Pix with its devolucoes', async () => {
    const e2e = psp.received()[0]!.endToEndId;
    const refund = await client.putRefund(e2e, 'R1', { valor: '2.50' });
    expect(refund).toMatchObject({ kind: 'ok', body: { status: 'EM_PROCESSAMENTO' } });
    const posts = await receiver.waitForRequests(4);
    expect(JSON.parse(posts[3]!.body)).toMatchObject({
      pix: [{ endToEndId: e2e, devolucoes: [{ id: 'R1', status: 'DEVOLVIDO' }] }],
    });
    expect(await client.getRefund(e2e, 'R1')).toMatchObject({
      kind: 'ok',
      body: { status: 'DEVOLVIDO' },
    });
    expect(psp.violations()).toEqual([]);
  });

  it('never notifies a Pix without a txid (API Pix notifies Pix associated with a txid only)', () => {
    const before = psp.notifications().length;
    const e2e = psp.payWithoutTxid('7.00');
    expect(psp.received().find((p) => p.endToEndId === e2e)?.txid).toBeUndefined();
    expect(psp.notifications()).toHaveLength(before);
  });
});
