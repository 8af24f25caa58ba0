import type { FieldError } from '../../lib/errors.js';
import { checkInstruction, type PixKeyType } from '../beneficiaries/index.js';

/** A PIX key in the form the directory and the API use: its type and its normalised value. */
export interface PixKey {
  keyType: PixKeyType;
  key: string;
}

const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The type a bare key has by its shape (docs/api.md "PIX payments"): a UUID is EVP, anything with
 * `@` is EMAIL, a leading `+` is PHONE, 11 digits (punctuation allowed) CPF, 14 characters CNPJ.
 * The shapes do not overlap (a PHONE key always starts with +55), so the guess is never
 * ambiguous; undefined when no shape fits.
 */
export function keyTypeOf(raw: string): PixKeyType | undefined {
  if (UUID_SHAPE.test(raw)) return 'EVP';
  if (raw.includes('@')) return 'EMAIL';
  if (raw.startsWith('+')) return 'PHONE';
  if (!/^[0-9A-Za-z.\-/ ]+$/.test(raw)) return undefined;
  const bare = raw.replace(/[.\-/\s]/g, '');
  if (/^[0-9]{11}$/.test(bare)) return 'CPF';
  if (/^[0-9A-Za-z]{12}[0-9]{2}$/.test(bare)) return 'CNPJ';
  return undefined;
}

/**
 * Checks a key of a given type with the beneficiaries' rules (check digits, e-mail and phone
 * shapes) and normalises it; the errors point at `${at}/key`.
 */
export function checkPixKey(
  keyType: PixKeyType,
  key: string,
  at: string,
): { kind: 'valid'; key: PixKey } | { kind: 'invalid'; errors: FieldError[] } {
  const verdict = checkInstruction({ rail: 'PIX', asset: 'BRL', keyType, key }, at);
  if (verdict.kind === 'invalid') return verdict;
  return { kind: 'valid', key: { keyType, key: verdict.instruction.details.key! } };
}

/** A bare key (a path parameter, a BR Code's sub-tag 01): its type from its shape, then checked. */
export function parseBareKey(
  raw: string,
  at: string,
): { kind: 'valid'; key: PixKey } | { kind: 'invalid'; errors: FieldError[] } {
  const keyType = keyTypeOf(raw);
  if (keyType === undefined) {
    return {
      kind: 'invalid',
      errors: [
        {
          pointer: `${at}/key`,
          in: 'body',
          code: 'INVALID_FORMAT',
          detail:
            'A PIX key is a CPF (11 digits), a CNPJ (14 characters), an e-mail address, a phone in E.164 form (+55…) or an EVP key (a UUID).',
        },
      ],
    };
  }
  return checkPixKey(keyType, raw, at);
}
