import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { useSandboxApp } from '../helpers/world.js';

const STEP_DELAY_MS = 2_000;

// Issue 7 point 9: an account whose name contains FAIL_ONBOARDING fails onboarding in the sandbox
// (docs/sandbox.md): every asset, or only FAIL_ONBOARDING_<ASSET>.
describe.each(ENGINES)('sandbox onboarding failure on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, {
    env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS) },
  });

  async function open(token: string, payload: Record<string, unknown>) {
    const res = await t.as(token, { method: 'POST', url: '/v1/accounts', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; name?: string }>();
  }
  const eventsOf = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => ({
      type: e.type,
      data: (JSON.parse(e.payload) as { data: Record<string, unknown> }).data,
    }));

  it('shows the name it was opened with, and none when none was given', async () => {
    const { token } = await t.customer();
    expect(await open(token, { type: 'CHECKING', name: 'Treasury' })).toMatchObject({
      name: 'Treasury',
    });
    expect(await open(token, { type: 'CHECKING' })).not.toHaveProperty('name');
  });

  it('refuses an empty or over-long name', async () => {
    const { token } = await t.customer();
    for (const name of ['', 'x'.repeat(101)]) {
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', name },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ pointer: '/name', code: 'INVALID_LENGTH' }),
      );
    }
  });

  it('fails only the named asset and activates the others', async () => {
    const { token } = await t.customer();
    const account = await open(token, {
      type: 'CHECKING',
      name: 'ops fail_onboarding_usdt',
      assets: ['BRL', 'USDT'],
    });
    clock.advance(STEP_DELAY_MS);
    await runDueJobs(t);
    const read = await t.as(token, { method: 'GET', url: `/v1/accounts/${account.id}` });
    expect(read.json()).toMatchObject({
      status: 'ACTIVE',
      assets: [
        { asset: 'BRL', status: 'ACTIVE' },
        { asset: 'USDT', status: 'FAILED' },
      ],
    });
    const events = await eventsOf(account.id);
    expect(events.map((e) => e.type)).toEqual([
      'ACCOUNT_CREATED',
      'ACCOUNT_ASSET_FAILED',
      'ACCOUNT_ASSET_ACTIVATED',
    ]);
    expect(events[1]!.data).toMatchObject({
      id: account.id,
      asset: 'USDT',
      reason: { code: 'ONBOARDING_FAILED' },
      assets: [
        { asset: 'BRL', status: 'ONBOARDING' },
        { asset: 'USDT', status: 'FAILED' },
      ],
    });
  });

  it('fails every asset for FAIL_ONBOARDING, leaving the account OPENING', async () => {
    const { token } = await t.customer();
    const account = await open(token, {
      type: 'SAVING',
      name: 'FAIL_ONBOARDING',
      assets: ['BRL', 'BTC'],
    });
    clock.advance(STEP_DELAY_MS);
    await runDueJobs(t);
    const read = await t.as(token, { method: 'GET', url: `/v1/accounts/${account.id}` });
    expect(read.json()).toMatchObject({
      status: 'OPENING',
      assets: [
        { asset: 'BRL', status: 'FAILED' },
        { asset: 'BTC', status: 'FAILED' },
      ],
    });
    expect((await eventsOf(account.id)).map((e) => e.type)).toEqual([
      'ACCOUNT_CREATED',
      'ACCOUNT_ASSET_FAILED',
      'ACCOUNT_ASSET_FAILED',
    ]);
  });
});
