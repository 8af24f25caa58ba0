import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ProblemBody } from './expect-problem.js';

export interface OAuthErrorBody extends ProblemBody {
  error: string;
  error_description: string;
}

/** RFC 6749 section 5.2: the characters `error_description` may hold. */
const DESCRIPTION_CHARS = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Asserts a token-endpoint error: the status, `application/json` (not problem+json), the RFC 6749
 * section 5.2 members (`error`, `error_description` in its character set) and the problem
 * members cofre keeps alongside them (type, title, status, detail, code, requestId).
 */
export function expectOAuthError(
  res: LightMyRequestResponse,
  status: number,
  error: string,
  code: string,
): OAuthErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json(;|$)/);
  const body = res.json<OAuthErrorBody>();
  expect(body).toMatchObject({
    error,
    error_description: expect.stringMatching(DESCRIPTION_CHARS) as string,
    type: `urn:cofre:problem:${code.toLowerCase().replaceAll('_', '-')}`,
    title: expect.any(String) as string,
    status,
    detail: expect.any(String) as string,
    code,
  });
  expect(body.requestId).toBe(res.headers['x-request-id']);
  // The RFC members come first, for whoever reads the body by eye.
  expect(Object.keys(body).slice(0, 2)).toEqual(['error', 'error_description']);
  return body;
}
