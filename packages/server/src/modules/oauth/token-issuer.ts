import { randomUUID, sign } from 'node:crypto';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenKey } from '../keys/index.js';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  /** The granted scopes, space-separated (RFC 6749 section 3.3). */
  scope: string;
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs access tokens: JWT profile for OAuth 2.0 access tokens (RFC 9068, `typ: at+jwt`), with
 * the customer as `sub`, the client as `client_id`, `ver` the client's secret version and `scope`
 * the granted scopes (section 2.2.3).
 * The compact JWS (RFC 7515 section 7.1) is assembled here and signed with node:crypto's
 * synchronous Ed25519, several times cheaper than a WebCrypto round trip; verification stays
 * with jose (token-verifier.ts), which the tests also use to check these tokens.
 */
export class TokenIssuer {
  private readonly header: string;

  constructor(
    private readonly key: TokenKey,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.header = b64({ alg: key.alg, typ: 'at+jwt', kid: key.kid });
  }

  issue(
    client: { id: string; customerId: string; secretVersion: number },
    scope: string,
  ): IssuedToken {
    const iat = Math.floor(this.clock.now() / 1000);
    const lifetime = this.config.tokens.lifetimeSeconds;
    const payload = b64({
      iss: this.config.tokens.issuer,
      aud: this.config.tokens.audience,
      sub: client.customerId,
      client_id: client.id,
      ver: client.secretVersion,
      iat,
      exp: iat + lifetime,
      jti: randomUUID(),
      scope,
    });
    const signingInput = `${this.header}.${payload}`;
    const signature = sign(null, Buffer.from(signingInput), this.key.privateKey).toString(
      'base64url',
    );
    return { accessToken: `${signingInput}.${signature}`, expiresIn: lifetime, scope };
  }
}
