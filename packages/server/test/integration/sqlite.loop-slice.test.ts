import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SQLITE_LOOP_SLICE_MS } from '../../src/db/create-db.js';
import { useTestApp } from '../helpers/world.js';

// SQLite runs every statement on the event loop, and a statement whose connection is free
// resolves at once: without the slice (lib/loop-slice.ts, in db/sqlite-connection-gate.ts) a
// chain of awaited statements ran as one stretch, and nothing else in the process (another
// customer's request, a timer, an arriving connection) ran until it ended.
describe('the SQLite statement slice', () => {
  const t = useTestApp('sqlite');

  it('lets the next turn of the event loop run within a long chain of awaited statements', async () => {
    let turnAt: number | undefined;
    const started = performance.now();
    setImmediate(() => (turnAt = performance.now() - started));
    // Statements of about a millisecond each, awaited one after the other, for 20 slices.
    const until = started + 20 * SQLITE_LOOP_SLICE_MS;
    let statements = 0;
    while (performance.now() < until) {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) select count(*) from n`.execute(
        t.handle.db,
      );
      statements += 1;
    }
    expect(statements).toBeGreaterThan(1);
    // The turn came within about one slice (and one statement), not after the whole chain.
    expect(turnAt).toBeDefined();
    expect(turnAt!).toBeLessThan(until - started);
  });
});
