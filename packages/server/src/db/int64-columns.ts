import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * The one rule for reading 64-bit integers (docs/architecture.md "Database"). Both drivers hand
 * every int8 / INTEGER over exactly, as a BigInt (create-db.ts: PostgreSQL's int8 parser,
 * better-sqlite3's safeIntegers), and this plugin decides by the column's name what it becomes:
 *
 * - a money column (MONEY_COLUMNS) stays a `bigint`: minor units are exact end to end, up to
 *   the int8 bound (lib/money.ts MAX_BALANCE_MINOR);
 * - every other integer (epoch milliseconds, counters, versions, seq) becomes a `number`, and
 *   one a number cannot hold exactly throws rather than rounds.
 *
 * A money aggregate (`sum(amount)`) is `numeric` on PostgreSQL, which pg hands over as a decimal
 * string; it is read as a bigint too, so a query may alias an aggregate to a money name and get
 * the same type on both engines.
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
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`${column} ${value} is not a safe integer; refusing to round it`);
  }
  return Number(value);
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const INTEGER_TEXT = /^-?[0-9]+$/;

/** A money column's value as a bigint: BigInt from either driver, or PostgreSQL's numeric text. */
export function moneyValue(value: unknown, column: string): unknown {
  if (typeof value === 'bigint' || value === null) return value;
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new RangeError(`money column ${column} holds ${JSON.stringify(value)}, not an integer`);
}

/** Maps one row in place (rows are fresh objects from the driver; the hot path saves copies). */
export function readInt64Row(row: UnknownRow): UnknownRow {
  const values = row as Record<string, unknown>;
  for (const column in values) {
    const value = values[column];
    if (MONEY_COLUMNS.has(column)) values[column] = moneyValue(value, column);
    else if (typeof value === 'bigint') values[column] = int64ToNumber(value, column);
  }
  return row;
}

export class Int64Columns implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) readInt64Row(row);
    return Promise.resolve(args.result);
  }
}
