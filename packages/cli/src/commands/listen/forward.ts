import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Like the server's delivery limit (docs/webhooks.md "Answer"): no answer in 10 s fails. */
export const FORWARD_TIMEOUT_MS = 10_000;
/** The execution log keeps 4 KiB of the answer; no more is read or sent back. */
export const RESPONSE_EXCERPT_BYTES = 4096;

export type ForwardResult =
  | { status: number; responseBody: string; durationMs: number }
  | { status: 0; durationMs: number; timedOut: boolean; error: string };

export interface ForwardOptions {
  /** How long to wait for the answer. Default FORWARD_TIMEOUT_MS, the server's limit. */
  timeoutMs?: number;
  /**
   * A connection of its own, closed after the answer (`Connection: close`), instead of the
   * shared keep-alive agent: a one-shot command (`cofre webhooks check`) then leaves no idle
   * socket holding the process open.
   */
  ownConnection?: boolean;
}

/**
 * POSTs one relayed delivery to the local URL with exactly the headers and body the server
 * gave (node:http adds only Host, Content-Length and Connection, as the server's client does).
 * Redirects are not followed (a 3xx is a failed attempt, as for an HTTP delivery).
 */
export function forward(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: ForwardOptions = {},
): Promise<ForwardResult> {
  const timeoutMs = options.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: ForwardResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(options.ownConnection ? { agent: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_EXCERPT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        const finish = () =>
          done({
            status: res.statusCode ?? 0,
            responseBody: excerpt(Buffer.concat(chunks)),
            durationMs: elapsed(),
          });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      const error = `No answer within ${timeoutMs / 1000} s.`;
      done({ status: 0, durationMs: elapsed(), timedOut: true, error });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({
        status: 0,
        durationMs: elapsed(),
        timedOut: false,
        // The server keeps up to 1,000 characters of it.
        error: (error.code ? `${error.code}: ${error.message}` : error.message).slice(0, 1_000),
      }),
    );
    req.end(body);
  });
}

/** The first RESPONSE_EXCERPT_BYTES of an answer, never splitting a UTF-8 character. */
function excerpt(all: Buffer): string {
  let end = Math.min(all.length, RESPONSE_EXCERPT_BYTES);
  while (end > 0 && end < all.length && (all[end]! & 0xc0) === 0x80) end--;
  return all.subarray(0, end).toString('utf8');
}
