import type { FetchFn } from '../../src/index.js';

/** One request the fake received, decoded for assertions. */
export interface RecordedCall {
  method: string;
  url: string;
  /** Path and query, without the origin. */
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  init: RequestInit;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

/**
 * A scripted `fetch`: every call is recorded, then answered by the handler (often one built by
 * `tokenEndpoint`, which answers token requests itself and passes the rest on).
 */
export class FakeFetch {
  readonly calls: RecordedCall[] = [];

  constructor(private readonly handler: Responder) {}

  readonly fetch: FetchFn = async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const parsed = new URL(url);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      path: `${parsed.pathname}${parsed.search}`,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      init,
    };
    this.calls.push(call);
    return this.handler(call);
  };

  /** Calls other than token requests. */
  get apiCalls(): RecordedCall[] {
    return this.calls.filter((c) => !isTokenCall(c));
  }

  get tokenCalls(): RecordedCall[] {
    return this.calls.filter(isTokenCall);
  }
}

export const isTokenCall = (call: RecordedCall): boolean =>
  call.path.endsWith('/v1/oauth/client/token');

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'req_fake',
      ...headers,
    },
  });
}

/** An RFC 9457 answer shaped like the server's. */
export function problem(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(
    JSON.stringify({
      type: `urn:cofre:problem:${code.toLowerCase()}`,
      title: code,
      status,
      code,
      ...extra,
    }),
    {
      status,
      headers: {
        'content-type': 'application/problem+json; charset=utf-8',
        'x-request-id': 'req_fake',
      },
    },
  );
}

/**
 * A token endpoint that hands out `tok-1`, `tok-2`, … with the given lifetime, and routes every
 * other call to `api`.
 */
export function tokenEndpoint(api: Responder, expiresIn = 82_800): Responder {
  let issued = 0;
  return (call) => {
    if (!isTokenCall(call)) return api(call);
    issued += 1;
    return json(200, { accessToken: `tok-${issued}`, tokenType: 'Bearer', expiresIn });
  };
}

/** A promise the test settles by hand, to hold an answer back while others pile up. */
export function gate<T = void>(): {
  promise: Promise<T>;
  open(value: T): void;
  fail(error: unknown): void;
} {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
