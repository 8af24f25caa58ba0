import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { hashSecret, safeEqual } from '../../lib/secrets.js';
import { clientRestrictions, findApiClient } from '../customers/index.js';
import { formatScopes, requestScopes, type Scope } from '../../lib/scopes.js';
import type { ClientRestrictions } from '../customers/index.js';
import type { Verdict } from './attempt-outcome.js';
import { TokenFailureLimiter } from './failure-limiter.js';
import { BASIC_CHALLENGE } from './oauth-error.js';
import type { IssuedToken, TokenIssuer } from './token-issuer.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /**
   * Whether a 401 carries the Basic challenge (`WWW-Authenticate`): the caller used HTTP Basic
   * (RFC 6749 section 5.2), and is not a browser script (oauth.routes.ts).
   */
  basicChallenge: boolean;
  /** The `scope` parameter as sent (RFC 6749 section 3.3); absent: all the client holds. */
  scope?: string | undefined;
}

/** The client row as the token endpoint reads it. */
type ApiClient = NonNullable<Awaited<ReturnType<typeof findApiClient>>>;

// Hash compared against when the client id is unknown, so both failures take the same path.
const UNKNOWN_CLIENT_HASH = hashSecret('cofre.unknown-client');

/**
 * The client-credentials grant (RFC 6749 section 4.4). Unknown client and wrong secret give the
 * same answer; failures are limited per (client id, source address) and per source address
 * (failure-limiter.ts), which sees every failure of every process before it lets an attempt be
 * evaluated.
 */
export class OAuthService {
  private readonly failures: TokenFailureLimiter;

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly issuer: TokenIssuer,
  ) {
    this.failures = new TokenFailureLimiter(db, clock, config.rateLimit.tokenFailuresPerMinute);
  }

  async issueToken(credentials: ClientCredentials, address: string): Promise<IssuedToken> {
    const outcome = await this.failures.attempt(credentials.clientId, address, (db) =>
      this.authenticate(db, credentials),
    );
    // Refused before evaluating, whatever the secret: a right secret answered differently here
    // would tell a guesser which of its attempts was the right one.
    if (outcome.kind === 'limited') {
      throw rateLimited(outcome.retryAfterSeconds, 'Too many failed token requests; slow down.');
    }
    if (outcome.verdict.kind === 'failed') {
      throw new AppError('INVALID_CLIENT', {
        detail: 'Client authentication failed.',
        // RFC 6749 section 5.2: a client that used Basic gets the Basic challenge back.
        headers: credentials.basicChallenge ? { 'www-authenticate': BASIC_CHALLENGE } : {},
      });
    }
    const client = outcome.verdict.value;
    const restrictions = clientRestrictions(client);
    const refusal = this.refusal(restrictions, address, credentials);
    // Not a failed guess: the secret was right, so the failure limiter did not count it.
    if (refusal) throw refusal;
    const scopes = grantedScopes(credentials.scope, restrictions.scopes);
    return this.issuer.issue(
      { id: client.id, customerId: client.customer_id, secretVersion: client.secret_version },
      formatScopes(scopes),
    );
  }

  /**
   * Whether the credentials name an active client of this environment with this secret. Unknown
   * client and wrong secret take the same path (a hash compared in constant time) and the same
   * verdict. Runs inside the failure limiter's attempt, reading through its `db`.
   */
  private async authenticate(db: Db, credentials: ClientCredentials): Promise<Verdict<ApiClient>> {
    const client = await findApiClient(db, credentials.clientId.slice(0, 64));
    const secretMatches = safeEqual(
      hashSecret(credentials.clientSecret),
      client?.secret_hash ?? UNKNOWN_CLIENT_HASH,
    );
    const valid =
      client !== undefined &&
      secretMatches &&
      client.status === 'ACTIVE' &&
      client.environment === this.config.environment;
    return valid ? { kind: 'passed', value: client } : { kind: 'failed' };
  }

  /**
   * A client with the right secret that still may not have a token: expired, or asked from an
   * address outside its networks. The answer names why: only the holder of the secret gets it.
   */
  private refusal(
    restrictions: ClientRestrictions,
    address: string,
    credentials: ClientCredentials,
  ): AppError | undefined {
    const headers: Record<string, string> = credentials.basicChallenge
      ? { 'www-authenticate': BASIC_CHALLENGE }
      : {};
    if (restrictions.expiresAt !== undefined && restrictions.expiresAt <= this.clock.now()) {
      return new AppError('INVALID_CLIENT', {
        detail: `The client expired at ${new Date(restrictions.expiresAt).toISOString()}.`,
        headers,
      });
    }
    if (!restrictions.allows(address)) {
      return new AppError('INVALID_CLIENT', {
        detail: 'The client may not be used from this address (its allowed networks).',
        headers,
      });
    }
    return undefined;
  }
}

/** The scopes of the request within what the client holds, or the invalid_scope refusal. */
function grantedScopes(raw: string | undefined, held: ReadonlySet<Scope>): Set<Scope> {
  const asked = requestScopes(raw, held);
  if (asked.kind === 'granted') return asked.scopes;
  const detail =
    asked.kind === 'unknown'
      ? `Unknown scope ${asked.names.map((n) => JSON.stringify(n)).join(', ')}: the scopes are listed in /.well-known/oauth-authorization-server (scopes_supported).`
      : `The client does not hold ${asked.names.join(', ')}; ask for a subset of what it holds.`;
  throw new AppError('INVALID_SCOPE', {
    detail,
    errors: [{ pointer: '/scope', in: 'body', code: 'INVALID_SCOPE', detail }],
  });
}
