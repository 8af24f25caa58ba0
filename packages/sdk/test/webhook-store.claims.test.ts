import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createSqliteStore, type WebhookStore } from '../src/webhooks/index.js';

const dir = mkdtempSync(join(tmpdir(), 'cofre-webhook-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const STORES: [string, () => WebhookStore][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite (better-sqlite3)', () => createSqliteStore(new Database(join(dir, `s${++files}.db`)))],
];

const LEASE = 60_000;
const at = (now: number) => ({ now, leaseMs: LEASE });
const msg = (id: string) => ({ id, body: `{"id":"${id}"}` });

describe.each(STORES)('the %s webhook store', (_name, make) => {
  it('claims a new message once; a second claim within the lease is busy', async () => {
    const store = make();
    expect(await store.claim(msg('m1'), at(1_000))).toEqual({ kind: 'claimed', attempt: 1 });
    expect(await store.claim(msg('m1'), at(1_000 + LEASE - 1))).toEqual({ kind: 'busy' });
  });

  it('answers done for a completed message, whenever it comes again', async () => {
    const store = make();
    await store.claim(msg('m1'), at(1_000));
    await store.complete('m1', 2_000);
    expect(await store.claim(msg('m1'), at(3_000))).toEqual({ kind: 'done' });
    expect(await store.claim(msg('m1'), at(10 * LEASE))).toEqual({ kind: 'done' });
  });

  it('hands a claim older than the lease to the next claimer, counting the attempt', async () => {
    const store = make();
    await store.claim(msg('m1'), at(1_000));
    expect(await store.claim(msg('m1'), at(1_000 + LEASE))).toEqual({
      kind: 'claimed',
      attempt: 2,
    });
    expect(await store.claim(msg('m1'), at(1_000 + LEASE + 1))).toEqual({ kind: 'busy' });
  });

  it('lists expired claims with their bodies, oldest first, never done ones', async () => {
    const store = make();
    await store.claim(msg('m2'), at(2_000));
    await store.claim(msg('m1'), at(1_000));
    await store.claim(msg('m3'), at(3_000));
    await store.complete('m3', 3_500);
    await store.claim(msg('m4'), at(50_000));
    expect(await store.expired({ now: 2_000 + LEASE, leaseMs: LEASE, limit: 10 })).toEqual([
      { id: 'm1', body: '{"id":"m1"}', attempts: 1, claimedAt: 1_000 },
      { id: 'm2', body: '{"id":"m2"}', attempts: 1, claimedAt: 2_000 },
    ]);
    expect(await store.expired({ now: 2_000 + LEASE, leaseMs: LEASE, limit: 1 })).toHaveLength(1);
  });

  it('forgets a released claim (so the next delivery runs it) but never a done message', async () => {
    const store = make();
    await store.claim(msg('m1'), at(1_000));
    await store.release('m1');
    expect(await store.claim(msg('m1'), at(1_001))).toEqual({ kind: 'claimed', attempt: 1 });
    await store.complete('m1', 1_002);
    await store.release('m1');
    expect(await store.claim(msg('m1'), at(1_003))).toEqual({ kind: 'done' });
  });

  it('prunes done messages completed before a time, and only those', async () => {
    const store = make();
    for (const id of ['a', 'b', 'c']) await store.claim(msg(id), at(1_000));
    await store.complete('a', 1_000);
    await store.complete('b', 5_000);
    expect(await store.prune(2_000)).toBe(1);
    expect(await store.claim(msg('a'), at(6_000))).toEqual({ kind: 'claimed', attempt: 1 });
    expect(await store.claim(msg('b'), at(6_000))).toEqual({ kind: 'done' });
    expect(await store.claim(msg('c'), at(6_000))).toEqual({ kind: 'busy' });
  });
});

describe('the SQLite webhook store', () => {
  it('keeps claims and done ids across connections (a restart), in a table of your choice', async () => {
    const file = join(dir, 'restart.db');
    const first = new Database(file);
    const before = createSqliteStore(first, { table: 'hooks' });
    await before.claim(msg('m1'), at(1_000));
    await before.claim(msg('m2'), at(1_000));
    await before.complete('m2', 1_500);
    first.close();
    const after = createSqliteStore(new Database(file), { table: 'hooks' });
    expect(await after.claim(msg('m2'), at(2_000))).toEqual({ kind: 'done' });
    expect(await after.expired({ now: 1_000 + LEASE, leaseMs: LEASE, limit: 5 })).toMatchObject([
      { id: 'm1', attempts: 1 },
    ]);
    expect(() => createSqliteStore(new Database(':memory:'), { table: 'x; DROP' })).toThrow(
      TypeError,
    );
  });
});
