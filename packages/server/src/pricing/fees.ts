import { ASSETS, parseAmount, type Asset } from '../lib/money.js';

/**
 * Fees (docs/api.md "Fees"): what cofre charges, per kind of movement, as a percentage of the
 * amount and/or a fixed amount per asset. Each fee is a ledger entry to `sys_fees` in the asset
 * it is charged in, shown on the quote and on the operation as one line per component.
 *
 * - CONVERSION: every quote between two different assets (swaps, quoted withdrawals and
 *   deposits), in the source asset, taken from the source amount before it is converted.
 * - ORDER: buy and sell orders, in the quote asset, on the order's notional (amount × price).
 * - WITHDRAWAL, PIX_PAYMENT: on top of the amount sent, in the asset debited.
 */
export const FEE_TARGETS = ['CONVERSION', 'ORDER', 'WITHDRAWAL', 'PIX_PAYMENT'] as const;
export type FeeTarget = (typeof FEE_TARGETS)[number];

export interface FeeRule {
  /** Parts per million of the amount (0.5 % = 5000), rounded up to a minor unit. */
  readonly percentagePpm: number;
  /** Fixed minor units per asset charged in (an asset absent here has no fixed part). */
  readonly fixed: Readonly<Partial<Record<Asset, bigint>>>;
}
export type FeeSchedule = Readonly<Partial<Record<FeeTarget, FeeRule>>>;

export const FEE_TYPES = ['PERCENTAGE', 'ABSOLUTE'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** One fee component, as the quote and the operation show it (amount in minor units). */
export interface FeeLine {
  type: FeeType;
  amount: bigint;
  asset: Asset;
}

/** The documented sandbox example (docs/sandbox.md "Fees"): conversions cost 0.5 %; all else is free. */
export const SANDBOX_FEES: FeeSchedule = { CONVERSION: { percentagePpm: 5_000, fixed: {} } };
export const PRODUCTION_FEES: FeeSchedule = {};

const PPM = 1_000_000n;

/** The fee lines of `rule` on `amount` minor units of `asset`; zero components are left out. */
export function feeLines(rule: FeeRule | undefined, amount: bigint, asset: Asset): FeeLine[] {
  if (!rule) return [];
  const lines: FeeLine[] = [];
  if (rule.percentagePpm > 0) {
    // Rounded up: the house never undercharges by a fraction of a minor unit.
    const fee = (amount * BigInt(rule.percentagePpm) + PPM - 1n) / PPM;
    if (fee > 0n) lines.push({ type: 'PERCENTAGE', amount: fee, asset });
  }
  const fixed = rule.fixed[asset] ?? 0n;
  if (fixed > 0n) lines.push({ type: 'ABSOLUTE', amount: fixed, asset });
  return lines;
}

export const feeTotal = (lines: readonly FeeLine[]): bigint =>
  lines.reduce((sum, line) => sum + line.amount, 0n);

const PERCENT = /^[0-9]{1,2}(\.[0-9]{1,4})?$/;

/**
 * Parses COFRE_FEES: JSON `{"<TARGET>": {"percentage": "0.5", "fixed": {"BRL": "1.00"}}}`.
 * Percentages are strings of percent below 100 with ≤ 4 decimals; fixed amounts are decimal
 * strings in their asset's precision. Returns the schedule or a sentence saying what is wrong.
 */
export function parseFeeSchedule(raw: string): FeeSchedule | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'must be JSON like {"CONVERSION":{"percentage":"0.5"}}';
  }
  if (!isObject(parsed)) return 'must be a JSON object keyed by fee target';
  const schedule: Partial<Record<FeeTarget, FeeRule>> = {};
  for (const [target, value] of Object.entries(parsed)) {
    if (!(FEE_TARGETS as readonly string[]).includes(target)) {
      return `unknown fee target "${target}" (one of ${FEE_TARGETS.join(', ')})`;
    }
    if (!isObject(value)) return `${target}: must be an object with percentage and/or fixed`;
    const extra = Object.keys(value).filter((k) => k !== 'percentage' && k !== 'fixed');
    if (extra.length > 0) return `${target}: unknown field ${extra[0]}`;
    let percentagePpm = 0;
    if (value.percentage !== undefined) {
      if (typeof value.percentage !== 'string' || !PERCENT.test(value.percentage)) {
        return `${target}.percentage: a string of percent from "0" to "99.9999"`;
      }
      const [whole = '0', fraction = ''] = value.percentage.split('.');
      percentagePpm = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
    }
    const fixed: Partial<Record<Asset, bigint>> = {};
    if (value.fixed !== undefined) {
      if (!isObject(value.fixed)) return `${target}.fixed: an object of asset → amount`;
      for (const [asset, amount] of Object.entries(value.fixed)) {
        if (!(ASSETS as readonly string[]).includes(asset)) {
          return `${target}.fixed: unknown asset "${asset}"`;
        }
        try {
          fixed[asset as Asset] = parseAmount(String(amount), asset as Asset);
        } catch {
          return `${target}.fixed.${asset}: not a positive ${asset} amount ("${String(amount)}")`;
        }
      }
    }
    schedule[target as FeeTarget] = { percentagePpm, fixed };
  }
  return schedule;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
