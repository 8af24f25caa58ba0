import type { IncomingMessage } from 'node:http';

/** Thrown by `readRawBody` past the limit; the adapters answer 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body exceeds ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body to the end, as the exact bytes received (the signature covers them),
 * refusing more than `limit` bytes.
 *
 * @example
 * ```ts
 * const raw = await readRawBody(req, 1024 * 1024);
 * ```
 */
export async function readRawBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
