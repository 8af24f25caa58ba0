/**
 * Whether `error` is the database refusing a value for its size rather than for what it says:
 * PostgreSQL's `program_limit_exceeded` (54000: a btree entry over ~2,700 bytes — "index row size
 * exceeds btree maximum" — or any other per-value limit) and `string_data_right_truncation`
 * (22001: a value over a `varchar(n)`), SQLite's `SQLITE_TOOBIG`.
 *
 * Every request string has a `maxLength` (docs/api.md "Input limits") that keeps values well
 * inside these limits, so this is the second line: a limit missing or too generous, or a value
 * made longer by the server (a fingerprint, a normalised form), gets a 400 instead of an opaque
 * 500. The two engines differ here on purpose only in what each can store.
 */
export function isValueTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '54000' || code === '22001' || code === 'SQLITE_TOOBIG';
}
