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
 * amounts"). Each is far below 2^53 minor units (BTC: 21e6 * 1e8 = 2.1e15 < 9.007e15), so every
 * amount and any sum of a few of them stays an exact JavaScript integer.
 */
export const MAX_AMOUNT_UNITS: Readonly<Record<Asset, bigint>> = {
  BRL: 1_000_000_000n,
  USDT: 1_000_000_000n,
  USDC: 1_000_000_000n,
  BTC: 21_000_000n,
};

/**
 * The most one balance row may hold, in minor units: available + pending of a customer's asset
 * (docs/api.md "Money and amounts"), and each side of each row of a house account. It is the
 * largest integer a JavaScript number holds exactly (2^53 − 1), so no balance, entry or sum of
 * one journal's postings ever rounds. A customer's credit that would pass it is refused
 * (BALANCE_LIMIT_EXCEEDED); a house account never refuses, it spills into a further row
 * (ledger/balances.repository.ts).
 */
export const MAX_BALANCE_MINOR = Number.MAX_SAFE_INTEGER;

/** The maximum of one request in minor units. */
export const maxAmountMinor = (asset: Asset): number =>
  Number(MAX_AMOUNT_UNITS[asset] * 10n ** BigInt(ASSET_DECIMALS[asset]));

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
 * (above MAX_AMOUNT_UNITS). The result is always a safe integer > 0.
 */
export function parseAmount(
  text: string,
  asset: Asset,
  source: AmountSource = { pointer: '/amount', in: 'body' },
): number {
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
  const max = MAX_AMOUNT_UNITS[asset] * 10n ** BigInt(decimals);
  if (minor > max) {
    return fail(
      'AMOUNT_TOO_LARGE',
      `${asset} amounts are at most ${formatAmount(Number(max), asset)} per request.`,
    );
  }
  return Number(minor);

  function fail(code: ErrorCode, detail: string): never {
    throw amountError(code, detail, source);
  }
}

/** Throws unless `value` is an integer JavaScript can hold exactly: money never rounds. */
export function assertSafeMinor(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} ${String(value)} is not a safe integer of minor units`);
  }
  return value;
}

/**
 * Minor units as a decimal string with all of the asset's decimals: 125000 BRL → "1250.00",
 * 1 BTC minor unit → "0.00000001". Negative values (system accounts) keep their sign.
 */
export function formatAmount(minor: number, asset: Asset): string {
  assertSafeMinor(minor);
  const decimals = ASSET_DECIMALS[asset];
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${minor < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
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
