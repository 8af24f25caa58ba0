import { describe, expect, it } from 'vitest';
import { checkCnpj, checkCpf } from '../../src/modules/beneficiaries/tax-ids.js';
import { maskedRecipient, maskName, maskTaxId } from '../../src/modules/pix/pix-directory.js';
import { keyTypeOf, parseBareKey } from '../../src/modules/pix/pix-key.js';
import { sandboxEntry } from '../../src/sandbox/sandbox-pix-directory.js';

describe('PIX key type from its shape', () => {
  it.each([
    ['123e4567-e12b-12d1-a456-426655440000', 'EVP'],
    ['Maria@Example.com', 'EMAIL'],
    ['+5511987654321', 'PHONE'],
    ['529.982.247-25', 'CPF'],
    ['52998224725', 'CPF'],
    ['11.222.333/0001-81', 'CNPJ'],
    ['11222333000181', 'CNPJ'],
    ['hello', undefined],
    ['5511987654321', undefined],
  ])('%s → %s', (key, type) => {
    expect(keyTypeOf(key)).toBe(type);
  });

  it('normalises, and refuses malformed keys with a field error', () => {
    expect(parseBareKey('Maria@Example.com', '')).toEqual({
      kind: 'valid',
      key: { keyType: 'EMAIL', key: 'maria@example.com' },
    });
    expect(parseBareKey('529.982.247-25', '')).toMatchObject({ key: { key: '52998224725' } });
    expect(parseBareKey('529.982.247-26', '')).toMatchObject({
      kind: 'invalid',
      errors: [{ pointer: '/key', code: 'INVALID_CHECK_DIGITS' }],
    });
    expect(parseBareKey('+1555123456', '')).toMatchObject({
      kind: 'invalid',
      errors: [{ pointer: '/key', code: 'INVALID_FORMAT' }],
    });
    expect(parseBareKey('nothing', '/brCode')).toMatchObject({
      kind: 'invalid',
      errors: [{ pointer: '/brCode/key', code: 'INVALID_FORMAT' }],
    });
  });
});

describe('sandbox PIX directory', () => {
  const keys = [
    { keyType: 'EMAIL', key: 'maria@example.com' },
    { keyType: 'PHONE', key: '+5511987654321' },
    { keyType: 'EVP', key: '123e4567-e12b-12d1-a456-426655440000' },
    { keyType: 'CPF', key: '52998224725' },
    { keyType: 'CNPJ', key: '11222333000181' },
  ] as const;

  it('answers the same entry for the same key, every time (no state, no randomness)', () => {
    for (const key of keys) expect(sandboxEntry(key)).toEqual(sandboxEntry({ ...key }));
    // Pinned: a change here changes every integrator's test fixtures.
    expect(sandboxEntry(keys[0])).toEqual({
      keyType: 'EMAIL',
      key: 'maria@example.com',
      holder: { type: 'INDIVIDUAL', name: 'Paulo Carvalho Gomes', taxId: '25294651939' },
      bank: { ispb: '90400888', name: 'Banco Santander (Brasil) S.A.' },
    });
  });

  it('gives holders with valid tax ids; a CPF or CNPJ key is its own holder', () => {
    for (let i = 0; i < 200; i++) {
      const entry = sandboxEntry({ keyType: 'EMAIL', key: `user${i}@example.com` })!;
      const verdict =
        entry.holder.type === 'INDIVIDUAL'
          ? checkCpf(entry.holder.taxId)
          : checkCnpj(entry.holder.taxId);
      expect(verdict.kind, entry.holder.taxId).toBe('valid');
      expect(entry.bank?.ispb).toMatch(/^[0-9]{8}$/);
    }
    expect(sandboxEntry(keys[3])!.holder).toMatchObject({
      type: 'INDIVIDUAL',
      taxId: '52998224725',
    });
    expect(sandboxEntry(keys[4])!.holder).toMatchObject({
      type: 'COMPANY',
      taxId: '11222333000181',
    });
  });

  it('knows no account for the documented unknown keys', () => {
    for (const key of [
      { keyType: 'EMAIL', key: 'unknown@example.com' },
      { keyType: 'EMAIL', key: 'unknown+case7@bank.test' },
      { keyType: 'PHONE', key: '+5511987650000' },
      { keyType: 'EVP', key: '00000000-0000-0000-0000-000000000000' },
      { keyType: 'CPF', key: '99999999131' },
      { keyType: 'CNPJ', key: '99999999000191' },
    ] as const) {
      expect(sandboxEntry(key), key.key).toBeUndefined();
    }
    expect(sandboxEntry({ keyType: 'EMAIL', key: 'unknownx@example.com' })).toBeDefined();
    expect(sandboxEntry({ keyType: 'PHONE', key: '+5511987650001' })).toBeDefined();
  });
});

describe('masking', () => {
  it('masks names word by word and CPFs to their middle digits; CNPJs stay whole', () => {
    expect(maskName('Maria da Silva')).toBe('Mar** da Sil**');
    expect(maskName('Ana  Lima')).toBe('An** Lim**');
    expect(maskTaxId('INDIVIDUAL', '12345678909')).toBe('***.456.789-**');
    expect(maskTaxId('COMPANY', '11222333000181')).toBe('11.222.333/0001-81');
  });

  it('never shows a whole name word or a whole CPF to customers', () => {
    for (let i = 0; i < 100; i++) {
      const entry = sandboxEntry({
        keyType: 'PHONE',
        key: `+55119876${String(i).padStart(5, '1')}`,
      })!;
      const shown = maskedRecipient(entry);
      for (const word of entry.holder.name.split(' ').filter((w) => w.length > 2)) {
        expect(shown.holder.name.split(' ')).not.toContain(word);
      }
      if (entry.holder.type === 'INDIVIDUAL') {
        expect(shown.holder.taxId).toMatch(/^\*\*\*\.[0-9]{3}\.[0-9]{3}-\*\*$/);
      }
    }
  });
});
