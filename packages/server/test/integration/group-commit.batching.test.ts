import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/db/group-commit.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

describe.each(ENGINES)('group commit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const keyName = (i: number) => `group-commit-test:${engine}:${i}`;
  const insert = (i: number) => async (trx: TestApp['handle']['db']) => {
    await trx
      .insertInto('signing_keys')
      .values({ name: keyName(i), material: 'x', created_at: i })
      .execute();
  };
  const count = async (prefix: string) =>
    (
      await t.handle.db
        .selectFrom('signing_keys')
        .select('name')
        .where('name', 'like', `${prefix}%`)
        .execute()
    ).length;

  it('commits every unit queued in one turn, more than one batch of them', async () => {
    const group = new GroupCommit(t.handle.db, 8);
    await Promise.all(Array.from({ length: 20 }, (_, i) => group.run(insert(i))));
    expect(await count(`group-commit-test:${engine}:`)).toBe(20);
  });

  it('isolates a failing unit: it alone is rejected and the others commit', async () => {
    const group = new GroupCommit(t.handle.db, 64);
    const results = await Promise.allSettled([
      group.run(insert(100)),
      group.run(insert(100)), // duplicate primary key: fails
      group.run(insert(101)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await count(keyName(100))).toBe(1);
    expect(await count(keyName(101))).toBe(1);
  });
});
