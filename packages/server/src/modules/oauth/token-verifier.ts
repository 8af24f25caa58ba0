import { errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { TokenKey } from '../keys/index.js';
import type { AuthContext, BearerVerifier } from '../../plugins/auth-context.js';
import { intersectScopes, parseScopeClaim, type Scope } from '../../lib/scopes.js';
import type { ClientState, ClientStateCache } from './client-state-cache.js';

/** A verified token as remembered: its scopes as issued; the client decides what is left of them. */
type VerifiedToken = Omit<AuthContext, 'scopes'> & {
  tokenScopes: ReadonlySet<Scope> | undefined;
  /** The end of the second the token was issued in (`iat` is in whole seconds), epoch ms. */
  issuedBy: number;
  /** The context handed out last, with the client state and address it was made from. */
  last?: { client: ClientState; address: string; context: AuthContext };
};

const invalidToken = (detail: string): AppError =>
  new AppError('INVALID_ACCESS_TOKEN', {
    detail,
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  });

const expiredToken = (): AppError =>
  new AppError('EXPIRED_ACCESS_TOKEN', {
    detail: 'The access token has expired; request a new one from the token endpoint.',
    headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="expired"' },
  });

/**
 * Verifies bearer tokens. A verified token is remembered until it expires, so the signature is
 * checked once per token rather than once per request; the client's state (active, current
 * secret version) is still consulted on every request through the client-state cache.
 */
export class TokenVerifier implements BearerVerifier {
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly key: TokenKey,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly clients: ClientStateCache,
  ) {}

  async verify(token: string, address: string): Promise<AuthContext> {
    const now = this.clock.now();
    let auth = this.verified.get(token);
    if (auth === undefined) {
      auth = await this.verifySignature(token, now);
      if (this.config.tokens.verifiedCacheSize > 0) {
        // Map keeps insertion order: dropping the first key evicts the oldest entry.
        if (this.verified.size >= this.config.tokens.verifiedCacheSize) {
          const oldest = this.verified.keys().next().value;
          if (oldest !== undefined) this.verified.delete(oldest);
        }
        this.verified.set(token, auth);
      }
    } else if (auth.expiresAt <= now) {
      this.verified.delete(token);
      throw expiredToken();
    }
    let client = await this.clients.get(auth.clientId);
    // A refusal by a state cached before the token was issued may be stale: the token endpoint
    // saw the client active with this secret version. Read once more before refusing (a rotation
    // or an enable followed at once by a request on another process; docs/api.md).
    if (!this.accepts(client, auth)) client = await this.clients.get(auth.clientId, auth.issuedBy);
    if (!client || client.status !== 'ACTIVE' || client.environment !== this.config.environment) {
      throw invalidToken('The client this token was issued to is not active.');
    }
    if (client.secretVersion !== auth.secretVersion) {
      throw invalidToken("The token was issued before the client's secret was rotated.");
    }
    const { restrictions } = client;
    if (restrictions.expiresAt !== undefined && restrictions.expiresAt <= now) {
      throw invalidToken('The client this token was issued to has expired.');
    }
    // The same client state (the cache hands out one object until it reads the client again)
    // from the same address allows what it allowed the last time: the context is reused.
    const last = auth.last;
    if (last !== undefined && last.client === client && last.address === address) {
      return last.context;
    }
    if (!restrictions.allows(address)) {
      throw invalidToken('The client this token was issued to may not be used from this address.');
    }
    const { tokenScopes } = auth;
    // A token from before scopes (no claim) carries what its client holds, as it always did.
    const scopes =
      tokenScopes === undefined
        ? restrictions.scopes
        : intersectScopes(tokenScopes, restrictions.scopes);
    const context: AuthContext = {
      customerId: auth.customerId,
      clientId: auth.clientId,
      secretVersion: auth.secretVersion,
      expiresAt: auth.expiresAt,
      scopes,
      rateLimit: client.rateLimit,
      accounts: restrictions.accounts,
    };
    auth.last = { client, address, context };
    return context;
  }

  private accepts(client: ClientState | undefined, auth: VerifiedToken): boolean {
    return (
      client !== undefined &&
      client.status === 'ACTIVE' &&
      client.environment === this.config.environment &&
      client.secretVersion === auth.secretVersion
    );
  }

  private async verifySignature(token: string, now: number): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: [this.key.alg],
        issuer: this.config.tokens.issuer,
        audience: this.config.tokens.audience,
        typ: 'at+jwt',
        currentDate: new Date(now),
        clockTolerance: 0,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      const { sub, client_id: clientId, ver, exp, iat, scope } = payload;
      if (
        typeof sub !== 'string' ||
        typeof clientId !== 'string' ||
        typeof ver !== 'number' ||
        typeof exp !== 'number' ||
        typeof iat !== 'number' ||
        (scope !== undefined && typeof scope !== 'string')
      ) {
        throw invalidToken('The access token is missing required claims.');
      }
      return {
        customerId: sub,
        clientId,
        secretVersion: ver,
        expiresAt: exp * 1000,
        tokenScopes: scope === undefined ? undefined : parseScopeClaim(scope),
        issuedBy: (iat + 1) * 1000,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw expiredToken();
      throw invalidToken('The access token is not valid.');
    }
  }
}
