/**
 * Minor units inside JSON columns (operations' `details`, quotes' `fees`): a bigint is written
 * as a decimal string of minor units ("125000"), so that reading it back never goes through a
 * JSON number (a double, which rounds beyond 2^53). Reading turns the values of a shape's money
 * keys back into bigints, from that string form or from the JSON number that rows written
 * before amounts were BigInt hold (safe integers when they were written). The same rule by name
 * as the database's money columns (db/int64-columns.ts).
 *
 * Which keys are money is declared with the shape, never in a list kept here: `moneyJson<T>()`
 * demands one entry for every key of T (at any depth) whose value is a bigint, so a money field
 * added to a kind's details does not compile until it is declared, and never silently reads back
 * as a string (issue 24).
 */

/** The names of T's bigint-valued keys, at any depth (inside objects and arrays). */
export type MoneyKeys<T> = T extends readonly (infer E)[]
  ? MoneyKeys<E>
  : T extends object
    ? {
        [K in keyof T & string]-?:
          (NonNullable<T[K]> extends bigint ? K : never) | MoneyKeys<NonNullable<T[K]>>;
      }[keyof T & string]
    : never;

/** Every money key of T, each marked `true`: the compiler asks for a missing one. */
export type MoneyFields<T> = { readonly [K in MoneyKeys<T>]: true };

/** Reading and writing one JSON shape whose money keys are declared. */
export interface MoneyJson<T> {
  /** The money keys, as declared (one list of them all is the kinds' union, kinds/lifecycles.ts). */
  readonly keys: readonly string[];
  /** JSON.parse reading the money keys as bigints (see parseMoneyJsonWith). */
  parse(text: string): T;
}

const INTEGER_TEXT = /^-?[0-9]+$/;

/** JSON.stringify that writes every bigint as its decimal string. */
export const stringifyMoneyJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The reader of a shape T, given each of its money keys. */
export function moneyJson<T>(fields: MoneyFields<T>): MoneyJson<T> {
  const keys: ReadonlySet<string> = new Set(Object.keys(fields));
  return { keys: [...keys], parse: (text) => parseMoneyJsonWith<T>(keys, text) };
}

/**
 * JSON.parse that reads `keys` as bigints: an integer string (the current form) or a
 * safe-integer number (rows written before). Anything else under such a key (null, a decimal
 * like "12.50") is left as it is.
 *
 * Parsed plainly, then walked: a reviver function makes JSON.parse call back for every value,
 * which made reading a page of operations' details and fees several times slower (their parse
 * was 5 % of a busy server's time in bench:neighbour's deep pages; docs/operations.md).
 */
export function parseMoneyJsonWith<T>(keys: ReadonlySet<string>, text: string): T {
  return reviveMoney(keys, JSON.parse(text) as unknown) as T;
}

/** Every value under one of `keys`, at any depth, read as minor units where it is one. */
function reviveMoney(keys: ReadonlySet<string>, value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = reviveMoney(keys, value[i]);
  } else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const inner = reviveMoney(keys, object[key]);
      object[key] = keys.has(key) ? minorUnits(key, inner) : inner;
    }
  }
  return value;
}

function minorUnits(key: string, v: unknown): unknown {
  if (typeof v === 'string' && INTEGER_TEXT.test(v)) return BigInt(v);
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${key}: ${v} is not minor units`);
    return BigInt(v);
  }
  return v;
}
