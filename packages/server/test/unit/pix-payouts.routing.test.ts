import { describe, expect, it } from 'vitest';
import type { PixRailConfig } from '../../src/config/rails-config.js';
import { stringifyMoneyJson } from '../../src/lib/money-json.js';
import type { OperationRow } from '../../src/operations/index.js';
import { buildBrCode } from '../../src/pix/index.js';
import { pixPayoutOf } from '../../src/rails/pix/payouts/payout-target.js';
import { pixRail } from '../../src/rails/pix/pix-rail.js';
import type { RailDeps } from '../../src/rails/rail.js';

// Issue 26 point 4: which operations the PIX rail pays, and what it sends for each
// (docs/rails.md "PIX payouts"); with COFRE_PIX_PAYOUT_ADAPTER unset, none of them.
const row = (type: OperationRow['type'], details: object, asset = 'BRL'): OperationRow => ({
  id: 'op_01JDX4Y7Z8ABCDEFGHJKMNPQRS',
  customer_id: 'cus_1',
  account_id: 'acc_1',
  type,
  status: 'REQUESTED',
  asset: asset as OperationRow['asset'],
  amount: 1234n,
  details: stringifyMoneyJson(details),
  metadata: '{}',
  counterparty_account_id: null,
  reason_code: null,
  reason_message: null,
  external_reference: null,
  created_at: 0,
  updated_at: 0,
});

const withdrawal = (paymentInstruction: Record<string, string>, description: string | null) =>
  row('WITHDRAWAL', {
    beneficiary: { id: 'ben_1', paymentInstructionId: 'pi_1', holder: {}, paymentInstruction },
    description,
    holdId: 'hold_1',
    endToEndId: null,
  });

const payment = (brCode: string | null, description: string | null = null) =>
  row('PIX_PAYMENT', {
    pixKey: { keyType: 'EMAIL', key: 'loja@example.com' },
    recipient: {},
    brCode,
    txid: null,
    description,
    holdId: 'hold_1',
    endToEndId: null,
    fees: [],
  });

const code = (amount?: string) =>
  buildBrCode({
    key: 'loja@example.com',
    ...(amount === undefined ? {} : { amount }),
    merchantName: 'LOJA',
    merchantCity: 'SAO PAULO',
    txid: 'PEDIDO1',
  });

const PIX_KEY = { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'maria@example.com' };
const BANK = {
  rail: 'BANK_ACCOUNT',
  asset: 'BRL',
  ispb: '18236120',
  branch: '1',
  accountNumber: '1',
};

describe('the PIX rail’s payouts', () => {
  it.each([
    [
      'a withdrawal to a PIX key pays the key',
      withdrawal(PIX_KEY, ' Rent '),
      {
        target: { key: 'maria@example.com' },
        description: 'Rent',
      },
    ],
    ['a withdrawal to bank details is not the rail’s', withdrawal(BANK, null), undefined],
    [
      'a PIX payment to a key pays the key',
      payment(null, 'x'.repeat(200)),
      {
        target: { key: 'loja@example.com' },
        description: 'x'.repeat(140),
      },
    ],
    [
      'a payment from a code with an amount pays the code',
      payment(code('12.34')),
      {
        target: { brCode: code('12.34') },
        description: null,
      },
    ],
    [
      'a payment from a code without an amount pays its key',
      payment(code()),
      {
        target: { key: 'loja@example.com' },
        description: null,
      },
    ],
    ['a deposit is no payout', row('DEPOSIT', {}), undefined],
  ])('%s', (_name, operation, expected) => {
    expect(pixPayoutOf(operation)).toEqual(expected);
  });

  const config = (payoutAdapter: PixRailConfig['payoutAdapter']): PixRailConfig => ({
    pspUrl: 'https://psp.example/v2',
    tokenUrl: 'https://psp.example/oauth/token',
    clientId: 'cofre',
    clientSecretFile: '/dev/null',
    certFile: undefined,
    keyFile: undefined,
    caFile: undefined,
    pixKey: 'a1f4102e-a446-4a57-bcce-6fa48899c1d1',
    webhookSecret: 'test-webhook-secret-0123456789abcdefABCDEF',
    reconcileIntervalMs: 60_000,
    publicUrl: 'https://cofre.example',
    payoutAdapter,
  });
  const deps = {} as RailDeps;

  it('serves withdrawals to PIX keys and PIX payments only with a payout adapter', () => {
    const operations = [withdrawal(PIX_KEY, null), payment(null), payment(code('1.00'))];
    const withAdapter = pixRail(config('efi'), deps);
    const without = pixRail(config(undefined), deps);
    expect(operations.map((op) => withAdapter.serves(op))).toEqual([true, true, true]);
    expect(operations.map((op) => without.serves(op))).toEqual([false, false, false]);
    expect(withAdapter.serves(withdrawal(BANK, null))).toBe(false);
  });
});
