import type { FieldError } from '../../lib/errors.js';
import { keyTypeOf } from '../../pix/index.js';
import { checkInstruction, type PixKeyType } from '../beneficiaries/index.js';

export { keyTypeOf };

/** A PIX key in the form the directory and the API use: its type and its normalised value. */
export interface PixKey {
  keyType: PixKeyType;
  key: string;
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
