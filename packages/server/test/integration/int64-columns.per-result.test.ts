import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb, type DbHandle } from '../../src/db/create-db.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';

// The int64 rule (db/int64-columns.ts) is applied per result shape by each engine's seam
// (db/create-db.ts), from the result's column types: every column that can hold an integer is
// read by the rule, and no other column is touched.
describe.each(ENGINES)('64-bit columns of a result on %s', (engine) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = createDb(loadConfig({ COFRE_DATABASE_URL: database.url }).database);
    await sql`CREATE TABLE shapes (id TEXT PRIMARY KEY, label TEXT NOT NULL, amount BIGINT NOT NULL, created_at BIGINT NOT NULL)`.execute(
      handle.db,
    );
    await sql`INSERT INTO shapes VALUES ('a', '9007199254740993', 9007199254740993, 1700000000000), ('b', '7', -9223372036854775807, 1700000000001)`.execute(
      handle.db,
    );
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(handle.db)).rows;

  it('reads money as exact bigints and other integers as numbers, text untouched', async () => {
    expect(await rows(sql`SELECT * FROM shapes ORDER BY id`)).toEqual([
      {
        id: 'a',
        label: '9007199254740993',
        amount: 9_007_199_254_740_993n,
        created_at: 1_700_000_000_000,
      },
      { id: 'b', label: '7', amount: -9_223_372_036_854_775_807n, created_at: 1_700_000_000_001 },
    ]);
  });

  it('reads expressions by their names: a money aggregate as a bigint, a count as a number', async () => {
    const [row] = await rows(
      sql`SELECT count(*) AS n, sum(amount) AS net, max(created_at) AS last, 1 AS one FROM shapes WHERE id = 'a'`,
    );
    expect(row).toEqual({ n: 1, net: 9_007_199_254_740_993n, last: 1_700_000_000_000, one: 1 });
  });

  it('reads a result whose names a row orders otherwise: integer-like, and twice in a join', async () => {
    const read = () =>
      rows(
        sql`SELECT s.created_at AS "2", s.id, t.id, s.amount, 7 AS "1" FROM shapes s JOIN shapes t ON t.id = s.id WHERE s.id = 'a'`,
      );
    for (const row of [...(await read()), ...(await read())]) {
      expect(row).toEqual({ 1: 7, 2: 1_700_000_000_000, id: 'a', amount: 9_007_199_254_740_993n });
    }
  });

  it('throws for a non-money integer a number cannot hold, never rounds it', async () => {
    await expect(rows(sql`SELECT CAST(9007199254740993 AS BIGINT) AS version`)).rejects.toThrow(
      /version 9007199254740993 is not a safe integer/,
    );
  });

  it('reads a column added after a statement was first run (the statement recompiled)', async () => {
    const query = sql`SELECT * FROM shapes WHERE id = 'b'`;
    expect(await rows(query)).toHaveLength(1);
    await sql`ALTER TABLE shapes ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 1700000000002`.execute(
      handle.db,
    );
    const [row] = await rows(query);
    expect(row).toMatchObject({
      amount: -9_223_372_036_854_775_807n,
      updated_at: 1_700_000_000_002,
    });
  });
});
