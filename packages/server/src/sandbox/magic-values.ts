import type { Asset } from '../lib/money.js';

/**
 * The sandbox's documented magic values (docs/sandbox.md): inputs that make the simulator take a
 * failure path on purpose, like test card numbers in a card sandbox. Pure; table-tested
 * (test/unit/magic-values.outcomes.test.ts). Production never reads them.
 */

/** How compliance review ends for an instruction of a holder with this name. */
export type ReviewOutcome =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: { code: 'COMPLIANCE_REJECTED'; message: string } };

/** A holder name containing `REJECT`, in any case, is rejected; every other one approved. */
export function reviewOutcome(holderName: string): ReviewOutcome {
  return /reject/i.test(holderName)
    ? {
        kind: 'reject',
        reason: {
          code: 'COMPLIANCE_REJECTED',
          message: 'Rejected by compliance review (sandbox: the holder name contains REJECT).',
        },
      }
    : { kind: 'approve' };
}

export const ONBOARDING_FAILURE = {
  code: 'ONBOARDING_FAILED',
  message: 'Asset onboarding failed (sandbox: the account name contains FAIL_ONBOARDING).',
} as const;

/**
 * Which assets of an account fail onboarding, from its name (any case): `FAIL_ONBOARDING` alone
 * fails every asset; `FAIL_ONBOARDING_<ASSET>` (e.g. `FAIL_ONBOARDING_BTC`) fails that one,
 * and may be repeated. Every other asset activates.
 */
export function failingAssets(name: string | undefined, assets: readonly Asset[]): Asset[] {
  if (!name) return [];
  const failing = new Set<string>();
  for (const match of name.matchAll(/FAIL_ONBOARDING(?:_([A-Z]+))?/gi)) {
    const asset = match[1]?.toUpperCase();
    if (asset === undefined) return [...assets];
    failing.add(asset);
  }
  return assets.filter((a) => failing.has(a));
}

/** Whether an amount's minor units end in 66 (`"100.66"` BRL, `"1.000066"` USDT). */
const endsIn66 = (amountMinor: number): boolean => amountMinor % 100 === 66;

/** A deposit of an amount ending in 66 (minor units) is never paid: it expires (DEPOSIT_EXPIRED). */
export const depositIsPaid = (amountMinor: number): boolean => !endsIn66(amountMinor);

export type WithdrawalOutcome =
  { kind: 'complete' } | { kind: 'fail'; reason: { code: 'RAIL_REJECTED'; message: string } };

/** A withdrawal of an amount ending in 66 (minor units) is rejected by the rail after PROCESSING. */
export function withdrawalOutcome(amountMinor: number): WithdrawalOutcome {
  return endsIn66(amountMinor)
    ? {
        kind: 'fail',
        reason: {
          code: 'RAIL_REJECTED',
          message: 'The payment rail rejected the transfer (sandbox: the amount ends in 66).',
        },
      }
    : { kind: 'complete' };
}

// ---- Swaps (issue 8) -------------------------------------------------------------------------

export type SwapOutcome =
  { kind: 'complete' } | { kind: 'fail'; reason: { code: 'RAIL_REJECTED'; message: string } };

/**
 * How the desk (the swap's "rail") answers: a swap whose source amount, fees included, ends in
 * 66 minor units (`"100.66"` BRL, `"5.000066"` USDT) is rejected after PROCESSING and its hold
 * released; every other one completes.
 */
export function swapOutcome(sourceAmountMinor: number): SwapOutcome {
  return endsIn66(sourceAmountMinor)
    ? {
        kind: 'fail',
        reason: {
          code: 'RAIL_REJECTED',
          message: 'The exchange desk rejected the swap (sandbox: the source amount ends in 66).',
        },
      }
    : { kind: 'complete' };
}

// ---- Limit orders (issue 8) ------------------------------------------------------------------

/** Whether a LIMIT order at this price may ever fill (placeholder until orders land). */
export const limitPriceCanFill = (_limitPrice: string): boolean => true;

// ---- PIX payments (issue 8) ------------------------------------------------------------------

/** How the rail answers a PIX payment (placeholder until PIX payments land). */
export type PixPaymentOutcome =
  { kind: 'complete' } | { kind: 'fail'; reason: { code: string; message: string } };
export const pixPaymentOutcome = (_details: string): PixPaymentOutcome => ({ kind: 'complete' });
