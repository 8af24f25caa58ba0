import type { FieldError } from '../../lib/errors.js';
import type { HolderType } from './beneficiaries.table.js';
import { checkAddress, type CryptoNetwork } from '../../lib/crypto-addresses.js';
import type { Rail } from './payment-instructions.table.js';
import { checkTaxId, type TaxIdVerdict } from './tax-ids.js';

/**
 * The rules JSON Schema cannot say (check digits, address checksums, which networks carry which
 * asset), applied after the route schema has accepted the shape. Pure: each failure is a
 * FieldError with a pointer into the body and a field code (docs/errors.md).
 */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export const CRYPTO_ASSETS = ['USDT', 'USDC', 'BTC'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

/** The networks each crypto asset is paid out on (docs/api.md "Beneficiaries"). */
export const NETWORKS_BY_ASSET: Record<CryptoAsset, readonly CryptoNetwork[]> = {
  USDT: ['ETHEREUM', 'TRON', 'POLYGON'],
  USDC: ['ETHEREUM', 'POLYGON'],
  BTC: ['BITCOIN'],
};

/** What the route schema guarantees about an instruction before these rules run. */
export type InstructionShape =
  | { rail: 'PIX'; asset: 'BRL'; keyType: PixKeyType; key: string }
  | {
      rail: 'BANK_ACCOUNT';
      asset: 'BRL';
      ispb: string;
      branch: string;
      accountNumber: string;
      accountType: 'CHECKING' | 'SAVINGS';
    }
  | { rail: 'CRYPTO_WALLET'; asset: CryptoAsset; network: CryptoNetwork; address: string };

/** An instruction that passed: its rail, asset and normalised rail-specific fields. */
export interface NormalizedInstruction {
  rail: Rail;
  asset: string;
  details: Record<string, string>;
  /** Identity for the duplicate rule: rail, asset and the normalised details. */
  fingerprint: string;
}

export type RuleResult =
  { kind: 'valid'; instruction: NormalizedInstruction } | { kind: 'invalid'; errors: FieldError[] };

const fieldError = (pointer: string, code: string, detail: string): FieldError => ({
  pointer,
  in: 'body',
  code,
  detail,
});

function taxIdError(verdict: TaxIdVerdict, pointer: string, what: 'CPF' | 'CNPJ') {
  return verdict.kind === 'bad-format'
    ? fieldError(
        pointer,
        'INVALID_FORMAT',
        what === 'CPF'
          ? `${pointer.slice(1)} must be a CPF: 11 digits, optionally as 123.456.789-09.`
          : `${pointer.slice(1)} must be a CNPJ: 14 characters, optionally as 12.345.678/0001-95.`,
      )
    : fieldError(
        pointer,
        'INVALID_CHECK_DIGITS',
        `${pointer.slice(1)} has wrong ${what} check digits.`,
      );
}

/** The holder's tax id for its type (INDIVIDUAL → CPF, COMPANY → CNPJ), normalised. */
export function checkHolderTaxId(
  type: HolderType,
  taxId: string,
  pointer = '/holder/taxId',
): { kind: 'valid'; taxId: string } | { kind: 'invalid'; errors: FieldError[] } {
  const what = type === 'INDIVIDUAL' ? 'CPF' : 'CNPJ';
  const verdict = checkTaxId(what, taxId);
  return verdict.kind === 'valid'
    ? { kind: 'valid', taxId: verdict.value }
    : { kind: 'invalid', errors: [taxIdError(verdict, pointer, what)] };
}

// Practical e-mail shape (what the PIX directory accepts): local@domain.tld, at most 77 chars.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// E.164 Brazilian phone: +55, 2-digit area code (11-99), 8 or 9 digit number.
const PHONE = /^\+55[1-9][0-9][0-9]{8,9}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function pixKey(keyType: PixKeyType, key: string, at: string): FieldError | string {
  const p = `${at}/key`;
  switch (keyType) {
    case 'CPF':
    case 'CNPJ': {
      const verdict = checkTaxId(keyType, key);
      return verdict.kind === 'valid' ? verdict.value : taxIdError(verdict, p, keyType);
    }
    case 'EMAIL':
      return key.length <= 77 && EMAIL.test(key)
        ? key.toLowerCase()
        : fieldError(
            p,
            'INVALID_FORMAT',
            `${p.slice(1)} must be an e-mail address (at most 77 characters).`,
          );
    case 'PHONE':
      return PHONE.test(key)
        ? key
        : fieldError(
            p,
            'INVALID_FORMAT',
            `${p.slice(1)} must be a phone in E.164 form: +55, area code, number (e.g. +5511987654321).`,
          );
    case 'EVP':
      return UUID.test(key)
        ? key.toLowerCase()
        : fieldError(
            p,
            'INVALID_FORMAT',
            `${p.slice(1)} must be an EVP key: a UUID (8-4-4-4-12 hex digits).`,
          );
  }
}

const fingerprintOf = (rail: Rail, asset: string, details: Record<string, string>) =>
  JSON.stringify([
    rail,
    asset,
    ...Object.keys(details)
      .sort()
      .map((k) => [k, details[k]]),
  ]);

const valid = (rail: Rail, asset: string, details: Record<string, string>): RuleResult => ({
  kind: 'valid',
  instruction: { rail, asset, details, fingerprint: fingerprintOf(rail, asset, details) },
});

/** Checks one instruction at JSON pointer `at` (e.g. `/paymentInstruction`, or `` for a body). */
export function checkInstruction(input: InstructionShape, at: string): RuleResult {
  switch (input.rail) {
    case 'PIX': {
      const key = pixKey(input.keyType, input.key, at);
      return typeof key === 'string'
        ? valid('PIX', 'BRL', { keyType: input.keyType, key })
        : { kind: 'invalid', errors: [key] };
    }
    case 'BANK_ACCOUNT':
      return valid('BANK_ACCOUNT', 'BRL', {
        ispb: input.ispb,
        branch: input.branch,
        accountNumber: input.accountNumber.replace('-', '').toUpperCase(),
        accountType: input.accountType,
      });
    case 'CRYPTO_WALLET': {
      const networks = NETWORKS_BY_ASSET[input.asset];
      if (!networks.includes(input.network)) {
        return {
          kind: 'invalid',
          errors: [
            fieldError(
              `${at}/network`,
              'UNSUPPORTED_NETWORK',
              `${input.asset} is paid out on ${networks.join(', ')}, not ${input.network}.`,
            ),
          ],
        };
      }
      const verdict = checkAddress(input.network, input.address);
      if (verdict.kind !== 'valid') {
        const p = `${at}/address`;
        return {
          kind: 'invalid',
          errors: [
            verdict.kind === 'bad-format'
              ? fieldError(p, 'INVALID_FORMAT', `${p.slice(1)} is not a ${input.network} address.`)
              : fieldError(
                  p,
                  'INVALID_CHECKSUM',
                  `${p.slice(1)} fails its ${input.network} checksum.`,
                ),
          ],
        };
      }
      return valid('CRYPTO_WALLET', input.asset, {
        network: input.network,
        address: verdict.address,
      });
    }
  }
}
