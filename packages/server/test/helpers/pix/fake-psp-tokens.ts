import { randomBytes } from 'node:crypto';
import type { FakePspReply } from './fake-psp-problem.js';

/**
 * The PSP's OAuth 2.0 token endpoint (not part of API Pix: the document only names the
 * clientCredentials flow and a tokenUrl). RFC 6749 section 4.4: POST, form
 * grant_type=client_credentials, the client by HTTP Basic (section 2.3.1: id and secret
 * form-urlencoded before base64); section 5.1's answer. Tokens are opaque and expire.
 */
export class FakePspTokens {
  private readonly issued = new Map<string, number>();
  requests = 0;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly lifetimeSeconds: number,
    private readonly now: () => number,
  ) {}

  issue(headers: Record<string, string | string[] | undefined>, body: string): FakePspReply {
    this.requests += 1;
    const form = new URLSearchParams(body);
    if (!String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return {
        status: 400,
        body: { error: 'invalid_request', error_description: 'form body expected' },
      };
    }
    if (form.get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (!this.authenticates(headers.authorization)) {
      return {
        status: 401,
        body: { error: 'invalid_client' },
        headers: { 'www-authenticate': 'Basic realm="psp"' },
      };
    }
    const token = randomBytes(24).toString('base64url');
    this.issued.set(token, this.now() + this.lifetimeSeconds * 1_000);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: this.lifetimeSeconds,
        scope: 'cob.read cob.write pix.read pix.write webhook.read webhook.write',
      },
      headers: { 'cache-control': 'no-store' },
    };
  }

  valid(authorization: string | undefined): boolean {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const until = token === undefined ? undefined : this.issued.get(token);
    return until !== undefined && this.now() < until;
  }

  /** Every token issued so far stops working (the PSP's 401 on the next call). */
  expireAll(): void {
    this.issued.clear();
  }

  private authenticates(authorization: string | string[] | undefined): boolean {
    const encoded = /^Basic (\S+)$/i.exec(String(authorization ?? ''))?.[1];
    if (encoded === undefined) return false;
    const [id, secret] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    try {
      const decode = (s: string | undefined) => decodeURIComponent((s ?? '').replace(/\+/g, ' '));
      return decode(id) === this.clientId && decode(secret) === this.clientSecret;
    } catch {
      return false;
    }
  }
}
