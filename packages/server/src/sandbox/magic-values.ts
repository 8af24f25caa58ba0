import type { Asset } from '../lib/money.js';

/**
 * The sandbox's documented magic values (docs/sandbox.md): inputs that make the simulator take a
 * failure path on purpose, like test card numbers in a card sandbox. Pure; table-tested
 * (test/unit/magic-values.outcomes.test.ts). Production never reads them.
 */

// ---- Held for a person (issue 27) ----------------------------------------------------------

/**
 * Inputs the simulator leaves alone, so an operator can practise the back-office in the sandbox
 * (docs/sandbox.md "Practising the back-office"): nothing is scheduled for them, as in
 * production, and they wait for `/admin/v1` (or `cofre admin`, or the console's operator view).
 */

/** An account or beneficiary holder whose name contains `MANUAL_REVIEW` (any case). */
export const reviewIsManual = (name: string | null | undefined): boolean =>
  name !== null && name !== undefined && /MANUAL_REVIEW/i.test(name);

/**
 * An operation (deposit, withdrawal, swap, PIX payment or refund) whose amount's minor units end
 * in 77 (`"100.77"` BRL, `"1.000077"` USDT): it stays REQUESTED until the back-office receives,
 * completes or fails it.
 */
export const heldForOperator = (amountMinor: bigint): boolean => amountMinor % 100n === 77n;

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
const endsIn66 = (amountMinor: bigint): boolean => amountMinor % 100n === 66n;

/** A deposit of an amount ending in 66 (minor units) is never paid: it expires (DEPOSIT_EXPIRED). */
export const depositIsPaid = (amountMinor: bigint): boolean => !endsIn66(amountMinor);

/** How a rail (or the exchange desk) answers an operation it took: complete it, or fail it. */
export type RailOutcome =
  { kind: 'complete' } | { kind: 'fail'; reason: { code: RailRejection; message: string } };
export type RailRejection = 'RAIL_REJECTED' | 'PIX_PAYMENT_REJECTED';

const COMPLETE: RailOutcome = { kind: 'complete' };
const rejected = (code: RailRejection, message: string): RailOutcome => ({
  kind: 'fail',
  reason: { code, message },
});

/** A withdrawal of an amount ending in 66 (minor units) is rejected by the rail after PROCESSING. */
export const withdrawalOutcome = (amountMinor: bigint): RailOutcome =>
  endsIn66(amountMinor)
    ? rejected(
        'RAIL_REJECTED',
        'The payment rail rejected the transfer (sandbox: the amount ends in 66).',
      )
    : COMPLETE;

// ---- Swaps (issue 8) -------------------------------------------------------------------------

/**
 * How the desk (the swap's "rail") answers: a swap whose source amount, fees included, ends in
 * 66 minor units (`"100.66"` BRL, `"5.000066"` USDT) is rejected after PROCESSING and its hold
 * released; every other one completes.
 */
export const swapOutcome = (sourceAmountMinor: bigint): RailOutcome =>
  endsIn66(sourceAmountMinor)
    ? rejected(
        'RAIL_REJECTED',
        'The exchange desk rejected the swap (sandbox: the source amount ends in 66).',
      )
    : COMPLETE;

// ---- Limit orders (issue 8) ------------------------------------------------------------------

/**
 * Whether a LIMIT order at this price may ever fill: a `limitPrice` whose decimal string, as the
 * API shows it (trailing zeros dropped: `"5.4166"`, `"5.416600"` → `"5.4166"`), ends in `66`
 * never fills; it stays open until it expires (ORDER_EXPIRED) or is cancelled.
 */
export const limitPriceCanFill = (limitPrice: string): boolean => !limitPrice.endsWith('66');

// ---- PIX payments (issue 8) ------------------------------------------------------------------

/** A PIX key as the magic values read it: its type and normalised value. */
export interface MagicPixKey {
  keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
  key: string;
}

const localPart = (email: string) => email.slice(0, email.lastIndexOf('@'));
const isLocal = (email: string, word: string) =>
  localPart(email) === word || localPart(email).startsWith(`${word}+`);

/**
 * Keys the sandbox directory knows no account for (GET /v1/pix/keys → 404 PIX_KEY_NOT_FOUND, and
 * a payment to them is refused at creation): an e-mail whose local part is `unknown` (or
 * `unknown+anything`), a phone ending in `0000`, the all-zero EVP key, a CPF or CNPJ starting
 * with `99999999`. Chosen so integrators hit them on purpose and real test keys almost never.
 */
export function pixKeyIsUnknown({ keyType, key }: MagicPixKey): boolean {
  switch (keyType) {
    case 'EMAIL':
      return isLocal(key, 'unknown');
    case 'PHONE':
      return key.endsWith('0000');
    case 'EVP':
      return key === '00000000-0000-0000-0000-000000000000';
    case 'CPF':
    case 'CNPJ':
      return key.startsWith('99999999');
  }
}

/**
 * Keys the directory knows but whose payments the rail rejects after PROCESSING: an e-mail whose
 * local part is `reject` (or `reject+anything`), a phone ending in `6666`, the all-`f` EVP key,
 * a CPF or CNPJ starting with `66666666`.
 */
export function pixKeyFailsPayment({ keyType, key }: MagicPixKey): boolean {
  switch (keyType) {
    case 'EMAIL':
      return isLocal(key, 'reject');
    case 'PHONE':
      return key.endsWith('6666');
    case 'EVP':
      return key === 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    case 'CPF':
    case 'CNPJ':
      return key.startsWith('66666666');
  }
}

/**
 * How the rail answers a PIX payment of `amountMinor` to `pixKey`: a rejecting key fails
 * PIX_PAYMENT_REJECTED; an amount ending in 66 fails RAIL_REJECTED, like a withdrawal;
 * everything else completes.
 */
export const pixPaymentOutcome = (pixKey: MagicPixKey, amountMinor: bigint): RailOutcome =>
  pixKeyFailsPayment(pixKey)
    ? rejected(
        'PIX_PAYMENT_REJECTED',
        "The receiver's institution rejected the PIX payment (sandbox: a rejecting key).",
      )
    : withdrawalOutcome(amountMinor);

// ---- PIX refunds (issue 16) ------------------------------------------------------------------

/**
 * How the rail answers a PIX refund (devolução): an amount ending in 66 (minor units,
 * `"10.66"`) fails RAIL_REJECTED after PROCESSING, its hold released and the amount refundable
 * again; every other one completes.
 */
export const pixRefundOutcome = (amountMinor: bigint): RailOutcome =>
  endsIn66(amountMinor)
    ? rejected(
        'RAIL_REJECTED',
        "The payer's institution rejected the PIX refund (sandbox: the amount ends in 66).",
      )
    : COMPLETE;
