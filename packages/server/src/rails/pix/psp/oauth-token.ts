import { request, type Dispatcher } from 'undici';
import type { Clock } from '../../../lib/clock.js';
import { PspUnavailable } from './api-pix.js';
import { failureCode } from './failure-code.js';

/** The PSP's OAuth 2.0 client (RFC 6749 section 4.4) as the transport needs it. */
export interface OAuthToken {
  /** A token believed valid: the cached one, or one fetched now (one fetch for all concurrent callers). */
  get(): Promise<string>;
  /**
   * A token other than `rejected` (which the PSP answered 401 to): fetched once, however many
   * callers saw the same 401; a caller whose rejected token was already replaced gets the new one.
   */
  replace(rejected: string): Promise<string>;
}

export interface OAuthTokenOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  dispatcher: Dispatcher;
  clock: Clock;
  timeoutMs: number;
}

/** Refresh this long before the token expires, or at half its life when that is shorter. */
const MARGIN_MS = 60_000;

interface Held {
  token: string;
  /** Clock time after which the token is fetched again; Infinity without expires_in (until a 401). */
  until: number;
}

export function oauthToken(options: OAuthTokenOptions): OAuthToken {
  let held: Held | undefined;
  let inFlight: Promise<string> | undefined;
  const fetchOnce = (): Promise<string> => {
    inFlight ??= fetchToken(options)
      .then((fresh) => {
        held = fresh;
        return fresh.token;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  return {
    get() {
      if (held !== undefined && options.clock.now() < held.until)
        return Promise.resolve(held.token);
      return fetchOnce();
    },
    replace(rejected) {
      if (held !== undefined && held.token !== rejected) return Promise.resolve(held.token);
      held = undefined;
      return fetchOnce();
    },
  };
}

/**
 * POST grant_type=client_credentials as a form, the client authenticated by HTTP Basic with the
 * id and secret form-urlencoded first (RFC 6749 sections 2.3.1 and 4.4.2). The answer
 * (section 5.1) must carry access_token; token_type, when given, must be Bearer (RFC 6750).
 * Neither the secret nor the token ever goes into an error message.
 */
async function fetchToken(options: OAuthTokenOptions): Promise<Held> {
  const startedAt = options.clock.now();
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');
  let status: number;
  let text: string;
  try {
    const answer = await request(options.tokenUrl, {
      method: 'POST',
      dispatcher: options.dispatcher,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    status = answer.statusCode;
    text = await answer.body.text();
  } catch (error) {
    throw new PspUnavailable(`PSP token endpoint: no answer (${failureCode(error)})`);
  }
  if (status !== 200) {
    throw new PspUnavailable(
      `PSP token endpoint answered ${status}${oauthError(text)}`,
      undefined,
      status,
    );
  }
  return heldFrom(text, startedAt);
}

function heldFrom(text: string, startedAt: number): Held {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PspUnavailable('PSP token endpoint: the answer is not JSON');
  }
  const {
    access_token: token,
    token_type: type,
    expires_in: expiresIn,
  } = (body ?? {}) as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') {
    throw new PspUnavailable('PSP token endpoint: the answer has no access_token');
  }
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
    throw new PspUnavailable('PSP token endpoint: token_type is not Bearer');
  }
  const seconds =
    typeof expiresIn === 'string' && /^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn;
  if (seconds === undefined) return { token, until: Infinity };
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new PspUnavailable('PSP token endpoint: expires_in is not a positive number of seconds');
  }
  const lifeMs = seconds * 1_000;
  return { token, until: startedAt + lifeMs - Math.min(MARGIN_MS, lifeMs / 2) };
}

/** RFC 6749 section 5.2's `error` code, when the body has one (it names no secret). */
function oauthError(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    return typeof error === 'string' && /^[\x20-\x7e]{1,64}$/.test(error) ? ` (${error})` : '';
  } catch {
    return '';
  }
}
