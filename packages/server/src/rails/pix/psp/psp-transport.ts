/**
 * One authenticated HTTPS exchange with the PSP, shared by the API Pix client and the payout
 * adapters (which call the same PSP, with the same token and certificate, on its own paths).
 * It owns the OAuth 2.0 client-credentials token (cached until shortly before it expires,
 * fetched once for concurrent callers, fetched again once on a 401), the mTLS agent and the
 * timeouts.
 *
 * It answers with the status and the parsed JSON body for every status the PSP meant (2xx, and
 * 4xx other than 401 and 429), and throws PspUnavailable (api-pix.ts) otherwise: a network
 * error, a timeout, a TLS failure, 5xx, 429 (with Retry-After), a 401 that a fresh token did not
 * cure, or a body that is not JSON where JSON was due.
 */
export interface PspTransport {
  request(
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    /** Absolute, or relative to COFRE_PIX_PSP_URL (`/cob/…` is appended to its path). */
    url: string,
    options?: { query?: Readonly<Record<string, string>>; body?: unknown },
  ): Promise<PspExchange>;
  /** Closes the agent's connections (worker shutdown). */
  close(): Promise<void>;
}

export interface PspExchange {
  status: number;
  /** The parsed JSON body; undefined when there was none (e.g. 200 of PUT /webhook, 204). */
  body: unknown;
}
