/**
 * The token endpoint's answer to the JSON request (spec section 2, "Token response").
 *
 * @example
 * ```ts
 * const answer: TokenResponse = { accessToken: 'eyJ…', tokenType: 'Bearer', expiresIn: 82800 };
 * ```
 */
export interface TokenResponse {
  accessToken: string;
  tokenType: string;
  /** Lifetime in seconds (82,800 in the spec). */
  expiresIn: number;
}

/**
 * Whether a parsed body is a usable token response: a non-empty bearer token and a positive
 * lifetime.
 *
 * @example
 * ```ts
 * if (!isTokenResponse(data)) throw new Error('not a token response');
 * ```
 */
export function isTokenResponse(value: unknown): value is TokenResponse {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.accessToken === 'string' &&
    body.accessToken !== '' &&
    typeof body.tokenType === 'string' &&
    body.tokenType.toLowerCase() === 'bearer' &&
    typeof body.expiresIn === 'number' &&
    Number.isFinite(body.expiresIn) &&
    body.expiresIn > 0
  );
}
