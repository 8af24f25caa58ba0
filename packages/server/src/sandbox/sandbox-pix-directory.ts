import { createHash } from 'node:crypto';
import { pixKeyIsUnknown } from './magic-values.js';
import type {
  DirectoryEntry,
  PixBank,
  PixDirectory,
  PixHolder,
  PixKey,
} from '../modules/pix/index.js';

/**
 * The sandbox's PIX directory: every well-formed key is registered, except the documented
 * unknown family (magic-values.ts pixKeyIsUnknown), and its holder and bank are derived from a
 * SHA-256 of the key, so the same key answers the same on every machine and every run. Nothing
 * is stored. A CPF or CNPJ key belongs to that tax id (an INDIVIDUAL or a COMPANY); any other
 * key to an individual, or one time in four to a company, with a tax id made from the hash.
 */
export const sandboxPixDirectory: PixDirectory = {
  lookup: (_db, key) => Promise.resolve(sandboxEntry(key)),
};

export function sandboxEntry(key: PixKey): DirectoryEntry | undefined {
  if (pixKeyIsUnknown(key)) return undefined;
  const hash = createHash('sha256').update(`${key.keyType}:${key.key}`).digest();
  const type: PixHolder['type'] =
    key.keyType === 'CNPJ' || (key.keyType !== 'CPF' && hash[0]! % 4 === 0)
      ? 'COMPANY'
      : 'INDIVIDUAL';
  const taxId =
    key.keyType === 'CPF' || key.keyType === 'CNPJ'
      ? key.key
      : type === 'INDIVIDUAL'
        ? withCheckDigits(digitsFrom(hash, 8, 9), CPF_WEIGHTS)
        : withCheckDigits(`${digitsFrom(hash, 8, 8)}0001`, CNPJ_WEIGHTS);
  const pick = <T>(list: readonly T[], byte: number) => list[hash[byte]! % list.length]!;
  const name =
    type === 'INDIVIDUAL'
      ? `${pick(FIRST_NAMES, 1)} ${pick(SURNAMES, 2)} ${pick(SURNAMES, 3)}`
      : `${pick(COMPANY_WORDS, 1)} ${pick(COMPANY_TRADES, 2)} ${pick(COMPANY_FORMS, 3)}`;
  return { ...key, holder: { type, name, taxId }, bank: pick(BANKS, 4) };
}

/** `count` decimal digits from the hash's bytes from `from` on. */
function digitsFrom(hash: Buffer, from: number, count: number): string {
  let digits = '';
  for (let i = 0; i < count; i++) digits += String(hash[from + i]! % 10);
  return digits;
}

const CPF_WEIGHTS = [
  [10, 9, 8, 7, 6, 5, 4, 3, 2],
  [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
] as const;
const CNPJ_WEIGHTS = [
  [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
] as const;

/** Appends the two mod-11 check digits (Receita Federal's rule, as tax-ids.ts checks them). */
function withCheckDigits(base: string, weights: readonly (readonly number[])[]): string {
  let value = base;
  for (const w of weights) {
    const sum = [...value].reduce((acc, d, i) => acc + Number(d) * w[i]!, 0);
    const remainder = sum % 11;
    value += String(remainder < 2 ? 0 : 11 - remainder);
  }
  return value;
}

const FIRST_NAMES = [
  'Maria',
  'Ana',
  'Francisca',
  'Antonia',
  'Adriana',
  'Juliana',
  'Jose',
  'Joao',
  'Antonio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
] as const;
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
] as const;
const COMPANY_WORDS = ['Aurora', 'Horizonte', 'Ipe', 'Jatoba', 'Tucano', 'Cerrado', 'Atlantica'];
const COMPANY_TRADES = ['Comercio', 'Servicos', 'Tecnologia', 'Alimentos', 'Transportes'];
const COMPANY_FORMS = ['Ltda', 'S.A.', 'ME', 'EIRELI'];

/** A few real PIX participants (ISPB, name), so sandbox answers look like production's. */
const BANKS: readonly PixBank[] = [
  { ispb: '00000000', name: 'Banco do Brasil S.A.' },
  { ispb: '00360305', name: 'Caixa Economica Federal' },
  { ispb: '60701190', name: 'Itau Unibanco S.A.' },
  { ispb: '60746948', name: 'Banco Bradesco S.A.' },
  { ispb: '90400888', name: 'Banco Santander (Brasil) S.A.' },
  { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
];
