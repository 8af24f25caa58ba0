/** Who is calling: established by the auth hook from a verified access token. */
export interface AuthContext {
  customerId: string;
  clientId: string;
  /** The client's secret version the token was issued under. */
  secretVersion: number;
  /** Token expiry, epoch milliseconds. */
  expiresAt: number;
}

/**
 * What the auth hook needs from whoever checks bearer tokens: the integrators' token verifier
 * today (modules/oauth/token-verifier.ts), an operator (back-office) verifier later. Rejections
 * are AppErrors (401 with `WWW-Authenticate`), rendered by the error plugin.
 */
export interface BearerVerifier {
  verify(token: string): Promise<AuthContext>;
}
