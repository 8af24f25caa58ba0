/**
 * Minor units inside JSON columns (operations' `details`, quotes' `fees`): a bigint is written
 * as a decimal string of minor units ("125000"), so that reading it back never goes through a
 * JSON number (a double, which rounds beyond 2^53). Reading turns the values of the money keys
 * below back into bigints, from that string form or from the JSON number that rows written
 * before amounts were BigInt hold (safe integers when they were written). The same rule by name
 * as the database's money columns (db/int64-columns.ts).
 */
export const MONEY_JSON_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'sourceAmount',
  'targetAmount',
  'convertedAmount',
  'receivedAmount',
  'notional',
  // Transfers (what the destination is credited) and PIX refunds (a deposit's refunded total).
  'destinationAmount',
  'refundedAmount',
]);

const INTEGER_TEXT = /^-?[0-9]+$/;

/** JSON.stringify that writes every bigint as its decimal string. */
export const stringifyMoneyJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * JSON.parse that reads the money keys (MONEY_JSON_KEYS) as bigints: an integer string (the
 * current form) or a safe-integer number (rows written before). Anything else under such a
 * key (null, a decimal like "12.50") is left as it is.
 */
export function parseMoneyJson<T>(text: string): T {
  return JSON.parse(text, (key, v: unknown) => {
    if (!MONEY_JSON_KEYS.has(key)) return v;
    if (typeof v === 'string' && INTEGER_TEXT.test(v)) return BigInt(v);
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new RangeError(`${key}: ${v} is not minor units`);
      return BigInt(v);
    }
    return v;
  }) as T;
}
