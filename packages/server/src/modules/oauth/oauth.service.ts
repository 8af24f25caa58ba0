import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { TokenBucketLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, safeEqual } from '../../lib/secrets.js';
import { findApiClient } from '../customers/customers.repository.js';
import type { IssuedToken, TokenIssuer } from './token-issuer.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Whether the caller authenticated with HTTP Basic (the 401 then carries WWW-Authenticate). */
  viaBasic: boolean;
}

// Hash compared against when the client id is unknown, so both failures take the same path.
const UNKNOWN_CLIENT_HASH = hashSecret('cofre.unknown-client');

/**
 * The client-credentials grant (RFC 6749 section 4.4). Unknown client and wrong secret give the
 * same answer; repeated failures from one address or against one client id are slowed down.
 */
export class OAuthService {
  private readonly failuresByClient: TokenBucketLimiter;
  private readonly failuresByAddress: TokenBucketLimiter;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    clock: Clock,
    private readonly issuer: TokenIssuer,
  ) {
    const perMinute = config.rateLimit.tokenFailuresPerMinute;
    this.failuresByClient = new TokenBucketLimiter(perMinute, 60_000, clock);
    this.failuresByAddress = new TokenBucketLimiter(perMinute, 60_000, clock);
  }

  async issueToken(credentials: ClientCredentials, address: string): Promise<IssuedToken> {
    for (const decision of [
      this.failuresByAddress.peek(address),
      this.failuresByClient.peek(credentials.clientId),
    ]) {
      if (decision.kind === 'limited') {
        throw rateLimited(decision.retryAfterSeconds, 'Too many failed token requests; slow down.');
      }
    }
    const client = await findApiClient(this.db, credentials.clientId.slice(0, 64));
    const secretMatches = safeEqual(
      hashSecret(credentials.clientSecret),
      client?.secret_hash ?? UNKNOWN_CLIENT_HASH,
    );
    if (
      !client ||
      !secretMatches ||
      client.status !== 'ACTIVE' ||
      client.environment !== this.config.environment
    ) {
      this.failuresByAddress.take(address);
      this.failuresByClient.take(credentials.clientId);
      throw new AppError('INVALID_CLIENT', {
        detail: 'Client authentication failed.',
        extensions: { error: 'invalid_client', error_description: 'Client authentication failed.' },
        headers: credentials.viaBasic
          ? { 'www-authenticate': 'Basic realm="cofre", charset="UTF-8"' }
          : {},
      });
    }
    return this.issuer.issue({
      id: client.id,
      customerId: client.customer_id,
      secretVersion: client.secret_version,
    });
  }
}
