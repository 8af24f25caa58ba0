import net from 'node:net';
import { waitFor } from './wait-for.js';

/** One complete HTTP/1.1 response as read off the wire. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive TCP connection driven by hand, so a test controls exactly when each byte is
 * sent and sees how the connection ends: a clean close (FIN) or a reset, which a pooled HTTP
 * client would hide or retry.
 */
export interface RawConnection {
  send(bytes: string): Promise<void>;
  /** Complete responses received so far, in order. */
  responses: RawResponse[];
  /** Resolves once `count` complete responses have arrived. */
  waitForResponses(count: number, timeoutMs?: number): Promise<RawResponse[]>;
  /** Resolves when the server has closed the connection; `reset` says how. */
  closed: Promise<{ reset: boolean; error: string | undefined }>;
  destroy(): void;
}

export async function openConnection(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = '';
  const responses: RawResponse[] = [];
  let error: string | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      // Our answers are ASCII JSON; a byte count equals a character count.
      if (buffer.length < end + 4 + length) return;
      responses.push({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: buffer.slice(end + 4, end + 4 + length),
      });
      buffer = buffer.slice(end + 4 + length);
    }
  });
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
  const closed = new Promise<{ reset: boolean; error: string | undefined }>((resolve) =>
    socket.once('close', () => resolve({ reset: error === 'ECONNRESET', error })),
  );
  return {
    send: (bytes) =>
      new Promise((resolve, reject) => socket.write(bytes, (e) => (e ? reject(e) : resolve()))),
    responses,
    waitForResponses: (count, timeoutMs = 10_000) =>
      waitFor(
        `${count} responses on the connection (got ${responses.length}, error ${error})`,
        () => (responses.length >= count ? responses : undefined),
        { timeoutMs },
      ),
    closed,
    destroy: () => socket.destroy(),
  };
}

/** A GET of `path` that keeps the connection open. */
export const rawGet = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: cofre.test\r\n\r\n`;

/** The head of a JSON POST announcing `length` body bytes; the body is sent separately. */
export const rawPostHead = (path: string, length: number): string =>
  `POST ${path} HTTP/1.1\r\nHost: cofre.test\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;
