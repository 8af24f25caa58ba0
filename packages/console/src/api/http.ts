import createClient from 'openapi-fetch';
import type { paths } from '@cofre/sdk/openapi';
import { ApiProblem, problemOf } from './problem.js';

/**
 * The customer API, typed from the server's OpenAPI document (the SDK's generated types: one
 * source, drift-tested in packages/sdk). Every request carries the session's access token in the
 * Authorization header — never a cookie, so no other site can make the browser send it (CSRF);
 * a 401 ends the session (expired or revoked token, rotated secret).
 */
export type Api = ReturnType<typeof createApi>;

export function createApi(token: string, onUnauthorized: () => void) {
  const client = createClient<paths>({ baseUrl: location.origin });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return response;
    },
  });
  return client;
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful answer, or the refusal as an ApiProblem (with the server's code,
 * detail and field errors, ready for a form). A request that never got an answer (network down,
 * server stopped) is an ApiProblem with status 0.
 */
export async function must<T>(request: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await request;
  } catch (error) {
    throw problemOf(0, { detail: error instanceof Error ? error.message : String(error) });
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  throw problemOf(response.status, error, response.headers.get('x-request-id') ?? undefined);
}

/**
 * A fresh Idempotency-Key for one submission of a form that moves money or creates something
 * (docs/api.md "Idempotency"): a double click, or a retry after a timeout, cannot do it twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export { ApiProblem };
