import { describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const LIMIT = 6;

describe.each(ENGINES)('token endpoint under concurrent right secrets on %s', (engine) => {
  const t = useTestApp(engine, { env: { COFRE_TOKEN_FAILURES_PER_MINUTE: String(LIMIT) } });

  // As many requests in flight from one address as the limit allows, for long enough that the
  // counter's upserts and give-backs interleave in every order. A deadlock between them (seen on
  // PostgreSQL when the give-back locked the two counter rows in the other order) either fails a
  // request or leaks a count that a later request is then refused for.
  it('answers every request with a token when no more than the limit are in flight', async () => {
    const creds = await t.createClient();
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: LIMIT }, async () => {
        for (let i = 0; i < 60; i++) {
          const response = await t.app.inject({
            method: 'POST',
            url: '/v1/oauth/client/token',
            payload: { clientId: creds.clientId, clientSecret: creds.clientSecret },
            remoteAddress: '198.51.100.7',
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: LIMIT * 60 });
  });
});
