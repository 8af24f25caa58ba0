/**
 * Whether an error means "the database cannot be reached or answer now" (an outage: a restart,
 * a failover, a pooler or a DBA closing connections, a network partition, a lock held past its
 * deadline), as opposed to a bug or a refused statement. Such an error is answered 503
 * DATABASE_UNAVAILABLE with Retry-After, never 500, and never ends the process.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Callers and libraries wrap errors; the cause chain is bounded against cycles.
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (isOutage(current)) return true;
    current = current.cause;
  }
  return false;
}

/** Socket-level failures of the connection to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01–57P03 admin shutdown, crash shutdown, cannot connect now (starting
 * up, failing over); 57014 a statement cancelled at its `statement_timeout`; 53300 too many
 * connections. Class 08 (connection exception) is matched by prefix.
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** node-postgres and pg-pool raise these as plain Errors, without a code. */
const PG_MESSAGES = [
  'Connection terminated', // also "… unexpectedly", "… due to connection timeout"
  'timeout exceeded when trying to connect', // pool acquire or connect past connectionTimeoutMillis
  'Query read timeout', // the client-side query_timeout: no answer from the server
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isOutage(error: Error): boolean {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // better-sqlite3: another writer held the lock past busy_timeout (extended codes included).
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  }
  return PG_MESSAGES.some((message) => error.message.startsWith(message));
}
