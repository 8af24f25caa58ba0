import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { GroupCommit } from '../../src/db/group-commit.js';

/** A database whose every transaction fails with `error`, counting the attempts. */
function failingDb(error: Error): { db: Db; transactions: () => number } {
  let count = 0;
  const db = {
    transaction: () => ({
      execute: () => {
        count += 1;
        return Promise.reject(error);
      },
    }),
  } as unknown as Db;
  return { db, transactions: () => count };
}

describe('GroupCommit when the database fails', () => {
  it('fails every unit of a batch at once with the outage, instead of retrying each alone', async () => {
    const outage = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const { db, transactions } = failingDb(outage);
    const group = new GroupCommit(db, 8);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => group.run(async () => {})),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(results.map((r) => (r as PromiseRejectedResult).reason)).toEqual(Array(5).fill(outage));
    expect(transactions()).toBe(1);
  });

  it('still retries each unit alone when the batch failed for another reason', async () => {
    const { db, transactions } = failingDb(new Error('check constraint violated'));
    const group = new GroupCommit(db, 8);
    await Promise.allSettled(Array.from({ length: 5 }, () => group.run(async () => {})));
    expect(transactions()).toBe(1 + 5);
  });
});
