import type { paths } from '../generated/openapi-types.js';

/**
 * The token endpoint's answer to the JSON request (spec section 2, "Token response").
 *
 * @example
 * ```ts
 * const answer: TokenResponse = {
 *   accessToken: 'eyJ…',
 *   tokenType: 'Bearer',
 *   expiresIn: 82800,
 *   scope: 'accounts:read operations:read',
 * };
 * ```
 */
export type TokenResponse = Extract<
  paths['/v1/oauth/client/token']['post']['responses'][200]['content']['application/json'],
  { accessToken: string }
>;

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
    // Token types are case-insensitive (RFC 6749 section 5.1); the server sends `Bearer`.
    body.tokenType.toLowerCase() === 'bearer' &&
    typeof body.expiresIn === 'number' &&
    Number.isFinite(body.expiresIn) &&
    body.expiresIn > 0
  );
}
