/** A problem the API answered (RFC 9457), or a failure to reach it (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** Seconds the answer's `Retry-After` asked to wait (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The few calls `cofre listen` makes, with plain fetch: a client-credentials token (fetched
 * again when the API answers 401, e.g. after it expired or the server's keys changed), and the
 * listen endpoints (docs/webhooks.md "Receiving on localhost: cofre listen").
 */
export class ListenApi {
  private token: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials,
  ) {}

  async login(): Promise<void> {
    const res = await this.send('/v1/oauth/client/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.credentials),
    });
    const body = await readJson(res);
    if (!res.ok) throw problem(res.status, body, 'could not log in');
    this.token = (body as { accessToken: string }).accessToken;
  }

  /** Drops the token (the server refused it mid-stream): the next call logs in again. */
  forgetToken(): void {
    this.token = undefined;
  }

  /** A JSON call with the bearer token; logs in again once on a 401. */
  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      if (this.token === undefined) await this.login();
      const res = await this.send(path, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      const parsed = await readJson(res);
      if (!res.ok) throw problem(res.status, parsed, `${method} ${path}`);
      return parsed;
    }
  }

  /** Opens the stream; logs in again once on a 401. The caller reads and aborts it. */
  async openStream(subscriptionId: string, signal: AbortSignal): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      if (this.token === undefined) await this.login();
      const res = await this.send(`/v1/listen/${encodeURIComponent(subscriptionId)}/stream`, {
        headers: { authorization: `Bearer ${this.token}`, accept: 'text/event-stream' },
        signal,
      });
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        this.token = undefined;
        continue;
      }
      if (!res.ok) {
        const error = problem(res.status, await readJson(res), 'could not open the stream');
        const retryAfter = Number(res.headers.get('retry-after'));
        throw Number.isFinite(retryAfter) && retryAfter > 0
          ? new ApiError(error.status, error.code, error.message, retryAfter)
          : error;
      }
      return res;
    }
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: init.signal ?? AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const why = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError(0, undefined, `cannot reach ${this.baseUrl}: ${why}`);
    }
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

function problem(status: number, body: unknown, what: string): ApiError {
  const p = (body ?? {}) as { code?: string; detail?: string; title?: string };
  return new ApiError(
    status,
    p.code,
    `${what}: ${status}${p.code ? ` ${p.code}` : ''}${p.detail ? `: ${p.detail}` : ''}`,
  );
}
