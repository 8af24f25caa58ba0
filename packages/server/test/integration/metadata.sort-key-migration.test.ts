import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { created, ENV, METADATA_RESOURCES } from '../helpers/metadata.js';
import { STEP_MS, postDeposit } from '../helpers/operations.js';
import { downAndUpAgain } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useTestApp } from '../helpers/world.js';

const TABLES = ['accounts', 'beneficiaries', 'subscriptions', 'operations'] as const;

// Migration 0023 (issue 23, point 2) goes down and up again on both engines: the pairs written
// before it get their resource's creation time, so the filter finds them in list order.
describe.each(ENGINES)('metadata sort key migration on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  const t = useTestApp(engine, {
    clock,
    env: { ...ENV, COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
  });

  it('backfills each pair with its resource’s created_at, and the filter finds them', async () => {
    const { token } = await t.customer('Sort key');
    const accountId = await activeAccount(t, clock, token);
    for (const resource of METADATA_RESOURCES) {
      for (let i = 0; i < 2; i++) {
        clock.advance(1_000);
        await created(t, token, resource, { batch: 'old', n: String(i) });
      }
    }
    for (let i = 0; i < 2; i++) {
      clock.advance(1_000);
      const res = await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: '1.00',
        metadata: { batch: 'old', n: String(i) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    expect(await downAndUpAgain(t.handle.db, '0023-metadata-sort-key')).toContain(
      '0023-metadata-sort-key',
    );

    for (const table of TABLES) {
      const { rows } = await sql<{ copied: number; original: number }>`
        select me.created_at as copied, r.created_at as original
        from metadata_entries me join ${sql.table(table)} r on r.id = me.resource_id
        where me.resource = ${table} and me.key = 'batch'`.execute(t.handle.db);
      expect(rows.length, table).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        expect(row.copied, table).toBe(row.original);
        expect(row.copied, table).toBeGreaterThan(0);
      }
    }

    for (const path of [...METADATA_RESOURCES.map((r) => r.path), '/v1/operations']) {
      const res = await t.as(token, {
        method: 'GET',
        url: `${path}?metadata[batch]=old&sortOrder=ASCENDING`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ data: { metadata: Record<string, string> }[] }>().data;
      expect(
        items.map((item) => item.metadata.n),
        path,
      ).toEqual(['0', '1']);
    }
  });
});
