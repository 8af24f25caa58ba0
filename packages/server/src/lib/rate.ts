import { Type } from '@sinclair/typebox';

/**
 * Exchange rates and prices, exact: a rate is a bigint of 10^-12 units ("rate units"), so
 * `"5.4123"` is 5_412_300_000_000n. Twelve decimals keep about seven significant digits even for
 * BRL → BTC (≈ 0.0000018), and every conversion is integer arithmetic (pricing/pricing.ts).
 * On the wire a rate is a decimal string without trailing zeros.
 */
export const RATE_DECIMALS = 12;
export const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

const RATE_SHAPE = /^[0-9]+(\.[0-9]+)?$/;

/** `limitPrice`, a back-office rate: a positive decimal string of at most 12 decimals. */
export const RateString = (options: Record<string, unknown> = {}) =>
  Type.String({
    pattern: RATE_SHAPE.source,
    minLength: 1,
    maxLength: 32,
    description: 'Decimal string, greater than zero, at most 12 decimals, e.g. "5.4312".',
    examples: ['5.4312'],
    ...options,
  });

/** Rate units of a decimal string, or undefined when it is not a positive rate of ≤ 12 decimals. */
export function parseRate(text: string): bigint | undefined {
  if (!RATE_SHAPE.test(text) || text.length > 32) return undefined;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > RATE_DECIMALS) return undefined;
  const units = BigInt(whole + fraction.padEnd(RATE_DECIMALS, '0'));
  return units > 0n ? units : undefined;
}

/** `5_412_300_000_000n` → `"5.4123"`; whole numbers keep no point (`"550000"`). */
export function formatRate(units: bigint): string {
  const digits = units.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = digits.slice(0, digits.length - RATE_DECIMALS);
  const fraction = digits.slice(digits.length - RATE_DECIMALS).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Rate units nearest to a float (sandbox price curves only; never for amounts). */
export function rateFromFloat(value: number): bigint {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`not a rate: ${value}`);
  // Doubles hold ~15-16 significant digits: round to 10^-12 while that is exact, else coarser.
  const scaled = value * 1e12;
  if (scaled < 2 ** 53) return BigInt(Math.round(scaled));
  return BigInt(Math.round(value * 1e6)) * 1_000_000n;
}
