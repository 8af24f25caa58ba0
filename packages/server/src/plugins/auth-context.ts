import type { Owner } from '../lib/owner.js';
import type { Scope } from '../lib/scopes.js';

/**
 * Who is calling: established by the auth hook from a verified access token. It is the request's
 * Owner (lib/owner.ts), handed as is to every service that scopes by customer and account.
 */
export interface AuthContext extends Owner {
  customerId: string;
  clientId: string;
  /** The client's secret version the token was issued under. */
  secretVersion: number;
  /** Token expiry, epoch milliseconds. */
  expiresAt: number;
  /**
   * What this request may do: the token's scopes that its client still holds now (an edit of
   * the client narrows tokens already issued within COFRE_CLIENT_CACHE_TTL_MS).
   */
  scopes: ReadonlySet<Scope>;
  /** The client's own requests per minute (a back-office override); undefined: the default. */
  rateLimit?: number | undefined;
  /**
   * The accounts the client is bound to, as the client holds them now (an edit reaches tokens
   * already issued within COFRE_CLIENT_CACHE_TTL_MS); undefined: every account of the customer.
   */
  accounts?: ReadonlySet<string> | undefined;
}

/**
 * What the auth hook needs from whoever checks bearer tokens: the integrators' token verifier
 * today (modules/oauth/token-verifier.ts), an operator (back-office) verifier later. Rejections
 * are AppErrors (401 with `WWW-Authenticate`), rendered by the error plugin. `address` is the
 * request's client address, for clients limited to some networks.
 */
export interface BearerVerifier {
  verify(token: string, address: string): Promise<AuthContext>;
}
