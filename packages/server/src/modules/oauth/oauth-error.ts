import type { AppError, ErrorCode } from '../../lib/errors.js';
import type { ErrorRenderer } from '../../plugins/errors.js';

/**
 * The `error` values the token endpoint answers with: RFC 6749 section 5.2's, plus
 * `temporarily_unavailable` and `server_error` (defined in section 4.1.2.1 for the authorization
 * endpoint, and what OAuth clients know for "not your fault, retry") for a refusal that is not
 * the request's. Never sent: `unauthorized_client` (every client may use the one grant there is,
 * and a disabled client is `invalid_client`, like an unknown one, so the two cannot be told
 * apart) and `invalid_grant` (client credentials carry no grant to be invalid).
 */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
  'temporarily_unavailable',
  'server_error',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

const isOAuthError = (value: unknown): value is OAuthErrorCode =>
  (OAUTH_ERRORS as readonly unknown[]).includes(value);

/** Codes with their own OAuth error; any other 4xx is `invalid_request`, any other 5xx `server_error`. */
const OAUTH_ERROR_OF: Partial<Record<ErrorCode, OAuthErrorCode>> = {
  INVALID_CLIENT: 'invalid_client',
  UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
  INVALID_SCOPE: 'invalid_scope',
  // 429 with Retry-After: a client that knows the value retries later; `invalid_request` would
  // tell it to change a request that was fine.
  RATE_LIMITED: 'temporarily_unavailable',
  SERVICE_UNAVAILABLE: 'temporarily_unavailable',
  DATABASE_UNAVAILABLE: 'temporarily_unavailable',
};

export function oauthErrorFor(error: AppError): OAuthErrorCode {
  const chosen = error.extensions?.error;
  if (isOAuthError(chosen)) return chosen;
  return OAUTH_ERROR_OF[error.code] ?? (error.status >= 500 ? 'server_error' : 'invalid_request');
}

/**
 * `error_description` may hold only printable ASCII without `"` and `\` (RFC 6749 section 5.2);
 * the problem `detail` it is made from may quote anything a caller sent, so the rest is replaced.
 */
export function errorDescription(text: string): string {
  return text
    .replaceAll('…', '...')
    .replaceAll('"', "'")
    .replaceAll('\\', '/')
    .replace(/[^\x20-\x7e]/g, '?');
}

/**
 * The `WWW-Authenticate` of an `invalid_client` answer when the client used (or should use)
 * HTTP Basic (RFC 6749 section 5.2). `error` is an extra auth-param, ignored by browsers: it lets
 * clients that stop at the challenge (openid-client's WWWAuthenticateChallengeError) see why.
 */
export const BASIC_CHALLENGE = 'Basic realm="cofre", charset="UTF-8", error="invalid_client"';

/**
 * The token endpoint's error body: RFC 6749 section 5.2 (`error`, `error_description`) as
 * `application/json`, followed by the members of the problem document every other route answers
 * with (type, title, status, detail, code, requestId, errors): OAuth clients ignore members they
 * do not know, and cofre's SDK and logs keep switching on `code`.
 */
export const renderOAuthError: ErrorRenderer = (error, problem) => {
  // An `error` set by the thrower (e.g. invalid_scope) is in the problem's extensions: it is
  // rewritten below, in first place.
  const members = { ...problem };
  delete members.error;
  delete members.error_description;
  const detail = typeof problem.detail === 'string' ? problem.detail : error.title;
  return {
    contentType: 'application/json; charset=utf-8',
    body: {
      error: oauthErrorFor(error),
      error_description: errorDescription(detail),
      ...members,
    },
  };
};
