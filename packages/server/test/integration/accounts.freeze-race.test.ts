import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { dialectFor } from '../../src/db/dialect.js';
import {
  activateAssets,
  activateAsset,
  setAccountFrozen,
} from '../../src/modules/accounts/accounts.lifecycle.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

// A freeze committed while the sandbox's activation step is running must survive it: the step
// locks the account row before reading its status (accounts.lifecycle.ts). Only PostgreSQL runs
// the two writers at once; SQLite serialises them by its single write lock.
describe.skipIf(!ENGINES.includes('postgres'))('freeze vs asset activation on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('keeps the account FROZEN when activateAssets waited for the freeze', async () => {
    const { token } = await t.customer();
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
    });
    const accountId = res.json<{ id: string }>().id;
    const queue = new JobQueue(t.handle.db, dialectFor('postgres'), t.clock, new JobSignal());
    await transact(t.handle.db, (tx) =>
      activateAsset(tx, { queue }, accountId, 'BRL', t.clock.now()),
    );

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let frozen!: () => void;
    const frozenUncommitted = new Promise<void>((resolve) => (frozen = resolve));
    const freezing = transact(t.handle.db, async (tx) => {
      expect(await setAccountFrozen(tx, accountId, true, t.clock.now())).toBe(true);
      frozen();
      await gate; // hold the freeze uncommitted while the activation starts
    });
    await frozenUncommitted;
    const activating = transact(t.handle.db, (tx) =>
      activateAssets(tx, { queue }, accountId, t.clock.now()),
    );
    await waitFor('the activation to wait for the freeze', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(t.handle.db);
      return rows[0]!.n > 0 ? true : undefined;
    });
    release();
    await freezing;
    expect(await activating).toBe(1);

    const row = await t.handle.db
      .selectFrom('accounts')
      .select(['status', 'assets'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('FROZEN');
    expect(JSON.parse(row.assets)).toEqual([
      { asset: 'BRL', status: 'ACTIVE' },
      { asset: 'USDT', status: 'ACTIVE' },
    ]);
  });
});
