import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import {
  countAttempts,
  readAttempts,
  recordFailedAttempts,
} from '../../src/modules/oauth/auth-failures.repository.js';

/** The SQL texts countAttempts sends at the given instant (no database: a dummy driver). */
async function sqlAt(now: number): Promise<string[]> {
  const sent: string[] = [];
  const db = new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => {
      sent.push(event.query.sql);
    },
  }) as unknown as Db;
  // The dummy driver returns no rows, which countAttempts reports; only the text matters here.
  await countAttempts(db, ['addr:a', 'pair:b'], now, 60_000).catch(() => undefined);
  await readAttempts(db, ['addr:a', 'pair:b'], now, 60_000);
  await recordFailedAttempts(db, ['addr:a', 'pair:b'], now, 60_000);
  return sent;
}

// SQLite statements are prepared once per SQL text (db/create-db.ts): a value written into the
// text would prepare a statement on every token request and push the others out of the cache.
it('counts, reads and records token attempts with the same SQL texts at every instant, values bound', async () => {
  const first = await sqlAt(1_700_000_000_000);
  expect(first).toHaveLength(3);
  expect(await sqlAt(1_700_000_012_345)).toEqual(first);
  for (const text of first) expect(text).not.toContain('1700000');
});
