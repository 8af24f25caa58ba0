/**
 * Brazilian tax ids with their check digits (Receita Federal's mod-11 rules). Both accept the
 * digits alone or the usual punctuation (`123.456.789-09`, `12.345.678/0001-95`); `normalizeTaxId`
 * strips it, and the normalised form (digits, upper-case letters for an alphanumeric CNPJ) is what
 * the API stores and shows.
 */
export type TaxIdKind = 'CPF' | 'CNPJ';

export type TaxIdVerdict =
  { kind: 'valid'; value: string } | { kind: 'bad-format' } | { kind: 'bad-check-digits' };

/** Removes `.`, `/`, `-` and spaces, upper-cases letters. */
export const normalizeTaxId = (raw: string): string => raw.replace(/[.\-/\s]/g, '').toUpperCase();

const PUNCTUATED = /^[0-9A-Za-z.\-/ ]+$/;

/** Mod-11 check digit over `values` with `weights`: 0 when the remainder is below 2. */
function mod11(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * weights[i]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function checkCpf(raw: string): TaxIdVerdict {
  if (!PUNCTUATED.test(raw)) return { kind: 'bad-format' };
  const value = normalizeTaxId(raw);
  if (!/^\d{11}$/.test(value)) return { kind: 'bad-format' };
  // 000.000.000-00, 111.111.111-11, … pass the arithmetic but are not issued.
  if (/^(\d)\1{10}$/.test(value)) return { kind: 'bad-check-digits' };
  const digits = [...value].map(Number);
  const d1 = mod11(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === digits[9] && d2 === digits[10]
    ? { kind: 'valid', value }
    : { kind: 'bad-check-digits' };
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A CNPJ: 12 characters then 2 check digits. Since July 2026 the first 12 may be letters too
 * (the alphanumeric CNPJ, IN RFB 2.229/2024); each character counts as its ASCII code minus 48,
 * which leaves numeric CNPJs computed exactly as before.
 */
export function checkCnpj(raw: string): TaxIdVerdict {
  if (!PUNCTUATED.test(raw)) return { kind: 'bad-format' };
  const value = normalizeTaxId(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value)) return { kind: 'bad-format' };
  if (/^(\d)\1{13}$/.test(value)) return { kind: 'bad-check-digits' };
  const values = [...value].map((c) => c.charCodeAt(0) - 48);
  const d1 = mod11(values.slice(0, 12), CNPJ_W1);
  const d2 = mod11(values.slice(0, 13), CNPJ_W2);
  return d1 === values[12] && d2 === values[13]
    ? { kind: 'valid', value }
    : { kind: 'bad-check-digits' };
}

export const checkTaxId = (kind: TaxIdKind, raw: string): TaxIdVerdict =>
  kind === 'CPF' ? checkCpf(raw) : checkCnpj(raw);
