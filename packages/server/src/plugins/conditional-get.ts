import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { onSendStep } from '../lib/request-pipeline.js';

/**
 * Conditional GETs (RFC 9110 sections 8.8.3 and 13.1.2) for the API's JSON reads: every 200 to a
 * GET carries an `ETag` computed from the exact body, and a request whose `If-None-Match` names
 * it is answered `304 Not Modified` with no body. A client that polls a list (the web console's
 * live pages, or an integrator's dashboard) pays one small round trip until something changes.
 * The tag is strong (it names these bytes) and says nothing but "same body": a SHA-1 of the
 * payload, cut to 16 bytes, base64url. `Cache-Control: private, no-cache` keeps shared caches
 * out and makes browsers ask before reusing. docs/api.md "Conditional GETs".
 */
export function registerConditionalGet(app: FastifyInstance): void {
  onSendStep(app, (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${hash('sha1', payload, 'base64url').slice(0, 22)}"`;
    void reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
    const condition = request.headers['if-none-match'];
    if (condition !== undefined && matches(condition, etag)) {
      void reply.code(304);
      void reply.removeHeader('content-type');
      // No body, and so no Content-Length (it would have to be the 200's, section 8.6).
      return null;
    }
    return payload;
  });
}

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
