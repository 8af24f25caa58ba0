import { describe, expect, it } from 'vitest';
import { crc16, parseTlv, DuplicateTagError } from '../../src/pix/br-code.js';
import { parseBrCode } from '../../src/pix/br-code-parse.js';

// Issue 16 point 0: a BR Code whose meaning depends on which copy of a field a reader takes is
// refused, whatever the level of the repeat.
const field = (id: string, value: string) =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;

const KEY = '123e4567-e12b-12d1-a456-426655440000';
const OTHER_KEY = 'attacker@example.com';
const pixTemplate = (...keys: string[]) =>
  field('00', 'br.gov.bcb.pix') + keys.map((k) => field('01', k)).join('');

/** A static code assembled from parts, so each test changes only what it is about. */
const code = (parts: {
  accounts?: string[];
  amounts?: string[];
  additional?: string;
  extra?: string;
}) =>
  withCrc(
    field('00', '01') +
      (parts.accounts ?? [field('26', pixTemplate(KEY))]).join('') +
      field('52', '0000') +
      field('53', '986') +
      (parts.amounts ?? ['1.00']).map((a) => field('54', a)).join('') +
      field('58', 'BR') +
      field('59', 'FULANO DE TAL') +
      field('60', 'BRASILIA') +
      field('62', parts.additional ?? field('05', '***')) +
      (parts.extra ?? ''),
  );

const whyInvalid = (raw: string): string => {
  const verdict = parseBrCode(raw);
  if (verdict.kind !== 'invalid')
    throw new Error(`expected invalid, got ${JSON.stringify(verdict)}`);
  return verdict.why;
};

describe('parseBrCode with repeated fields', () => {
  it('reads the same code with each field once (the control)', () => {
    const verdict = parseBrCode(code({}));
    expect(verdict).toMatchObject({ kind: 'valid', code: { key: KEY, amount: '1.00' } });
  });

  it('refuses two amounts (tag 54 "1.00" then "900.00")', () => {
    expect(whyInvalid(code({ amounts: ['1.00', '900.00'] }))).toMatch(
      /tag 54 appears more than once/,
    );
  });

  it('refuses two merchant account templates naming br.gov.bcb.pix', () => {
    const accounts = [field('26', pixTemplate(KEY)), field('27', pixTemplate(OTHER_KEY))];
    expect(whyInvalid(code({ accounts }))).toMatch(/tags 26 and 27\) name br.gov.bcb.pix/);
  });

  it('refuses the same merchant account tag twice', () => {
    const accounts = [field('26', pixTemplate(KEY)), field('26', pixTemplate(OTHER_KEY))];
    expect(whyInvalid(code({ accounts }))).toMatch(/tag 26 appears more than once/);
  });

  it('refuses two keys in one template (sub-tag 01 twice)', () => {
    const accounts = [field('26', pixTemplate(KEY, OTHER_KEY))];
    expect(whyInvalid(code({ accounts }))).toMatch(/template \(tag 26\), tag 01 appears more/);
  });

  it("refuses a repeated sub-tag in another scheme's merchant account template", () => {
    const other = field('27', field('00', 'com.example.pay') + field('01', 'a') + field('01', 'b'));
    const accounts = [field('26', pixTemplate(KEY)), other];
    expect(whyInvalid(code({ accounts }))).toMatch(/tag 27\), tag 01 appears more than once/);
  });

  it('refuses a repeated sub-tag of the additional data template (62)', () => {
    const additional = field('05', 'TX1') + field('05', 'TX2');
    expect(whyInvalid(code({ additional }))).toMatch(/tag 62\), tag 05 appears more than once/);
  });

  it.each(['00', '52', '53', '58', '59', '60', '62'])('refuses top-level tag %s twice', (id) => {
    const extra = field(id, id === '62' ? field('05', '***') : id === '00' ? '01' : 'X');
    expect(whyInvalid(code({ extra }))).toMatch(new RegExp(`tag ${id} appears more than once`));
  });

  it('parseTlv names the repeated tag', () => {
    expect(() => parseTlv(field('01', 'a') + field('01', 'b'))).toThrow(DuplicateTagError);
  });
});
