import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  requestId?: string;
  errors?: { pointer: string; in: string; code: string; detail: string }[];
  [member: string]: unknown;
}

/** The one route whose errors are RFC 6749 section 5.2 bodies (docs/api.md "Authentication"). */
const TOKEN_PATH = '/v1/oauth/client/token';

/**
 * Asserts an RFC 9457 problem response: the status, the problem+json content type, every member
 * the contract promises (type, title, status, detail, code) and the code; returns the body.
 * On the token endpoint: the same members in an `application/json` OAuth error body.
 */
export function expectProblem(
  res: LightMyRequestResponse,
  status: number,
  code: string,
): ProblemBody {
  expect(res.statusCode, res.body).toBe(status);
  const path = (res.raw.req.url ?? '').split('?')[0];
  if (res.raw.req.method === 'POST' && path === TOKEN_PATH) {
    expect(res.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(res.json()).toMatchObject({ error: expect.any(String) as string });
  } else {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json(;|$)/);
  }
  const body = res.json<ProblemBody>();
  expect(body).toMatchObject({
    type: `urn:cofre:problem:${code.toLowerCase().replaceAll('_', '-')}`,
    title: expect.any(String) as string,
    status,
    detail: expect.any(String) as string,
    code,
  });
  expect(body.title).not.toBe('');
  expect(body.detail).not.toBe('');
  expect(body.requestId).toBe(res.headers['x-request-id']);
  return body;
}
