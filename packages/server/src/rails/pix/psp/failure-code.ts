/**
 * What went wrong on the way to the PSP, as a code safe to log: the network or TLS failure's
 * code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, UND_ERR_SOCKET, SELF_SIGNED_CERT_IN_CHAIN,
 * CERT_HAS_EXPIRED…), looked for along the error's causes, else the error's class name. Never
 * the message, which may quote a URL or a header.
 */
export function failureCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error instanceof Error ? error.name : 'unknown error';
}
