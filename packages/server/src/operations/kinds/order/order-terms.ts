import { parseDateTime } from '../../../lib/date-time.js';
import { invalidData, type FieldError } from '../../../lib/errors.js';
import type { Asset } from '../../../lib/money.js';
import { parseRate } from '../../../lib/rate.js';
import type { OrderType } from './order.js';

/** A LIMIT order without expiresAt lives this long (docs/api.md "Orders"). */
export const DEFAULT_ORDER_LIFETIME_MS = 24 * 60 * 60_000;
/** The furthest a LIMIT order's expiresAt may be. */
export const MAX_ORDER_LIFETIME_MS = 30 * 24 * 60 * 60_000;

export interface OrderTerms {
  /** Rate units (lib/rate.ts); null for MARKET. */
  limitPrice: bigint | null;
  /** ms; null for MARKET. */
  expiresAt: number | null;
}

/**
 * The rules of an order's shape that the schema cannot state, all reported at once as 400
 * INVALID_DATA: two different assets; MARKET takes no limitPrice or expiresAt; LIMIT needs a
 * limitPrice > 0 of at most 12 decimals and an expiresAt in (now, now + 30 days].
 */
export function orderTerms(
  input: {
    type: OrderType;
    baseAsset: Asset;
    quoteAsset: Asset;
    limitPrice?: string | undefined;
    expiresAt?: string | undefined;
  },
  now: number,
): OrderTerms {
  const errors: FieldError[] = [];
  const error = (field: string, code: string, detail: string) =>
    errors.push({ pointer: `/${field}`, in: 'body', code, detail });
  if (input.baseAsset === input.quoteAsset) {
    error('quoteAsset', 'SAME_ASSET', 'baseAsset and quoteAsset must be two different assets.');
  }
  if (input.type === 'MARKET') {
    if (input.limitPrice !== undefined) {
      error('limitPrice', 'UNKNOWN_FIELD', 'A MARKET order takes no limitPrice.');
    }
    if (input.expiresAt !== undefined) {
      error('expiresAt', 'UNKNOWN_FIELD', 'A MARKET order takes no expiresAt: it fills at once.');
    }
    if (errors.length > 0) throw invalidData(errors);
    return { limitPrice: null, expiresAt: null };
  }
  let limitPrice: bigint | undefined;
  if (input.limitPrice === undefined) {
    error('limitPrice', 'REQUIRED', 'A LIMIT order needs a limitPrice.');
  } else {
    limitPrice = parseRate(input.limitPrice);
    if (limitPrice === undefined) {
      error(
        'limitPrice',
        'OUT_OF_RANGE',
        'limitPrice must be greater than zero with at most 12 decimals.',
      );
    }
  }
  const expiresAt =
    input.expiresAt === undefined
      ? now + DEFAULT_ORDER_LIFETIME_MS
      : parseDateTime(input.expiresAt);
  if (expiresAt === undefined || expiresAt <= now || expiresAt > now + MAX_ORDER_LIFETIME_MS) {
    error('expiresAt', 'OUT_OF_RANGE', 'expiresAt must be in the future, at most 30 days ahead.');
  }
  if (errors.length > 0 || limitPrice === undefined || expiresAt === undefined) {
    throw invalidData(errors);
  }
  return { limitPrice, expiresAt };
}
