import { Type } from '@sinclair/typebox';
import { AppError, type ErrorCode } from './errors.js';

/** Assets an account can hold (BRIEF "Money"). */
export const ASSETS = ['BRL', 'USDT', 'USDC', 'BTC'] as const;
export type Asset = (typeof ASSETS)[number];

/**
 * Decimal places of each asset: amounts are kept as integers of the smallest unit ("minor
 * units": centavos, micro-USDT, satoshis), so `"1250.00"` BRL is 125000. Never floats.
 */
export const ASSET_DECIMALS: Readonly<Record<Asset, number>> = {
  BRL: 2,
  USDT: 6,
  USDC: 6,
  BTC: 8,
};

/**
 * The largest amount one request may carry, in whole units of the asset (docs/api.md "Money and
 * amounts"). A business limit, not a technical one: amounts are BigInt end to end, so a balance
 * built from many requests may go far beyond 2^53 minor units (up to MAX_BALANCE_MINOR).
 */
export const MAX_AMOUNT_UNITS: Readonly<Record<Asset, bigint>> = {
  BRL: 1_000_000_000n,
  USDT: 1_000_000_000n,
  USDC: 1_000_000_000n,
  BTC: 21_000_000n,
};

/**
 * The largest int8 (2^63 − 1): the most one balance row may hold, in minor units, available +
 * pending of a customer's asset (docs/api.md "Money and amounts"), and each side of each row of a
 * house account. Amounts are BigInt in code and int8 in the database, so this is the only bound.
 * A customer's credit that would pass it is refused (BALANCE_LIMIT_EXCEEDED); a house account
 * never refuses, it spills into a further row (ledger/balances.repository.ts).
 */
export const MAX_BALANCE_MINOR = 2n ** 63n - 1n;

/** The maximum of one request in minor units. */
export const maxAmountMinor = (asset: Asset): bigint =>
  MAX_AMOUNT_UNITS[asset] * 10n ** BigInt(ASSET_DECIMALS[asset]);

/**
 * The wire shape the schema lets through: an optional minus sign (so that a negative amount gets
 * its own code, AMOUNT_MUST_BE_POSITIVE, rather than a pattern failure), digits, and an optional
 * fraction. No exponent, no '+', no spaces, no leading or trailing '.'.
 */
const AMOUNT_SHAPE = /^-?[0-9]+(\.[0-9]+)?$/;

/** `amount` in request bodies: a decimal string; parseAmount applies the asset's rules. */
export const AmountString = (options: Record<string, unknown> = {}) =>
  Type.String({
    pattern: AMOUNT_SHAPE.source,
    minLength: 1,
    maxLength: 40,
    description:
      'Decimal string in units of the asset, e.g. "1250.00"; at most the asset\'s decimals (BRL 2, USDT 6, USDC 6, BTC 8), greater than zero, at most the documented maximum.',
    examples: ['1250.00'],
    ...options,
  });

/** Where in the request an amount came from, for the problem's `errors[]`. */
export interface AmountSource {
  pointer: string;
  in: 'body' | 'query';
}

const amountError = (code: ErrorCode, detail: string, source: AmountSource): AppError =>
  new AppError(code, {
    detail,
    errors: [{ pointer: source.pointer, in: source.in, code, detail }],
  });

/**
 * Parses a decimal string into minor units of `asset`, exactly (string arithmetic, no float).
 * Throws an AppError: INVALID_DATA (not a plain decimal), INVALID_AMOUNT_PRECISION (more
 * decimals than the asset has), AMOUNT_MUST_BE_POSITIVE (zero or negative), AMOUNT_TOO_LARGE
 * (above MAX_AMOUNT_UNITS). The result is always an integer > 0 (a bigint: never rounded).
 */
export function parseAmount(
  text: string,
  asset: Asset,
  source: AmountSource = { pointer: '/amount', in: 'body' },
): bigint {
  if (!AMOUNT_SHAPE.test(text) || text.length > 40) {
    return fail('INVALID_DATA', `"${text.slice(0, 40)}" is not a decimal amount like "1250.00".`);
  }
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const decimals = ASSET_DECIMALS[asset];
  if (fraction.length > decimals) {
    // "10.50" is fine for BRL, "10.501" is not even though it ends in a zero further on: trailing
    // zeros beyond the asset's decimals are refused too, since the sender's precision is unclear.
    return fail('INVALID_AMOUNT_PRECISION', `${asset} amounts have at most ${decimals} decimals.`);
  }
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (negative || minor === 0n) {
    return fail('AMOUNT_MUST_BE_POSITIVE', 'The amount must be greater than zero.');
  }
  const max = maxAmountMinor(asset);
  if (minor > max) {
    return fail(
      'AMOUNT_TOO_LARGE',
      `${asset} amounts are at most ${formatAmount(max, asset)} per request.`,
    );
  }
  return minor;

  function fail(code: ErrorCode, detail: string): never {
    throw amountError(code, detail, source);
  }
}

/** Throws unless `value` fits an int8 column (±MAX_BALANCE_MINOR): money never wraps. */
export function assertInt64(value: bigint, what = 'amount'): bigint {
  if (value > MAX_BALANCE_MINOR || value < -MAX_BALANCE_MINOR) {
    throw new RangeError(`${what} ${value} is outside the 64-bit range of minor units`);
  }
  return value;
}

/**
 * Minor units as a decimal string with all of the asset's decimals: 125000n BRL → "1250.00",
 * 1n BTC minor unit → "0.00000001". Negative values (system accounts) keep their sign.
 */
export function formatAmount(minor: bigint, asset: Asset): string {
  const decimals = ASSET_DECIMALS[asset];
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * 422 ASSET_NOT_ENABLED unless `asset` is one of the account's assets (whatever its onboarding
 * state: whether the asset may move money yet is the caller's rule).
 */
export function requireAssetEnabled(
  accountAssets: readonly { asset: Asset }[],
  asset: Asset,
  accountId: string,
  pointer = '/asset',
  location: 'body' | 'query' = 'body',
): void {
  if (accountAssets.some((a) => a.asset === asset)) return;
  const detail = `Account ${accountId} does not hold ${asset}.`;
  throw new AppError('ASSET_NOT_ENABLED', {
    detail,
    errors: [{ pointer, in: location, code: 'ASSET_NOT_ENABLED', detail }],
  });
}
