/** Who is calling: established by the auth hook from a verified access token. */
export interface AuthContext {
  customerId: string;
  clientId: string;
  /** The client's secret version the token was issued under. */
  secretVersion: number;
  /** Token expiry, epoch milliseconds. */
  expiresAt: number;
}
