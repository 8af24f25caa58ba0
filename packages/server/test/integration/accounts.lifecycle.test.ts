import { describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { ManualClock } from '../../src/lib/clock.js';
import { activateAsset, setAccountFrozen } from '../../src/modules/accounts/accounts.lifecycle.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { useSandboxApp, useTestApp } from '../helpers/world.js';

const STEP_DELAY_MS = 2_000;

// Issue 6 point 19: AccountsService announces "opened" through a port; the sandbox simulator
// takes the step with a job, production schedules nothing (its back-office drives it).
describe.each(ENGINES)('account lifecycle on %s', (engine) => {
  describe('in the sandbox', () => {
    const { t, clock } = useSandboxApp(engine, {
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS) },
    });

    it('activates an opened account once the step delay has passed, emitting ACCOUNT_ASSET_ACTIVATED', async () => {
      const { token } = await t.customer();
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: string }>().id;
      const get = async () =>
        (await t.as(token, { method: 'GET', url: `/v1/accounts/${id}` })).json<{
          status: string;
          assets: { asset: string; status: string }[];
        }>();

      clock.advance(STEP_DELAY_MS - 1);
      expect(await runDueJobs(t)).toBe(0);
      expect((await get()).status).toBe('OPENING');

      clock.advance(1);
      expect(await runDueJobs(t)).toBe(1);
      expect(await get()).toMatchObject({
        status: 'ACTIVE',
        assets: [
          { asset: 'BRL', status: 'ACTIVE' },
          { asset: 'USDT', status: 'ACTIVE' },
        ],
      });
      const events = await t.handle.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.type)).toEqual([
        'ACCOUNT_CREATED',
        'ACCOUNT_ASSET_ACTIVATED',
        'ACCOUNT_ASSET_ACTIVATED',
      ]);
      expect(
        events
          .slice(1)
          .map((e) => (JSON.parse(e.payload) as { data: { asset: string } }).data.asset),
      ).toEqual(['BRL', 'USDT']);
      // The step completed its job in the same transaction: nothing is left to run.
      expect(await t.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
      clock.advance(STEP_DELAY_MS);
      expect(await runDueJobs(t)).toBe(0);
    });
  });

  describe('in production', () => {
    const t = useTestApp(engine, {
      clock: new ManualClock(),
      env: { COFRE_ENVIRONMENT: 'production' },
    });

    it('schedules nothing when an account opens', async () => {
      const { token } = await t.customer();
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await t.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
      expect(res.json()).toMatchObject({ status: 'OPENING' });
    });

    it('keeps a FROZEN account frozen when another of its assets finishes onboarding', async () => {
      const { token } = await t.customer();
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
      });
      const id = res.json<{ id: string }>().id;
      const queue = new JobQueue(t.handle.db, dialectFor(engine), t.clock, new JobSignal());
      const step = <T>(fn: Parameters<typeof transact<T>>[1]) => transact(t.handle.db, fn);
      const now = t.clock.now();
      expect(await step((tx) => activateAsset(tx, { queue }, id, 'BRL', now))).toBe(true);
      expect(await step((tx) => setAccountFrozen(tx, id, true, now))).toBe(true);
      expect(await step((tx) => activateAsset(tx, { queue }, id, 'USDT', now))).toBe(true);
      const account = await t.as(token, { method: 'GET', url: `/v1/accounts/${id}` });
      expect(account.json()).toMatchObject({
        status: 'FROZEN',
        assets: [
          { asset: 'BRL', status: 'ACTIVE' },
          { asset: 'USDT', status: 'ACTIVE' },
        ],
      });
    });
  });
});
