import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 8 point 1, production side: an operator sets the price of each directed pair.
describe.each(ENGINES)('back-office rates in production on %s', (engine) => {
  const clock = new ManualClock();
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' },
  });

  const put = (pair: string, payload: object, actor?: string) =>
    asAdmin(t, { method: 'PUT', url: `/admin/v1/rates/${pair}`, payload }, actor);

  it('sets, replaces and lists rates; each change is one audit row with before and after', async () => {
    const customer = await t.customer();
    // No rate yet: the pair is not offered.
    const none = await t.as(customer.token, {
      method: 'GET',
      url: '/v1/rates?base=BRL&quote=USDT',
    });
    expect(none.json()).toEqual({ data: [] });

    const first = await put('BRL/USDT', { rate: '0.185' }, 'ops@cofre');
    expect(first.statusCode, first.body).toBe(200);
    const setAt = new Date(clock.now()).toISOString();
    expect(first.json()).toEqual({ base: 'BRL', quote: 'USDT', rate: '0.185', updatedAt: setAt });
    clock.advance(1_000);
    const second = await put('BRL/USDT', { rate: '0.18420' });
    expect(second.json()).toMatchObject({ rate: '0.1842' });
    expect((await put('USDT/BRL', { rate: '5.4' })).statusCode).toBe(200);

    const listed = await asAdmin(t, { method: 'GET', url: '/admin/v1/rates' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      data: [
        {
          base: 'BRL',
          quote: 'USDT',
          rate: '0.1842',
          updatedAt: new Date(clock.now()).toISOString(),
        },
        { base: 'USDT', quote: 'BRL', rate: '5.4', updatedAt: new Date(clock.now()).toISOString() },
      ],
    });
    // The customer API shows the stored rate as the indicative one, one direction only.
    const shown = await t.as(customer.token, { method: 'GET', url: '/v1/rates?base=BRL' });
    expect(shown.json()).toEqual({
      data: [
        {
          base: 'BRL',
          quote: 'USDT',
          rate: '0.1842',
          updatedAt: new Date(clock.now()).toISOString(),
        },
      ],
    });

    const audit = (await auditRows(t)).filter((r) => r.action === 'EXCHANGE_RATE_SET');
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      actor: 'ops@cofre',
      subject_type: 'EXCHANGE_RATE',
      subject_id: 'BRL/USDT',
      before: null,
    });
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ rate: '0.185', updatedAt: setAt });
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ rate: '0.1842' });
    const log = await asAdmin(t, {
      method: 'GET',
      url: '/admin/v1/auditLog?action=EXCHANGE_RATE_SET',
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ data: unknown[] }>().data).toHaveLength(3);
  });

  it('refuses an asset against itself, a zero rate, a malformed one, and no admin token', async () => {
    const before = (await auditRows(t)).length;
    expectProblem(await put('BRL/BRL', { rate: '1' }), 400, 'INVALID_DATA');
    expectProblem(await put('BRL/USDT', { rate: '0.000' }), 400, 'INVALID_DATA');
    expectProblem(await put('BRL/USDT', { rate: '1.0000000000001' }), 400, 'INVALID_DATA');
    expectProblem(await put('BRL/USDT', { rate: '-1' }), 400, 'INVALID_DATA');
    expectProblem(await put('BRL/EUR', { rate: '1' }), 400, 'INVALID_DATA');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/admin/v1/rates/BRL/USDT',
      payload: { rate: '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await auditRows(t)).length).toBe(before);
  });
});

describe.each(ENGINES)('back-office rates in the sandbox on %s', (engine) => {
  const t = useTestApp(engine, { env: ADMIN_ENV });

  it('refuses to set a rate (the curves are fixed) and lists none', async () => {
    const refused = expectProblem(
      await asAdmin(t, {
        method: 'PUT',
        url: '/admin/v1/rates/BRL/USDT',
        payload: { rate: '0.2' },
      }),
      409,
      'INVALID_STATE',
    );
    expect(refused.detail).toMatch(/fixed curves/);
    expect((await asAdmin(t, { method: 'GET', url: '/admin/v1/rates' })).json()).toEqual({
      data: [],
    });
    expect(await auditRows(t)).toEqual([]);
  });
});
