/**
 * The one rule for reading 64-bit integers (docs/architecture.md "Database"). Both drivers hand
 * every int8 / INTEGER over exactly, as a BigInt (create-db.ts: PostgreSQL's int8 parser,
 * better-sqlite3's safeIntegers), and the column's name decides what it becomes:
 *
 * - a money column (MONEY_COLUMNS) stays a `bigint`: minor units are exact end to end, up to
 *   the int8 bound (lib/money.ts MAX_BALANCE_MINOR);
 * - every other integer (epoch milliseconds, counters, versions, seq) becomes a `number`, and
 *   one a number cannot hold exactly throws rather than rounds.
 *
 * A money aggregate (`sum(amount)`) is `numeric` on PostgreSQL, which pg hands over as a decimal
 * string; it is read as a bigint too, so a query may alias an aggregate to a money name and get
 * the same type on both engines.
 *
 * The rule is applied per result shape, not per key of every row: each engine's seam names the
 * columns of a result that can hold an integer (create-db.ts, from the statement's or the
 * result's column types), `int64Reading` turns those into a plan once, and the rows are read
 * through it, touching only those columns. A text column is never looked at.
 */
export const MONEY_COLUMNS: ReadonlySet<string> = new Set([
  // ledger_balances, ledger_entries, ledger_holds, operations
  'available',
  'pending',
  'amount',
  'balance_after',
  // quotes
  'source_amount',
  'target_amount',
  'converted_amount',
  // aggregates of the above (ledger/verify-ledger.ts)
  'net',
  'held',
]);

/** A 64-bit integer as a number, or a RangeError rather than a rounding. */
export function int64ToNumber(value: bigint, column = 'integer'): number {
  const number = Number(value);
  // Any |value| >= 2^53 converts to a number >= 2^53 in magnitude, which is not a safe integer:
  // one comparison of numbers instead of two of bigints.
  if (!Number.isSafeInteger(number)) {
    throw new RangeError(`${column} ${value} is not a safe integer; refusing to round it`);
  }
  return number;
}

const INTEGER_TEXT = /^-?[0-9]+$/;

/** A money column's value as a bigint: BigInt from either driver, or PostgreSQL's numeric text. */
export function moneyValue(value: unknown, column: string): unknown {
  if (typeof value === 'bigint' || value === null) return value;
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new RangeError(`money column ${column} holds ${JSON.stringify(value)}, not an integer`);
}

/** Reads every row of one result shape in place (rows are fresh objects from the driver). */
export type Int64Reading = (rows: readonly unknown[]) => void;

/** Nothing to read: a result without any column that can hold an integer. */
const untouched: Int64Reading = () => {};

/**
 * The reading of a result whose columns that can hold an integer are `integerColumns` (by
 * name, in any order; other columns are left alone). Money columns are named here whatever
 * their type, since an int4 or numeric aggregate under a money name is read as a bigint too.
 */
export function int64Reading(integerColumns: Iterable<string>): Int64Reading {
  const money: string[] = [];
  const others: string[] = [];
  for (const column of integerColumns) (MONEY_COLUMNS.has(column) ? money : others).push(column);
  if (money.length === 0 && others.length === 0) return untouched;
  return (rows) => {
    for (const row of rows) {
      const values = row as Record<string, unknown>;
      for (const column of money) {
        const value = values[column];
        if (typeof value !== 'bigint' && value !== undefined) {
          values[column] = moneyValue(value, column);
        }
      }
      for (const column of others) {
        const value = values[column];
        if (typeof value === 'bigint') values[column] = int64ToNumber(value, column);
      }
    }
  };
}

/** One row of unknown shape, every key looked at: the rule itself, for rows no seam planned. */
export function readInt64Row<T extends object>(row: T): T {
  int64Reading(Object.keys(row))([row]);
  return row;
}
