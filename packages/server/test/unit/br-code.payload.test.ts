import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16, hasValidCrc, parseTlv } from '../../src/pix/br-code.js';
import { END_TO_END_ID, newEndToEndId } from '../../src/pix/end-to-end-id.js';
import { standingInstruction } from '../../src/pix/funding-keys.js';
import { checkBitcoinAddress, checkEvmAddress } from '../../src/lib/crypto-addresses.js';

// The example of the BCB "Manual de Padrões para Iniciação do Pix" (Anexo I, static BR Code).
const PUBLISHED =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('BR Code (PIX copy-and-paste)', () => {
  it('computes the CRC16-CCITT of the published example', () => {
    expect(crc16(PUBLISHED.slice(0, -4))).toBe('1D3D');
    expect(hasValidCrc(PUBLISHED)).toBe(true);
    expect(hasValidCrc(PUBLISHED.replace('BRASILIA', 'BRASILIO'))).toBe(false);
  });

  it('checks the CRC-16/CCITT-FALSE check value of "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('rebuilds the published example from its fields', () => {
    const built = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
    });
    // Same fields; names are upper-cased ASCII in cofre's codes.
    expect(built.replace('FULANO DE TAL', 'Fulano de Tal').slice(0, -4)).toBe(
      PUBLISHED.slice(0, -4),
    );
    expect(hasValidCrc(built)).toBe(true);
  });

  it('parses its TLVs back into the fields it was built from', () => {
    const code = buildBrCode({
      key: 'a3b1c2d4-0000-4000-8000-000000000001',
      amount: '1250.50',
      merchantName: 'Cofre São Paulo Ltda with a very long name',
      merchantCity: 'São Paulo',
      txid: '1JD6Q3W8ZK2C1V7R4X9B5N0AR',
    });
    const fields = parseTlv(code);
    expect([...fields.keys()]).toEqual([
      '00',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(fields.get('54')).toBe('1250.50');
    expect(fields.get('59')).toBe('COFRE SAO PAULO LTDA WITH');
    expect(fields.get('60')).toBe('SAO PAULO');
    expect(parseTlv(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
    expect(parseTlv(fields.get('26')!).get('01')).toBe('a3b1c2d4-0000-4000-8000-000000000001');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('1JD6Q3W8ZK2C1V7R4X9B5N0AR');
    expect(fields.get('63')).toBe(crc16(code.slice(0, -4)));
    expect(() => parseTlv('0002')).toThrow(SyntaxError);
  });
});

describe('PIX end-to-end id', () => {
  it('is E + ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics, 32 characters', () => {
    const id = newEndToEndId(Date.UTC(2026, 10, 23, 1, 7, 59), '12345678');
    expect(id).toHaveLength(32);
    expect(id).toMatch(END_TO_END_ID);
    expect(id.slice(0, 21)).toBe('E12345678202611230107');
    expect(newEndToEndId(0)).not.toBe(newEndToEndId(0));
  });
});

describe('standing funding instructions', () => {
  it('are fixed per account and asset, and valid for their network', () => {
    const brl = standingInstruction('acc_1', 'BRL');
    expect(standingInstruction('acc_1', 'BRL')).toEqual(brl);
    expect(standingInstruction('acc_2', 'BRL')).not.toEqual(brl);
    expect(brl).toMatchObject({ rail: 'PIX', keyType: 'EVP' });
    const usdt = standingInstruction('acc_1', 'USDT');
    expect(usdt).toMatchObject({ rail: 'CRYPTO', network: 'ETHEREUM' });
    expect(checkEvmAddress((usdt as { address: string }).address).kind).toBe('valid');
    const btc = standingInstruction('acc_1', 'BTC');
    expect(checkBitcoinAddress((btc as { address: string }).address).kind).toBe('valid');
  });
});
