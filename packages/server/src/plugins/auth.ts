import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, rateLimited } from '../lib/errors.js';
import type { RateDecision } from '../lib/rate-limiter.js';
import type { Scope } from '../lib/scopes.js';
import type { AuthContext, BearerVerifier } from './auth-context.js';
import type { HeldCredential } from './credential-watch.js';
import { requiredScopeOf } from './route-scope.js';

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
  interface FastifyContextConfig {
    /** The scope the route needs (plugins/route-scope.ts), set when the route is added. */
    requiredScope?: Scope;
  }
}

export interface AuthHookOptions {
  /** Plugins depend on this interface, never on a module's class (layers point one way). */
  verifier: BearerVerifier;
  /** Per-client request limiter; undefined when the limit is off. */
  limiter: ClientLimiter | undefined;
}

/** What the hook needs of the limiter (modules/rate-limits/shared-rate-limiter.ts). */
export interface ClientLimiter {
  take(clientId: string, override: number | undefined): Promise<RateDecision>;
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11, sections 3 and 4): the
 * policy (quota `q` per window `w` seconds) and the service limit (`r` left, `t` seconds until
 * the window ends). A 429 says the same `t` in Retry-After (section 6: not earlier than the
 * end of the effective window).
 */
function rateLimitHeaders(reply: FastifyReply, decision: RateDecision): void {
  const { limit, windowSeconds, remaining, resetSeconds } = decision.status;
  void reply.header('ratelimit-policy', `"default";q=${limit};w=${windowSeconds}`);
  void reply.header('ratelimit', `"default";r=${remaining};t=${resetSeconds}`);
}

const missingToken = () =>
  new AppError('INVALID_ACCESS_TOKEN', {
    detail: 'Send the access token as "Authorization: Bearer <token>".',
    headers: { 'www-authenticate': 'Bearer' },
  });

/** RFC 6750 section 3.1: 403 with the scope the request needed, in the challenge too. */
const insufficientScope = (scope: Scope) =>
  new AppError('INSUFFICIENT_SCOPE', {
    detail: `This request needs the scope ${scope}, which the access token does not hold.`,
    headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    extensions: { requiredScope: scope },
  });

/** The request's token, checked, with the scope its route needs. */
async function authorize(
  verifier: BearerVerifier,
  token: string,
  address: string,
  scope: Scope,
): Promise<AuthContext> {
  const auth = await verifier.verify(token, address);
  if (!auth.scopes.has(scope)) throw insufficientScope(scope);
  return auth;
}

/**
 * Requires a valid bearer token holding the route's scope on every route of the instance it is
 * added to (spec section 5.1; docs/api.md "Restricted clients and scopes") and applies the
 * per-client rate limit. Add it inside an encapsulated plugin that holds the protected routes,
 * before them: a route added there without a declared scope fails at start-up, so none can be
 * reached by every token by omission.
 */
export function addAuthHook(app: FastifyInstance, { verifier, limiter }: AuthHookOptions): void {
  app.addHook('onRoute', (route) => {
    const scope = requiredScopeOf(route.schema);
    if (scope === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no scope: add ...requires('<resource>:<read|write>') to its schema (plugins/route-scope.ts)`,
      );
    }
    route.config = { ...route.config, requiredScope: scope };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ')
      throw missingToken();
    const token = header.slice(7).trim();
    // Set for every route of this instance by the onRoute hook above.
    const scope = request.routeOptions.config.requiredScope as Scope;
    const address = request.ip;
    const auth = await verifier.verify(token, address);
    if (limiter) {
      const decision = await limiter.take(auth.clientId, auth.rateLimit);
      rateLimitHeaders(reply, decision);
      if (decision.kind === 'limited') throw rateLimited(decision.status.resetSeconds);
    }
    if (!auth.scopes.has(scope)) throw insufficientScope(scope);
    request.auth = auth;
    // A held response re-checks the scope too: a client edited to lose it stops reading.
    request.credential = { verify: () => authorize(verifier, token, address, scope) };
  });
}
