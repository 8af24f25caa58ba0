import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, type ErrorCode } from '../../src/lib/errors.js';
import {
  OAUTH_ERRORS,
  errorDescription,
  oauthErrorFor,
  renderOAuthError,
} from '../../src/modules/oauth/oauth-error.js';
import { problemBody } from '../../src/plugins/errors.js';

const render = (error: AppError) => renderOAuthError(error, problemBody(error, 'req_test'));

describe('the token endpoint error body', () => {
  it.each([
    ['INVALID_CLIENT', 'invalid_client'],
    ['UNSUPPORTED_GRANT_TYPE', 'unsupported_grant_type'],
    ['INVALID_DATA', 'invalid_request'],
    ['MALFORMED_JSON', 'invalid_request'],
    ['PAYLOAD_TOO_LARGE', 'invalid_request'],
    ['UNSUPPORTED_MEDIA_TYPE', 'invalid_request'],
    ['RATE_LIMITED', 'temporarily_unavailable'],
    ['DATABASE_UNAVAILABLE', 'temporarily_unavailable'],
    ['SERVICE_UNAVAILABLE', 'temporarily_unavailable'],
    ['INTERNAL_ERROR', 'server_error'],
  ] as [ErrorCode, string][])('answers %s with error %s', (code, error) => {
    expect(oauthErrorFor(new AppError(code))).toBe(error);
  });

  it('gives every catalogued code one of the declared OAuth errors', () => {
    for (const code of ERROR_CODES) {
      expect(OAUTH_ERRORS, code).toContain(oauthErrorFor(new AppError(code)));
    }
  });

  it('takes the error a thrower chose (invalid_scope), and ignores one that is not OAuth’s', () => {
    const scope = new AppError('INVALID_DATA', { extensions: { error: 'invalid_scope' } });
    expect(render(scope).body).toMatchObject({ error: 'invalid_scope', code: 'INVALID_DATA' });
    const bogus = new AppError('INVALID_DATA', { extensions: { error: 'nonsense' } });
    expect(render(bogus).body.error).toBe('invalid_request');
  });

  it('puts error and error_description first, keeps the problem members, as application/json', () => {
    const { contentType, body } = render(
      new AppError('INVALID_CLIENT', { detail: 'Client authentication failed.' }),
    );
    expect(contentType).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed.',
      type: 'urn:cofre:problem:invalid-client',
      title: 'Client authentication failed',
      status: 401,
      detail: 'Client authentication failed.',
      code: 'INVALID_CLIENT',
      requestId: 'req_test',
    });
    expect(Object.keys(body).slice(0, 2)).toEqual(['error', 'error_description']);
  });

  it('never shows a 5xx cause in error_description either', () => {
    const { body } = render(
      new AppError('INTERNAL_ERROR', { detail: 'connect ECONNREFUSED 10.0.0.5:5432' }),
    );
    expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
    expect(body.error).toBe('server_error');
  });

  it('restricts error_description to the characters RFC 6749 section 5.2 allows', () => {
    const text = 'naïve "quoted" \\ path… tab\there ✓';
    const description = errorDescription(text);
    expect(description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/);
    expect(description).toBe("na?ve 'quoted' / path... tab?here ?");
  });
});
