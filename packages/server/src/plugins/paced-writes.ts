import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { onSendStep } from '../lib/request-pipeline.js';

/**
 * The largest piece of a response body written to the socket in one turn of the event loop.
 * A list page may weigh up to 256 KiB (lib/pagination.ts PAGE_WEIGHT), a maximal body some 30 KiB.
 */
export const PACED_WRITE_BYTES = 64 * 1024;

/**
 * Writes a response body larger than PACED_WRITE_BYTES in pieces of that size, one per turn of
 * the event loop, instead of in one `writev`.
 *
 * Why (issue 23 point 6, docs/operations.md "The noisy-neighbour rule"): one write of a 256 KiB
 * page over loopback cost the server about four times the kernel time of the same bytes written
 * in 64 KiB pieces on this project's 2-core machine (2,000 responses: 628–708 ms of system time
 * in one write each, 155 ms in pieces across turns, 250 ms in pieces within one turn). The
 * large write fills the socket's buffer and the kernel does the rest of the work inside that one
 * call. That call was a third of the server's time in bench:neighbour's deep-pages phase on PostgreSQL, in
 * stretches of 10–30 ms that another customer's requests waited behind.
 *
 * The body is the same bytes: `Content-Length` is set from it, and the ETag (conditional-get.ts,
 * which runs before this step) was computed over the whole of it. A client that leaves stops the
 * writing (Fastify destroys the stream when the response closes). HEAD, 204 and 304 responses
 * carry no body and are left alone.
 * Register after every other onSend step of the scope: what follows gets a stream, not the body.
 */
export function registerPacedWrites(app: FastifyInstance): void {
  onSendStep(app, (request, reply, payload) => {
    if (request.method === 'HEAD') return payload;
    if (typeof payload === 'string') {
      // At most 3 bytes a UTF-16 unit: a short text is one piece without counting its bytes.
      if (payload.length * 3 <= PACED_WRITE_BYTES) return payload;
      const bytes = Buffer.byteLength(payload);
      if (bytes <= PACED_WRITE_BYTES) return payload;
      void reply.header('content-length', String(bytes));
      return new PacedBody(payload, PACED_WRITE_BYTES);
    }
    if (!Buffer.isBuffer(payload) || payload.length <= PACED_WRITE_BYTES) return payload;
    void reply.header('content-length', String(payload.length));
    return new PacedBody(payload, PACED_WRITE_BYTES);
  });
}

/**
 * A body given out a piece at a time: the first at once, each next one a turn later. A text is
 * cut every `piece` UTF-16 units (never inside a surrogate pair) and written as text, so it is
 * encoded to UTF-8 as it is written, as a whole body would be, with no copy made here.
 */
export class PacedBody extends Readable {
  private at = 0;

  constructor(
    private readonly body: string | Buffer,
    private readonly piece: number,
  ) {
    super({ objectMode: true, highWaterMark: 1 });
  }

  override _read(): void {
    if (this.at === 0) this.pushNext();
    else setImmediate(() => this.pushNext());
  }

  private pushNext(): void {
    if (this.destroyed) return;
    const { body } = this;
    let end = Math.min(this.at + this.piece, body.length);
    if (
      typeof body === 'string' &&
      end < body.length &&
      isHighSurrogate(body.charCodeAt(end - 1))
    ) {
      end -= 1;
    }
    this.push(typeof body === 'string' ? body.slice(this.at, end) : body.subarray(this.at, end));
    this.at = end;
    if (end === body.length) this.push(null);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
