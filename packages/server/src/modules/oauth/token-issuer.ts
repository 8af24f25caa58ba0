import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenKey } from '../keys/signing-keys.js';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

/**
 * Signs access tokens: JWT profile for OAuth 2.0 access tokens (RFC 9068, `typ: at+jwt`), with
 * the customer as `sub`, the client as `client_id`, and `ver` the client's secret version.
 */
export class TokenIssuer {
  constructor(
    private readonly key: TokenKey,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async issue(client: {
    id: string;
    customerId: string;
    secretVersion: number;
  }): Promise<IssuedToken> {
    const iat = Math.floor(this.clock.now() / 1000);
    const lifetime = this.config.tokens.lifetimeSeconds;
    const accessToken = await new SignJWT({ client_id: client.id, ver: client.secretVersion })
      .setProtectedHeader({ alg: this.key.alg, typ: 'at+jwt', kid: this.key.kid })
      .setIssuer(this.config.tokens.issuer)
      .setAudience(this.config.tokens.audience)
      .setSubject(client.customerId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .setJti(randomUUID())
      .sign(this.key.privateKey);
    return { accessToken, expiresIn: lifetime };
  }
}
