import type { FundingKeyType } from './funding-keys.js';

const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The type a bare key has by its shape (docs/api.md "PIX payments"): a UUID is EVP, anything with
 * `@` is EMAIL, a leading `+` is PHONE, 11 digits (punctuation allowed) CPF, 14 characters CNPJ.
 * The shapes do not overlap (a PHONE key always starts with +55), so the guess is never
 * ambiguous; undefined when no shape fits.
 */
export function keyTypeOf(raw: string): FundingKeyType | undefined {
  if (UUID_SHAPE.test(raw)) return 'EVP';
  if (raw.includes('@')) return 'EMAIL';
  if (raw.startsWith('+')) return 'PHONE';
  if (!/^[0-9A-Za-z.\-/ ]+$/.test(raw)) return undefined;
  const bare = raw.replace(/[.\-/\s]/g, '');
  if (/^[0-9]{11}$/.test(bare)) return 'CPF';
  if (/^[0-9A-Za-z]{12}[0-9]{2}$/.test(bare)) return 'CNPJ';
  return undefined;
}
