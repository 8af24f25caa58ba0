import Fastify, { type FastifyInstance } from 'fastify';
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
    app.get('/whoami', (request) => request.auth);
    await app.ready();
    return app;
  }

  it('sets request.auth from whatever the verifier returns', async () => {
    const res = await (
      await build()
    ).inject({ url: '/whoami', headers: { authorization: 'Bearer let-me-in' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OPERATOR);
  });

  it("answers the verifier's rejection as a problem", async () => {
    const res = await (
      await build()
    ).inject({ url: '/whoami', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_ACCESS_TOKEN');
  });
});
