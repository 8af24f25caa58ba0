import { Agent, request } from 'undici';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { PspUnavailable } from './api-pix.js';
import { failureCode } from './failure-code.js';
import { oauthToken } from './oauth-token.js';
import type { PspExchange, PspTransport } from './psp-transport.js';
import { retryAfterMs } from './retry-after.js';

export interface PspTransportOptions {
  /** COFRE_PIX_PSP_URL, without a trailing slash. */
  pspUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * mTLS (PEM text): the client certificate and key the PSP issued, and the CA its server
   * certificate chains to. Undefined, or ca undefined: the system's roots.
   */
  tls: { cert?: string; key?: string; ca?: string } | undefined;
  /** Connect, headers and body timeouts of every call, the token's included (default 5 s, as the EVM rail). */
  timeoutMs?: number;
  clock?: Clock;
}

/** A PSP answer larger than this is not an answer cofre asked for (GET /pix's 1,000 items are about 0.5 MB). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * PspTransport over HTTPS with undici: one Agent (keep-alive, mTLS) for the token endpoint and
 * the API, both of which PSPs put behind the same client certificate. No retries here: a call
 * that gets no meaningful answer throws PspUnavailable and the rail's job backs off (so a PSP
 * that is down costs one short call per backoff step), except the one retry after a 401 that a
 * fresh token answers.
 */
export function httpsPspTransport(options: PspTransportOptions): PspTransport {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const clock = options.clock ?? systemClock;
  const agent = new Agent({
    connect: { ...options.tls, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const token = oauthToken({ ...options, dispatcher: agent, clock, timeoutMs });
  const send = async (
    method: string,
    url: string,
    bearer: string,
    body: string | undefined,
  ): Promise<{ status: number; retryAfter: string | undefined; text: string }> => {
    try {
      const answer = await request(url, {
        method,
        dispatcher: agent,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
      });
      const retryAfter = answer.headers['retry-after'];
      return {
        status: answer.statusCode,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        text: await boundedText(answer.body),
      };
    } catch (error) {
      if (error instanceof PspUnavailable) throw error;
      throw new PspUnavailable(`no answer (${failureCode(error)})`);
    }
  };
  return {
    async request(method, path, { query, body } = {}) {
      const url = absolute(options.pspUrl, path, query);
      const json = body === undefined ? undefined : JSON.stringify(body);
      const where = `PSP ${method} ${new URL(url).pathname}`;
      try {
        let bearer = await token.get();
        let answer = await send(method, url, bearer, json);
        if (answer.status === 401) {
          // RFC 6750 section 3.1 invalid_token: the PSP revoked or expired it before we thought.
          bearer = await token.replace(bearer);
          answer = await send(method, url, bearer, json);
        }
        return classify(answer, clock.now());
      } catch (error) {
        if (error instanceof PspUnavailable) {
          throw new PspUnavailable(`${where}: ${error.message}`, error.retryAfterMs, error.status);
        }
        throw error;
      }
    },
    close: () => agent.close(),
  };
}

/** `path` after COFRE_PIX_PSP_URL's own path (`https://psp/api/v2` + `/cob/x`), or an absolute URL as is. */
function absolute(
  base: string,
  path: string,
  query: Readonly<Record<string, string>> | undefined,
): string {
  const url = new URL(/^https?:\/\//i.test(path) ? path : base.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.append(name, value);
  return url.href;
}

/** The status classes of PspTransport (psp-transport.ts): what the PSP meant, or PspUnavailable. */
function classify(
  answer: { status: number; retryAfter: string | undefined; text: string },
  now: number,
): PspExchange {
  const { status } = answer;
  if (status === 429 || status === 503) {
    throw new PspUnavailable(`answered ${status}`, retryAfterMs(answer.retryAfter, now), status);
  }
  if (status === 401) throw new PspUnavailable('answered 401 to a fresh token', undefined, 401);
  if (status < 200 || (status >= 300 && status < 400) || status >= 500) {
    // 3xx: redirects are not followed (a PSP's API does not move; a redirect is a misconfiguration).
    throw new PspUnavailable(`answered ${status}`, undefined, status);
  }
  if (answer.text.trim() === '') return { status, body: undefined };
  try {
    return { status, body: JSON.parse(answer.text) as unknown };
  } catch {
    throw new PspUnavailable(`answered ${status} with a body that is not JSON`, undefined, status);
  }
}

async function boundedText(body: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new PspUnavailable(`answer larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
