import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { hashSecret, safeEqual } from '../../lib/secrets.js';
import { findApiClient } from '../customers/index.js';
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
}

// Hash compared against when the client id is unknown, so both failures take the same path.
const UNKNOWN_CLIENT_HASH = hashSecret('cofre.unknown-client');

/**
 * The client-credentials grant (RFC 6749 section 4.4). Unknown client and wrong secret give the
 * same answer; failures are limited per (client id, source address) and per source address
 * (failure-limiter.ts), counting each attempt before it is evaluated.
 */
export class OAuthService {
  private readonly failures: TokenFailureLimiter;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    clock: Clock,
    private readonly issuer: TokenIssuer,
  ) {
    this.failures = new TokenFailureLimiter(db, clock, config.rateLimit.tokenFailuresPerMinute);
  }

  async issueToken(credentials: ClientCredentials, address: string): Promise<IssuedToken> {
    const reservation = await this.failures.reserve(credentials.clientId, address);
    // Refused before evaluating, whatever the secret: a right secret answered differently here
    // would tell a guesser which of its attempts was the right one.
    if (reservation.kind === 'limited') {
      throw rateLimited(
        reservation.retryAfterSeconds,
        'Too many failed token requests; slow down.',
      );
    }
    let failed = false;
    try {
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
        failed = true;
        throw new AppError('INVALID_CLIENT', {
          detail: 'Client authentication failed.',
          // RFC 6749 section 5.2: a client that used Basic gets the Basic challenge back.
          headers: credentials.basicChallenge ? { 'www-authenticate': BASIC_CHALLENGE } : {},
        });
      }
      return this.issuer.issue({
        id: client.id,
        customerId: client.customer_id,
        secretVersion: client.secret_version,
      });
    } finally {
      // Best effort: if the write fails, the count is still bounded by its window, and the
      // answer (token or 401) is already decided.
      await (failed ? reservation.fail() : reservation.release()).catch(() => undefined);
    }
  }
}
