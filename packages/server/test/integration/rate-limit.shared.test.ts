import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { ENGINES } from '../helpers/test-db.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { useTestApp } from '../helpers/world.js';

const LIMIT = 200;
const FIELD = /^"default";r=(\d+);t=(\d+)$/;

/** 15 s into a minute: every request of a test falls in one window, on either app. */
const atQuarterPast = () => new ManualClock(Date.UTC(2026, 10, 1, 12, 0, 15));

const listAccounts = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/accounts',
    headers: { authorization: `Bearer ${token}` },
  });

// Issue 27 point 2: one limit per client across API processes, seen in the IETF RateLimit
// fields on every /v1 answer, and set per client by the back-office.
describe.each(ENGINES)('the rate limit shared by two API processes on %s', (engine) => {
  it('admits within 10 % of the limit in all, and every answer carries the fields', async () => {
    const env = {
      COFRE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      COFRE_RATE_LIMIT_SYNC_MS: '20',
      COFRE_MAX_IN_FLIGHT_PER_CUSTOMER: '0',
    };
    const a = await createTestApp(engine, { clock: atQuarterPast(), env });
    const b = await createTestApp(engine, { clock: atQuarterPast(), env, database: a.database });
    try {
      const { token } = await a.customer();
      const answers = [];
      // Both processes at once, in rounds, three times the limit in all.
      for (let round = 0; round < 30; round++) {
        const batch = Array.from({ length: 20 }, (_, i) => listAccounts(i % 2 ? a : b, token));
        answers.push(...(await Promise.all(batch)));
      }
      const admitted = answers.filter((r) => r.statusCode === 200).length;
      expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 429)).toBe(
        true,
      );
      expect(Math.abs(admitted - LIMIT) / LIMIT).toBeLessThanOrEqual(0.1);
      for (const r of answers) {
        expect(r.headers['ratelimit-policy']).toBe(`"default";q=${LIMIT};w=60`);
        const [, remaining, reset] = FIELD.exec(String(r.headers.ratelimit)) ?? [];
        expect(Number(reset)).toBe(45);
        if (r.statusCode === 429) {
          expect(remaining).toBe('0');
          expect(r.headers['retry-after']).toBe(reset);
        }
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe.each(ENGINES)('per-client rate limits from the back-office on %s', (engine) => {
  const clock = atQuarterPast();
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_RATE_LIMIT_PER_MINUTE: '50', COFRE_CLIENT_CACHE_TTL_MS: '1000' },
  });

  it('applies an override set with PATCH, shows and audits it, and null restores the default', async () => {
    const c = await t.customer();
    const first = await listAccounts(t, c.token);
    expect(first.headers['ratelimit-policy']).toBe('"default";q=50;w=60');
    expect(first.headers.ratelimit).toBe('"default";r=49;t=45');

    const edit = await asAdmin(
      t,
      { method: 'PATCH', url: `/admin/v1/clients/${c.clientId}`, payload: { rateLimit: 2 } },
      'ana@ops',
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: c.clientId, rateLimit: 2 });
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'CLIENT_UPDATED',
      subject_id: c.clientId,
      actor: 'ana@ops',
    });
    clock.advance(1_001);
    // One request was already counted in this window; the override leaves room for one more.
    const second = await listAccounts(t, c.token);
    expect(second.statusCode).toBe(200);
    expect(second.headers['ratelimit-policy']).toBe('"default";q=2;w=60');
    const refused = await listAccounts(t, c.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers.ratelimit).toBe('"default";r=0;t=44');
    expect(refused.headers['retry-after']).toBe('44');

    const lift = await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { rateLimit: null },
    });
    expect(lift.json()).toMatchObject({ rateLimit: null });
    clock.advance(1_001);
    const back = await listAccounts(t, c.token);
    expect(back.statusCode).toBe(200);
    expect(back.headers['ratelimit-policy']).toBe('"default";q=50;w=60');
  });

  it('refuses a rate limit below one with 400 naming the member', async () => {
    const c = await t.customer();
    const res = await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { rateLimit: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/rateLimit');
  });

  it('carries the fields on an error answered after authentication', async () => {
    const c = await t.customer();
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/accounts/acc_unknown',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['ratelimit-policy']).toBe('"default";q=50;w=60');
    expect(res.headers.ratelimit).toMatch(FIELD);
  });
});
