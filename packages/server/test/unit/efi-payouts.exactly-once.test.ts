import { beforeEach, describe, expect, it } from 'vitest';
import { PspUnavailable } from '../../src/rails/pix/psp/api-pix.js';
import { efiPayouts } from '../../src/rails/pix/payouts/efi/efi-payouts.js';
import type {
  PixPayoutAdapter,
  PixPayoutOrder,
} from '../../src/rails/pix/payouts/pix-payout-adapter.js';
import { fakeEfiPayouts, type FakeEfiPayouts } from '../helpers/pix/fake-efi-payouts.js';
import { stubPspTransport, type StubPspTransport } from '../helpers/pix/fake-psp-transport.js';

// Issue 26 point 4: a payout sent under a cofre-chosen idEnvio pays once, however often it is
// sent, and a send whose answer was lost is found again by reading it back.
const ORIGIN = 'https://pix.efi.test';
const HOUSE_KEY = 'a1f4102e-a446-4a57-bcce-6fa48899c1d1';
const ID = '01JDX4Y7Z8ABCDEFGHJKMNPQRS';
const toKey: PixPayoutOrder = {
  amount: '12.50',
  payerKey: HOUSE_KEY,
  to: { key: 'maria@example.com' },
  description: 'Saque 01JDX4Y7Z8',
};

let efi: FakeEfiPayouts;
let transport: StubPspTransport;
let adapter: PixPayoutAdapter;

beforeEach(() => {
  efi = fakeEfiPayouts({ payerKey: HOUSE_KEY, now: () => new Date('2026-11-26T12:00:00Z') });
  transport = stubPspTransport(ORIGIN, efi.routes);
  // COFRE_PIX_PSP_URL is Efí's API Pix base, under /v2; payouts live beside it.
  adapter = efiPayouts(transport, { pspUrl: `${ORIGIN}/v2` });
});

describe('the Efí payout adapter, exactly once', () => {
  it('sends to a key under the idEnvio from the PSP origin and answers PROCESSING with the e2e id', async () => {
    const state = await adapter.send(ID, toKey);
    expect(state).toEqual({ state: 'PROCESSING', endToEndId: efi.sent()[0]!.endToEndId });
    expect(transport.calls).toEqual([`PUT /v3/gn/pix/${ID}`]);
    expect(efi.sent()[0]).toMatchObject({
      valor: '12.50',
      payerKey: HOUSE_KEY,
      to: 'maria@example.com',
    });
    expect(efi.sent()[0]!.infoPagador).toBe('Saque 01JDX4Y7Z8');
    expect(efi.violations).toEqual([]);
  });

  it('answers a second send of the same idEnvio with the first one’s state and pays nothing more', async () => {
    const first = await adapter.send(ID, toKey);
    const second = await adapter.send(ID, toKey);
    expect(second).toEqual(first);
    expect(efi.sends(ID)).toBe(2);
    expect(efi.paid(ID)).toBe(1);
    expect(transport.calls).toEqual([
      `PUT /v3/gn/pix/${ID}`,
      `PUT /v3/gn/pix/${ID}`,
      `GET /v2/gn/pix/enviados/id-envio/${ID}`,
    ]);
  });

  it('answers a repeated send after settlement with the settled state', async () => {
    await adapter.send(ID, toKey);
    efi.settle(ID, 'COMPLETED');
    expect(await adapter.send(ID, toKey)).toEqual({
      state: 'COMPLETED',
      endToEndId: efi.sent()[0]!.endToEndId,
    });
    expect(efi.paid(ID)).toBe(1);
  });

  it('throws PspUnavailable when Efí took the send and the answer was lost, and the read-back finds it', async () => {
    efi.failNext(1, { when: 'after' });
    await expect(adapter.send(ID, toKey)).rejects.toBeInstanceOf(PspUnavailable);
    expect(await adapter.lookup(ID)).toEqual({
      state: 'PROCESSING',
      endToEndId: efi.sent()[0]!.endToEndId,
    });
    expect(efi.paid(ID)).toBe(1);
  });

  it('throws PspUnavailable on a 5xx before anything was paid, and the read-back says NOT_FOUND', async () => {
    efi.failNext(1);
    await expect(adapter.send(ID, toKey)).rejects.toBeInstanceOf(PspUnavailable);
    expect(await adapter.lookup(ID)).toEqual({ state: 'NOT_FOUND' });
    expect(await adapter.send(ID, toKey)).toMatchObject({ state: 'PROCESSING' });
    expect(efi.paid(ID)).toBe(1);
  });

  it('lets a timeout of the send or of the read-back through as PspUnavailable, without retrying', async () => {
    transport.failNext(1);
    await expect(adapter.send(ID, toKey)).rejects.toBeInstanceOf(PspUnavailable);
    transport.failNext(1);
    await expect(adapter.lookup(ID)).rejects.toBeInstanceOf(PspUnavailable);
    expect(transport.calls).toEqual([
      `PUT /v3/gn/pix/${ID}`,
      `GET /v2/gn/pix/enviados/id-envio/${ID}`,
    ]);
    expect(efi.paid(ID)).toBe(0);
  });

  it('reads an unknown idEnvio back as NOT_FOUND', async () => {
    expect(await adapter.lookup(ID)).toEqual({ state: 'NOT_FOUND' });
  });

  it('reads a settled payout back as COMPLETED with its end-to-end id', async () => {
    const sent = await adapter.send(ID, toKey);
    efi.settle(ID, 'COMPLETED');
    expect(await adapter.lookup(ID)).toEqual({ state: 'COMPLETED', endToEndId: sent.endToEndId });
  });

  it('pays a BR Code through the qrcode endpoint, without an amount of its own, in the same idEnvio space', async () => {
    const brCode =
      '00020101021226830014BR.GOV.BCB.PIX2561qrcodespix.example/v2/41e0badf5204000053039865802BR6304ABCD';
    const state = await adapter.send(ID, { amount: '10.00', payerKey: HOUSE_KEY, to: { brCode } });
    expect(state).toMatchObject({ state: 'PROCESSING' });
    expect(transport.calls).toEqual([`PUT /v2/gn/pix/${ID}/qrcode`]);
    expect(efi.sent()[0]).toMatchObject({ via: 'qrcode', to: brCode, infoPagador: undefined });
    expect(await adapter.send(ID, toKey)).toEqual(state);
    expect(efi.sent()).toHaveLength(1);
    expect(efi.violations).toEqual([]);
  });
});
