import Fastify, { type FastifyInstance } from 'fastify';
import { requires } from '../../src/plugins/route-scope.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { addAuthHook } from '../../src/plugins/auth.js';
import type { AuthContext, BearerVerifier } from '../../src/plugins/auth-context.js';
import { registerErrorHandling } from '../../src/plugins/errors.js';

const OPERATOR: AuthContext = {
  customerId: 'cus_operator',
  clientId: 'op_console',
  secretVersion: 1,
  expiresAt: Date.UTC(2030, 0, 1),
  scopes: new Set(['accounts:read']),
};

/** Any object with verify() will do: the hook knows the interface, not TokenVerifier. */
const stubVerifier: BearerVerifier = {
  verify: (token) =>
    token === 'let-me-in'
      ? Promise.resolve(OPERATOR)
      : Promise.reject(new AppError('INVALID_ACCESS_TOKEN', { detail: 'No.' })),
};

describe('auth hook with a plugged-in bearer verifier', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  async function build(): Promise<FastifyInstance> {
    app = Fastify();
    registerErrorHandling(app);
    addAuthHook(app, { verifier: stubVerifier, limiter: undefined });
    app.get('/whoami', { schema: requires('accounts:read') }, (request) => ({
      ...request.auth,
      scopes: [...request.auth.scopes],
    }));
    app.post('/accounts', { schema: requires('accounts:write') }, () => ({ created: true }));
    await app.ready();
    return app;
  }

  it('sets request.auth from whatever the verifier returns', async () => {
    const res = await (
      await build()
    ).inject({ url: '/whoami', headers: { authorization: 'Bearer let-me-in' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...OPERATOR, scopes: ['accounts:read'] });
  });

  it('answers 403 INSUFFICIENT_SCOPE naming the scope a route needs and the token lacks', async () => {
    const res = await (
      await build()
    ).inject({ method: 'POST', url: '/accounts', headers: { authorization: 'Bearer let-me-in' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      requiredScope: 'accounts:write',
    });
    // RFC 6750 section 3.1: the challenge names the error and the scope.
    expect(res.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="accounts:write"',
    );
  });

  it('refuses to start with a protected route that declares no scope', async () => {
    app = Fastify();
    registerErrorHandling(app);
    addAuthHook(app, { verifier: stubVerifier, limiter: undefined });
    expect(() => app.get('/forgotten', () => ({}))).toThrow(/GET \/forgotten declares no scope/);
  });

  it("answers the verifier's rejection as a problem", async () => {
    const res = await (
      await build()
    ).inject({ url: '/whoami', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_ACCESS_TOKEN');
  });
});
