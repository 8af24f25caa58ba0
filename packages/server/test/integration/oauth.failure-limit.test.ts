import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';
const LIMIT = 3;

const attempt = (t: TestApp, clientId: string, clientSecret: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    payload: { clientId, clientSecret },
    remoteAddress,
  });

describe.each(ENGINES)('token endpoint failure limit on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  let nextAddress = 1;
  // Every test guesses from addresses of its own, so their counters never meet.
  const freshAddress = () => `203.0.113.${nextAddress++}`;

  const t = useTestApp(engine, {
    clock,
    env: { COFRE_TOKEN_FAILURES_PER_MINUTE: String(LIMIT) },
  });

  async function guessUntilLimited(creds: IssuedCredentials, address: string) {
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt(t, creds.clientId, 'wrong', address)).statusCode).toBe(401);
    }
    return attempt(t, creds.clientId, 'wrong', address);
  }

  it('answers 429 with Retry-After once one address has guessed a client id past the limit', async () => {
    const creds = await t.createClient();
    const limited = await guessUntilLimited(creds, freshAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('answers the right secret from the limited address with 429 too, so a guess cannot be told apart', async () => {
    const creds = await t.createClient();
    const address = freshAddress();
    expect((await guessUntilLimited(creds, address)).statusCode).toBe(429);
    const right = await attempt(t, creds.clientId, creds.clientSecret, address);
    expect(right.statusCode).toBe(429);
  });

  it("does not lock the real client out from another address by someone else's guesses", async () => {
    const creds = await t.createClient();
    expect((await guessUntilLimited(creds, freshAddress())).statusCode).toBe(429);
    const real = await attempt(t, creds.clientId, creds.clientSecret, freshAddress());
    expect(real.statusCode).toBe(200);
  });

  it('limits one address across client ids', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt(t, `cli_unknown_${i}`, 'x', address)).statusCode).toBe(401);
    }
    expect((await attempt(t, 'cli_unknown_99', 'x', address)).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await attempt(t, 'cli_unknown_99', 'x', freshAddress())).statusCode).toBe(401);
  });

  it('does not count successful requests as failures', async () => {
    const creds = await t.createClient();
    const address = freshAddress();
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await attempt(t, creds.clientId, creds.clientSecret, address)).statusCode).toBe(200);
    }
    // Failures still have the whole budget.
    expect((await guessUntilLimited(creds, address)).statusCode).toBe(429);
  });

  it('counts down Retry-After and lets the pair try again once the minute has passed', async () => {
    const creds = await t.createClient();
    const address = freshAddress();
    expect((await guessUntilLimited(creds, address)).statusCode).toBe(429);
    clock.advance(20_000);
    expect((await attempt(t, creds.clientId, 'wrong', address)).headers['retry-after']).toBe('40');
    clock.advance(40_000);
    expect((await attempt(t, creds.clientId, creds.clientSecret, address)).statusCode).toBe(200);
  });

  it('evaluates at most the limit of wrong secrets sent at once', async () => {
    const creds = await t.createClient();
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt(t, creds.clientId, 'wrong', address)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMIT);
  });

  it('lets a burst of right secrets from one address through, or asks it to retry in a second', async () => {
    const creds = await t.createClient();
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => attempt(t, creds.clientId, creds.clientSecret, address)),
    );
    for (const answer of answers) {
      if (answer.statusCode === 429) expect(answer.headers['retry-after']).toBe('1');
      else expect(answer.statusCode).toBe(200);
    }
    // Nothing of the burst stays counted: the whole failure budget is left.
    expect((await attempt(t, creds.clientId, creds.clientSecret, address)).statusCode).toBe(200);
    expect((await guessUntilLimited(creds, address)).statusCode).toBe(429);
  });

  it('never evaluates more wrong secrets than the limit while right ones are sent at once from two processes', async () => {
    const second = await createTestApp(engine, {
      clock,
      database: t.database,
      env: { COFRE_TOKEN_FAILURES_PER_MINUTE: String(LIMIT) },
    });
    try {
      const creds = await t.createClient();
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attempt(
            i % 2 === 0 ? t : second,
            creds.clientId,
            i % 4 < 2 ? 'wrong' : creds.clientSecret,
            address,
          ),
        ),
      );
      const wrongs = answers.filter((_, i) => i % 4 < 2).map((a) => a.statusCode);
      const rights = answers.filter((_, i) => i % 4 >= 2).map((a) => a.statusCode);
      const failures = wrongs.filter((s) => s === 401).length;
      expect(failures).toBeLessThanOrEqual(LIMIT);
      expect(wrongs.every((s) => s === 401 || s === 429)).toBe(true);
      expect(rights.every((s) => s === 200 || s === 429)).toBe(true);
      // Whatever the order, the pair is limited exactly when the limit's failures were answered.
      const after = await attempt(second, creds.clientId, creds.clientSecret, address);
      expect(after.statusCode).toBe(failures === LIMIT ? 429 : 200);
    } finally {
      await second.close();
    }
  });

  it.runIf(engine === 'sqlite')(
    'writes no counter for successful requests where attempts are evaluated in turn (SQLite)',
    async () => {
      const creds = await t.createClient();
      const address = freshAddress();
      expect((await attempt(t, creds.clientId, creds.clientSecret, address)).statusCode).toBe(200);
      const rows = await t.handle.db
        .selectFrom('auth_failures')
        .select('key')
        .where('key', 'like', `%${address}`)
        .execute();
      expect(rows).toEqual([]);
    },
  );

  it('deletes the counters of windows that have passed', async () => {
    const address = freshAddress();
    expect((await attempt(t, 'cli_unknown_sweep', 'x', address)).statusCode).toBe(401);
    const keys = () =>
      t.handle.db
        .selectFrom('auth_failures')
        .select('key')
        .where('key', 'like', `%${address}`)
        .execute();
    expect(await keys()).toHaveLength(2);
    clock.advance(60_001);
    await attempt(t, 'cli_unknown_sweep', 'x', freshAddress());
    expect(await keys()).toHaveLength(0);
  });

  it('holds the limit across API processes sharing the database', async () => {
    const second = await createTestApp(engine, {
      clock,
      database: t.database,
      env: { COFRE_TOKEN_FAILURES_PER_MINUTE: String(LIMIT) },
    });
    try {
      const creds = await t.createClient();
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attempt(i % 2 === 0 ? t : second, creds.clientId, 'wrong', address),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(LIMIT);
      expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
