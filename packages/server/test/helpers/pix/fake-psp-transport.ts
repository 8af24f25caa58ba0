import { PspUnavailable } from '../../../src/rails/pix/psp/api-pix.js';
import type { PspExchange, PspTransport } from '../../../src/rails/pix/psp/psp-transport.js';
import type { FakePspRoute } from './fake-efi-payouts.js';

/**
 * A PspTransport over fake PSP routes, in process: what the HTTPS transport does with an
 * answer, without the network. It answers 2xx and 4xx (but 401 and 429) as they are and throws
 * PspUnavailable for 5xx, 429 and 401, as the transport's contract says; `failNext` makes the
 * next calls throw as a timeout would (before the request reaches the routes).
 */
export interface StubPspTransport extends PspTransport {
  /** Every request, as `METHOD path`. */
  readonly calls: readonly string[];
  failNext(n: number): void;
}

export function stubPspTransport(
  origin: string,
  routes: readonly FakePspRoute[],
): StubPspTransport {
  const calls: string[] = [];
  let timeouts = 0;
  return {
    calls,
    failNext(n) {
      timeouts = n;
    },
    request(method, url, options = {}) {
      const target = new URL(url, `${origin}/`);
      // Payout adapters address the PSP from its origin; a call elsewhere is a bug in the test.
      if (target.origin !== origin) throw new Error(`request to ${url}, not under ${origin}`);
      calls.push(`${method} ${target.pathname}`);
      if (timeouts > 0) {
        timeouts -= 1;
        return Promise.reject(new PspUnavailable(`${method} ${target.pathname}: timed out (stub)`));
      }
      const request = {
        method,
        path: target.pathname,
        query: options.query ?? {},
        body: options.body === undefined ? undefined : structuredClone(options.body),
        headers: { 'content-type': 'application/json' },
      };
      const answer = routes.reduce<PspExchange | undefined>(
        (found, route) => found ?? route(request),
        undefined,
      );
      if (answer === undefined)
        throw new Error(`no fake route answers ${method} ${target.pathname}`);
      if (answer.status >= 500 || answer.status === 429 || answer.status === 401) {
        return Promise.reject(
          new PspUnavailable(
            `${method} ${target.pathname}: ${answer.status}`,
            undefined,
            answer.status,
          ),
        );
      }
      return Promise.resolve({ status: answer.status, body: structuredClone(answer.body) });
    },
    close: () => Promise.resolve(),
  };
}
