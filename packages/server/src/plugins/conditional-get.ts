import type { FastifyInstance } from 'fastify';
import xxhash from 'xxhash-wasm';
import { PacedBody } from '../lib/paced-body.js';
import { onSendStep } from '../lib/request-pipeline.js';

// Instantiated once when the module loads (about 1 ms; the WebAssembly module is a few KiB).
const xxh = await xxhash();

/**
 * Conditional GETs (RFC 9110 sections 8.8.3 and 13.1.2) for the API's JSON reads: every 200 to a
 * GET carries an `ETag` computed from the exact body, and a request whose `If-None-Match` names
 * it is answered `304 Not Modified` with no body. A client that polls a list (the web console's
 * live pages, or an integrator's dashboard) pays one small round trip until something changes.
 * The tag is strong (it names these bytes) and says nothing but "same body". `Cache-Control:
 * private, no-cache` keeps shared caches out and makes browsers ask before reusing.
 * docs/api.md "Conditional GETs".
 *
 * The tag is the body's 64-bit xxHash (XXH64), not a cryptographic digest: a validator only has
 * to tell two successive bodies of one URL apart, and XXH64 does that for a 3 KB list page in a
 * fifth of SHA-1's time (0.4 µs against 1.8 µs; 4 µs against 24 µs for 100 rows:
 * docs/performance.md "Issue 28"). Two different bodies share a tag with probability 2^-64 by
 * chance. Could a client craft a collision instead, to make another client see stale data?
 * What a collision does is bounded: a poller holding tag A gets a 304 for a body B that hashes
 * to A, and keeps showing A until the body changes again; no byte of B or of anyone else's data
 * is disclosed, and nothing but a cached view depends on the tag. Under /v1 a body is one
 * customer's own data (another customer's object is a 404), so the only one who could plant a
 * collision is the customer whose own clients would be fooled. A back-office page mixes
 * customers' rows, but a customer planting a collision there would have to predict every other
 * byte of two future versions of that page (other customers' rows, server-made ids and
 * millisecond timestamps), for the gain of an operator's list lagging one change.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  onSendStep(app, (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    // A body already in pieces (lib/paced-body.ts) is tagged from its parts, never joined.
    const body =
      payload instanceof PacedBody
        ? payload.parts
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload
          : undefined;
    if (body === undefined) return payload;
    const etag = entityTag(body);
    void reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
    const condition = request.headers['if-none-match'];
    if (condition !== undefined && matches(condition, etag)) {
      void reply.code(304);
      void reply.removeHeader('content-type');
      if (payload instanceof PacedBody) payload.destroy();
      // No body, and so no Content-Length (it would have to be the 200's, section 8.6).
      return null;
    }
    return payload;
  });
}

/**
 * The strong tag of a body: XXH64 of its UTF-8 bytes, 16 hex digits in quotes. A string is
 * hashed as it will be sent (xxhash-wasm encodes it to UTF-8), so a string and the Buffer of its
 * bytes get the same tag. A body in parts is hashed part after part (XXH64's streaming form),
 * with the tag of the parts joined, and without joining them.
 */
export function entityTag(body: string | Uint8Array | readonly (string | Uint8Array)[]): string {
  if (typeof body === 'string') return `"${xxh.h64ToString(body)}"`;
  if (body instanceof Uint8Array) return `"${hex(xxh.h64Raw(body))}"`;
  const hasher = xxh.create64();
  for (const part of body) hasher.update(part);
  return `"${hex(hasher.digest())}"`;
}

const hex = (hash: bigint): string => hash.toString(16).padStart(16, '0');

/**
 * If-None-Match uses the weak comparison (section 13.1.2): `W/"x"` matches `"x"`; `*` matches
 * any current representation; the header may list several tags.
 */
export function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}
