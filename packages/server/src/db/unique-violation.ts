/**
 * Whether `error` is a unique-constraint violation, on either engine (PostgreSQL SQLSTATE 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE): the database deciding a race that a read before the
 * write could not (two requests creating the same thing at once).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
