import { describe, expect, it } from 'vitest';
import {
  pixKeyFailsPayment,
  pixKeyIsUnknown,
  pixPaymentOutcome,
} from '../../src/sandbox/magic-values.js';

describe('PIX magic values', () => {
  it.each([
    [{ keyType: 'EMAIL', key: 'reject@example.com' }, true],
    [{ keyType: 'EMAIL', key: 'reject+42@example.com' }, true],
    [{ keyType: 'EMAIL', key: 'rejected@example.com' }, false],
    [{ keyType: 'EMAIL', key: 'maria@reject.com' }, false],
    [{ keyType: 'PHONE', key: '+5511987656666' }, true],
    [{ keyType: 'PHONE', key: '+5511987656660' }, false],
    [{ keyType: 'EVP', key: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }, true],
    [{ keyType: 'CPF', key: '66666666151' }, true],
    [{ keyType: 'CNPJ', key: '66666666000191' }, true],
    [{ keyType: 'CPF', key: '52998224725' }, false],
  ] as const)('%o fails payment: %s', (key, fails) => {
    expect(pixKeyFailsPayment(key)).toBe(fails);
    // Never both: a failing key must be found first.
    expect(pixKeyIsUnknown(key)).toBe(false);
  });

  it('fails a rejecting key with PIX_PAYMENT_REJECTED, an amount ending in 66 with RAIL_REJECTED', () => {
    const good = { keyType: 'EMAIL', key: 'maria@example.com' } as const;
    expect(pixPaymentOutcome(good, 10_00n)).toEqual({ kind: 'complete' });
    expect(pixPaymentOutcome(good, 106_60n)).toEqual({ kind: 'complete' });
    expect(pixPaymentOutcome(good, 10_66n)).toMatchObject({
      kind: 'fail',
      reason: { code: 'RAIL_REJECTED' },
    });
    expect(
      pixPaymentOutcome({ keyType: 'EMAIL', key: 'reject@example.com' }, 10_00n),
    ).toMatchObject({ kind: 'fail', reason: { code: 'PIX_PAYMENT_REJECTED' } });
  });
});
