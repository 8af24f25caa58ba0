import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16 } from '../../src/pix/br-code.js';
import { parseBrCode, type ParsedBrCode } from '../../src/pix/br-code-parse.js';

// The example of the BCB "Manual de Padrões para Iniciação do Pix" (Anexo I, static BR Code).
const PUBLISHED =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** A payload with its CRC recomputed, so only the rule under test fails. */
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;
const field = (id: string, value: string) =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;

const valid = (raw: string): ParsedBrCode => {
  const verdict = parseBrCode(raw);
  if (verdict.kind !== 'valid') throw new Error(`expected valid, got: ${verdict.why}`);
  return verdict.code;
};
const whyInvalid = (raw: string): string => {
  const verdict = parseBrCode(raw);
  if (verdict.kind !== 'invalid') throw new Error('expected invalid');
  return verdict.why;
};

describe('parseBrCode', () => {
  it("parses the central bank's published example", () => {
    expect(valid(PUBLISHED)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amount: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: null,
    });
    // A pasted trailing newline is not part of the payload.
    expect(valid(`${PUBLISHED}\n`).key).toBe('123e4567-e12b-12d1-a456-426655440000');
  });

  it('reads back every code br-code.ts builds (round trip)', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ abc'),
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.option(
          fc.tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 })),
          { nil: undefined },
        ),
        text,
        text,
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (key, money, name, city, txid) => {
          const amount =
            money === undefined ? undefined : `${money[0]}.${String(money[1]).padStart(2, '0')}`;
          const code = buildBrCode({
            key,
            ...(amount === undefined ? {} : { amount }),
            merchantName: name,
            merchantCity: city,
            txid,
          });
          expect(valid(code)).toEqual({
            key,
            amount: amount ?? null,
            merchantName: name.toUpperCase().slice(0, 25),
            merchantCity: city.toUpperCase().slice(0, 15),
            txid,
          });
        },
      ),
    );
  });

  it('refuses a wrong CRC, one changed character, and a missing CRC field', () => {
    expect(whyInvalid(`${PUBLISHED.slice(0, -4)}1D3E`)).toMatch(/CRC16/);
    expect(whyInvalid(PUBLISHED.replace('BRASILIA', 'BRASILIO'))).toMatch(/CRC16/);
    expect(whyInvalid(PUBLISHED.slice(0, -8))).toMatch(/CRC field/);
    expect(whyInvalid('not a code')).toMatch(/CRC field/);
  });

  it('refuses a dynamic code (sub-tag 25, a URL)', () => {
    const account = field(
      '26',
      field('00', 'br.gov.bcb.pix') + field('25', 'pix.example.com/qr/v2/9d36b84f'),
    );
    const code = withCrc(
      field('00', '01') +
        field('01', '12') +
        account +
        field('52', '0000') +
        field('53', '986') +
        field('58', 'BR') +
        field('59', 'LOJA') +
        field('60', 'RIO') +
        field('62', field('05', '***')),
    );
    expect(whyInvalid(code)).toMatch(/dynamic/);
  });

  it('refuses what is not a BRL PIX code', () => {
    const body = (account: string, currency = '986', amount = '') =>
      field('00', '01') +
      account +
      field('52', '0000') +
      field('53', currency) +
      amount +
      field('58', 'BR') +
      field('59', 'LOJA') +
      field('60', 'RIO');
    const pix = field('26', field('00', 'br.gov.bcb.pix') + field('01', 'loja@example.com'));
    expect(valid(withCrc(body(pix))).key).toBe('loja@example.com');
    expect(whyInvalid(withCrc(body(pix, '840')))).toMatch(/currency/);
    expect(
      whyInvalid(withCrc(body(field('26', field('00', 'com.example.pay') + field('01', 'x'))))),
    ).toMatch(/merchant account/);
    expect(whyInvalid(withCrc(body(field('26', field('00', 'br.gov.bcb.pix')))))).toMatch(
      /no PIX key/,
    );
    expect(whyInvalid(withCrc(body(pix, '986', field('54', '1,50'))))).toMatch(/amount/);
    expect(whyInvalid(withCrc(`0002${body(pix)}`.slice(0, 40)))).toMatch(/do not parse|format/);
    // The GUI may sit in any template 26–51, in any case.
    const other = field('27', field('00', 'BR.GOV.BCB.PIX') + field('01', '+5511987654321'));
    expect(valid(withCrc(body(other))).key).toBe('+5511987654321');
  });

  it('reads the amount and the txid', () => {
    const code = buildBrCode({
      key: 'loja@example.com',
      amount: '10.50',
      merchantName: 'Loja',
      merchantCity: 'Rio',
      txid: 'PEDIDO123',
    });
    expect(valid(code)).toMatchObject({ amount: '10.50', txid: 'PEDIDO123' });
  });
});
