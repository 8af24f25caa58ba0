import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { onSendStep } from '../lib/request-pipeline.js';

/**
 * A piece of a response body, written to the socket in one turn of the event loop: this many
 * bytes of a Buffer, or this many UTF-16 units of a text (as many bytes for ASCII, at most three
 * times as many). A list page may weigh up to 256 KiB (lib/pagination.ts PAGE_WEIGHT), a maximal
 * body some 30 KiB.
 */
export const PACED_WRITE_BYTES = 64 * 1024;

/**
 * Writes a response body larger than PACED_WRITE_BYTES in pieces of that size, one per turn of
 * the event loop, instead of in one `writev`.
 *
 * Why (issue 23 point 6, docs/operations.md "The noisy-neighbour rule"): on this project's 2-core
 * machine, a 267 KB body written whole cost the server 507–533 ms of CPU per 1,000 responses,
 * 226–239 ms of it in the kernel; in pieces, 344–346 ms, 54–59 ms in the kernel
 * (test/tools/paced-writes.micro.mjs). In bench:neighbour's deep-pages phase on PostgreSQL that
 * `writev` was over a quarter of the server's busy time, in stretches of 10–30 ms that another
 * customer's requests waited behind; with pieces, that customer's p99 went from 29–34 ms to
 * 21–27 ms.
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
