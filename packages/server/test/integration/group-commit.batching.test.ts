import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/db/group-commit.js';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('group commit on %s', (engine) => {
  const t = useTestApp(engine);

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
  it('runs every tail after every unit of its batch, in key order, arrival order within a key', async () => {
    const group = new GroupCommit(t.handle.db, 64);
    const order: string[] = [];
    const unit = (name: string) => () => Promise.resolve(void order.push(name));
    await Promise.all([
      group.run(unit('work 1'), { key: 'sub_b', work: unit('tail 1 (b)') }),
      group.run(unit('work 2'), { key: 'sub_a', work: unit('tail 2 (a)') }),
      group.run(unit('work 3')),
      group.run(unit('work 4'), { key: 'sub_b', work: unit('tail 4 (b)') }),
    ]);
    expect(order).toEqual([
      'work 1',
      'work 2',
      'work 3',
      'work 4',
      'tail 2 (a)',
      'tail 1 (b)',
      'tail 4 (b)',
    ]);
  });

  it('runs a unit’s tail in the unit’s own transaction when the batch fails', async () => {
    const group = new GroupCommit(t.handle.db, 64);
    const tail = (i: number) => ({ key: 'k', work: insert(i) });
    const results = await Promise.allSettled([
      group.run(insert(200), tail(201)),
      group.run(insert(200)), // duplicate primary key: fails the batch, then alone
      group.run(insert(202), tail(203)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const i of [200, 201, 202, 203]) expect(await count(keyName(i))).toBe(1);
  });
});
