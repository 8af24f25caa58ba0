import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, rateLimited } from '../lib/errors.js';
import type { TokenBucketLimiter } from '../lib/rate-limiter.js';
import type { AuthContext, BearerVerifier } from './auth-context.js';
import type { HeldCredential } from './credential-watch.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every protected route. */
    auth: AuthContext;
    /**
     * The request's token, to be verified again by a response that stays open
     * (plugins/credential-watch.ts); the token itself is not exposed.
     */
    credential: HeldCredential;
  }
}

export interface AuthHookOptions {
  /** Plugins depend on this interface, never on a module's class (layers point one way). */
  verifier: BearerVerifier;
  /** Per-client request limiter; undefined when the limit is off. */
  limiter: TokenBucketLimiter | undefined;
}

const missingToken = () =>
  new AppError('INVALID_ACCESS_TOKEN', {
    detail: 'Send the access token as "Authorization: Bearer <token>".',
    headers: { 'www-authenticate': 'Bearer' },
  });

/**
 * Requires a valid bearer token on every route of the instance it is added to (spec section 5.1)
 * and applies the per-client rate limit. Add it inside an encapsulated plugin that holds the
 * protected routes, so nothing registered there can be reached without a token.
 */
export function addAuthHook(app: FastifyInstance, { verifier, limiter }: AuthHookOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ')
      throw missingToken();
    const token = header.slice(7).trim();
    const auth = await verifier.verify(token);
    if (limiter) {
      const decision = limiter.take(auth.clientId);
      if (decision.kind === 'limited') throw rateLimited(decision.retryAfterSeconds);
    }
    request.auth = auth;
    request.credential = { verify: () => verifier.verify(token) };
  });
}
