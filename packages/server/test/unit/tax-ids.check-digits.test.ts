import { describe, expect, it } from 'vitest';
import { checkCnpj, checkCpf } from '../../src/modules/beneficiaries/tax-ids.js';

/** Receita Federal's mod-11 digit, written out again here so the test does not trust the code. */
function dv(values: number[], firstWeight: number, cycle: number[] | undefined = undefined) {
  const weights = cycle ?? values.map((_, i) => firstWeight - i);
  const r = values.reduce((s, v, i) => s + v * weights[i]!, 0) % 11;
  return r < 2 ? 0 : 11 - r;
}
function cpf(base9: string): string {
  const d = [...base9].map(Number);
  const d1 = dv(d, 10);
  const d2 = dv([...d, d1], 11);
  return `${base9}${d1}${d2}`;
}
function cnpj(base12: string): string {
  const v = [...base12].map((c) => c.charCodeAt(0) - 48);
  const d1 = dv(v, 0, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = dv([...v, d1], 0, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base12}${d1}${d2}`;
}
const flipLast = (s: string) => `${s.slice(0, -1)}${(Number(s.at(-1)) + 1) % 10}`;

describe('CPF', () => {
  const valid = [cpf('529982247'), cpf('123456789'), cpf('000000001'), cpf('987654321')];
  it.each(valid)('accepts %s', (v) => expect(checkCpf(v)).toEqual({ kind: 'valid', value: v }));

  it('accepts the punctuated form and normalises it to digits', () => {
    expect(checkCpf('529.982.247-25')).toEqual({ kind: 'valid', value: '52998224725' });
  });

  it.each([
    ['a wrong second digit', flipLast(cpf('529982247'))],
    ['a wrong first digit', '52998224735'],
    ['all digits equal', '11111111111'],
    ['all zeros', '00000000000'],
  ])('refuses %s as bad check digits', (_, v) => {
    expect(checkCpf(v)).toEqual({ kind: 'bad-check-digits' });
  });

  it.each([
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '52998224A25'],
    ['other punctuation', '529*982*247*25'],
    ['a CNPJ', cnpj('112223330001')],
  ])('refuses %s as bad format', (_, v) => {
    expect(checkCpf(v)).toEqual({ kind: 'bad-format' });
  });
});

describe('CNPJ', () => {
  const valid = [cnpj('112223330001'), cnpj('123456780001'), cnpj('000000000001')];
  it.each(valid)('accepts %s', (v) => expect(checkCnpj(v)).toEqual({ kind: 'valid', value: v }));

  it('accepts the punctuated form and the well-known example 11.222.333/0001-81', () => {
    expect(checkCnpj('11.222.333/0001-81')).toEqual({ kind: 'valid', value: '11222333000181' });
  });

  it('accepts an alphanumeric CNPJ (2026 format), in any case', () => {
    const value = cnpj('12ABC34501DE');
    expect(checkCnpj(value)).toEqual({ kind: 'valid', value });
    expect(checkCnpj(value.toLowerCase())).toEqual({ kind: 'valid', value });
  });

  it.each([
    ['a wrong last digit', flipLast(cnpj('112223330001'))],
    ['all digits equal', '22222222222222'],
    ['a wrong alphanumeric digit', flipLast(cnpj('12ABC34501DE'))],
  ])('refuses %s as bad check digits', (_, v) => {
    expect(checkCnpj(v)).toEqual({ kind: 'bad-check-digits' });
  });

  it.each([
    ['13 characters', '1122233300018'],
    ['letters in the check digits', '112223330001AB'],
    ['a CPF', cpf('529982247')],
  ])('refuses %s as bad format', (_, v) => {
    expect(checkCnpj(v)).toEqual({ kind: 'bad-format' });
  });
});
