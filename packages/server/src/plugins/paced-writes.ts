import type { FastifyInstance } from 'fastify';
import { PACED_WRITE_BYTES, PacedBody } from '../lib/paced-body.js';
import { onSendStep } from '../lib/request-pipeline.js';

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
    // A body already in pieces (a list page with its stored metadata, lib/stored-metadata.ts),
    // HEAD too: Fastify's HEAD route drops the stream's bytes and keeps this length.
    if (payload instanceof PacedBody) {
      void reply.header('content-length', String(payload.byteLength()));
      return payload;
    }
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
