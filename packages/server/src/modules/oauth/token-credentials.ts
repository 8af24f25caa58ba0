import { AppError, invalidData, type FieldError } from '../../lib/errors.js';
import { isStorableText } from '../../lib/storable-text.js';
import { BASIC_CHALLENGE } from './oauth-error.js';
import { MAX_CLIENT_ID_CHARS, MAX_CLIENT_SECRET_CHARS } from './oauth.schemas.js';
import type { ClientCredentials } from './oauth.service.js';

/**
 * The client credentials of a token request (RFC 6749 sections 2.3 and 4.4.2), from the spec's
 * JSON body, the form body or HTTP Basic, with the refusals that belong to reading them: another
 * grant type, two authentication methods, none. The `scope` asked for (both forms name it so) is
 * read against the client by oauth.service.ts.
 */
export function readCredentials(
  body: Record<string, string | undefined>,
  authorization: string | undefined,
  isForm: boolean,
  browserScript: boolean,
): ClientCredentials {
  const fromBody = isForm
    ? { id: body.client_id, secret: body.client_secret }
    : { id: body.clientId, secret: body.clientSecret };
  if (isForm && body.grant_type !== 'client_credentials') {
    throw new AppError('UNSUPPORTED_GRANT_TYPE', {
      detail: 'Only grant_type=client_credentials is supported.',
    });
  }
  const basic = parseBasic(authorization);
  // With Basic, a client_id in the body naming the same client is not a second method (some
  // libraries add it); a secret in the body, or another id, is.
  const secondMethod =
    basic !== undefined &&
    (fromBody.secret !== undefined || (fromBody.id !== undefined && fromBody.id !== basic.id));
  if (secondMethod) {
    // RFC 6749 section 2.3: a client must not use more than one authentication method.
    throw invalidData(
      [
        {
          pointer: '',
          in: 'header',
          code: 'CONFLICT',
          detail: 'Send credentials in HTTP Basic or in the body, not both.',
        },
      ],
      'Send credentials in HTTP Basic or in the body, not both.',
    );
  }
  if (basic) {
    refuseUnreadableBasic(basic);
    return {
      clientId: basic.id,
      clientSecret: basic.secret,
      basicChallenge: !browserScript,
      scope: body.scope,
    };
  }
  if (isForm && (fromBody.id === undefined || fromBody.secret === undefined)) {
    // RFC 6749 section 5.2: no (or an unsupported) client authentication is invalid_client;
    // the challenge names the method to use.
    throw new AppError('INVALID_CLIENT', {
      detail:
        'No client authentication: send HTTP Basic, or client_id and client_secret in the body.',
      headers: browserScript ? {} : { 'www-authenticate': BASIC_CHALLENGE },
    });
  }
  if (fromBody.id === undefined || fromBody.secret === undefined) {
    // The JSON schema requires both; kept for a body that bypassed it.
    throw invalidData(
      ['clientId', 'clientSecret']
        .filter((n) => body[n] === undefined)
        .map((n) => ({
          pointer: `/${n}`,
          in: 'body' as const,
          code: 'REQUIRED',
          detail: `${n} is required.`,
        })),
    );
  }
  return {
    clientId: fromBody.id,
    clientSecret: fromBody.secret,
    basicChallenge: false,
    scope: body.scope,
  };
}

/**
 * A request a page's script sent (Swagger UI at /docs sends `X-Requested-With: XMLHttpRequest`).
 * Its 401 goes without the Basic challenge, which would make the browser open its own login
 * dialog over the page; the body still says invalid_client. (Spring Security does the same.)
 */
export function fromBrowserScript(header: string | string[] | undefined): boolean {
  return typeof header === 'string' && header.toLowerCase() === 'xmlhttprequest';
}

/** HTTP Basic per RFC 6749 section 2.3.1: both parts are form-urlencoded before base64. */
function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: '', secret: '' };
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replaceAll('+', ' '));
    } catch {
      return s;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

/**
 * Basic credentials under the rules their body forms have (docs/api.md "Input limits"): what a
 * schema checks in the body — the length, no NUL or unpaired surrogate — is checked here, since
 * a header has no schema. Percent-decoding (RFC 6749 section 2.3.1) makes a NUL out of `%00`,
 * which PostgreSQL text cannot hold: the look-up of the client was a 500 there.
 */
function refuseUnreadableBasic(basic: { id: string; secret: string }): void {
  const errors: FieldError[] = [];
  for (const [part, value, max] of [
    ['client id', basic.id, MAX_CLIENT_ID_CHARS],
    ['client secret', basic.secret, MAX_CLIENT_SECRET_CHARS],
  ] as const) {
    if (!isStorableText(value)) {
      errors.push({
        pointer: '/Authorization',
        in: 'header',
        code: 'INVALID_CHARACTER',
        detail: `The Basic ${part} contains a NUL character (U+0000) or an unpaired UTF-16 surrogate.`,
      });
    } else if ([...value].length > max) {
      errors.push({
        pointer: '/Authorization',
        in: 'header',
        code: 'INVALID_LENGTH',
        detail: `The Basic ${part} is longer than ${max} characters.`,
      });
    }
  }
  if (errors.length > 0) throw invalidData(errors);
}

export const missingBody = () =>
  invalidData([
    {
      pointer: '',
      in: 'body',
      code: 'REQUIRED',
      detail:
        'A body is required: JSON {clientId, clientSecret}, or the form ' +
        'grant_type=client_credentials (application/x-www-form-urlencoded).',
    },
  ]);
