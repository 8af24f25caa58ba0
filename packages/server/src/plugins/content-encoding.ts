import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * cofre decodes no content coding, so a body that declares one (`gzip`, `br`, anything but
 * `identity`) cannot be read as what it claims to be. Parsing it as if the header were absent
 * would validate bytes the sender never meant as JSON; RFC 9110 §15.5.16 answers such a request
 * with 415 and an `Accept-Encoding` naming what would have been accepted (§12.5.3).
 */
export function refusedEncoding(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(',')) {
    const coding = part.trim().toLowerCase();
    if (coding !== '' && coding !== 'identity') return part.trim();
  }
  return undefined;
}

/** Refuses any request whose Content-Encoding is not absent or `identity`. */
export function registerContentEncoding(app: FastifyInstance): void {
  // Callback style: no promise per request on the hot path.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const refused = refusedEncoding(request.headers['content-encoding']);
    if (refused === undefined) {
      done(null, payload);
      return;
    }
    done(
      new AppError('UNSUPPORTED_CONTENT_ENCODING', {
        detail:
          `Content-Encoding ${JSON.stringify(refused.slice(0, 32))} is not supported: ` +
          'send the body uncompressed (identity).',
        headers: { 'accept-encoding': 'identity' },
      }),
    );
  });
}
