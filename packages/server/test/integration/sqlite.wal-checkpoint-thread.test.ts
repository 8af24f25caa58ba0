import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb, WAL_AUTOCHECKPOINT_BACKSTOP, type DbHandle } from '../../src/db/create-db.js';
import { startWalCheckpointer } from '../../src/db/wal-checkpointer.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

// SQLite only: the WAL and its checkpoints are SQLite's (PostgreSQL checkpoints in its own
// server processes). A file database's WAL is checkpointed by a thread of its own, never by a
// commit on the event loop (db/wal-checkpointer.ts, docs/operations.md "The WAL checkpoint").

const ROUND_COMMITS = 20;
const ROW_BYTES = 100_000;
const ROUND_BYTES = ROUND_COMMITS * ROW_BYTES;

let database: TestDatabase | undefined;
const handles: DbHandle[] = [];

afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.destroy()));
  await database?.drop();
  database = undefined;
});

async function open(): Promise<{ handle: DbHandle; file: string }> {
  database ??= await createTestDatabase('sqlite');
  const handle = createDb(loadConfig({ COFRE_DATABASE_URL: database.url }).database);
  handles.push(handle);
  return { handle, file: database.url };
}

/** The thread's counters; every handle of these tests is a file database's, which has one. */
function stats(handle: DbHandle) {
  const s = handle.walCheckpoints();
  if (!s) throw new Error('no checkpoint thread');
  return s;
}

/** Waits for a checkpoint that started after now and found the whole WAL copied. */
async function caughtUp(handle: DbHandle): Promise<void> {
  const after = stats(handle).runs + 1;
  await waitFor('the checkpoint thread to copy the whole WAL', () => {
    const s = stats(handle);
    return s.runs > after && s.log === s.checkpointed ? true : undefined;
  });
}

describe('the SQLite WAL checkpoint thread', () => {
  it('checkpoints the WAL while the connection commits, so the WAL stays the size of what was committed between two checkpoints', async () => {
    const { handle, file } = await open();
    await sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)`.execute(handle.db);
    await waitFor('the first checkpoint', () => (stats(handle).runs > 0 ? true : undefined));
    const body = Buffer.alloc(ROW_BYTES, 7);
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < ROUND_COMMITS; i++) {
        await sql`INSERT INTO blobs (body) VALUES (${body})`.execute(handle.db);
      }
      await caughtUp(handle);
    }
    // 20 MB committed; the WAL was written from its start again after each round, so the file
    // holds about one round (without the thread it would hold all 20 MB: see below).
    expect(statSync(`${file}-wal`).size).toBeLessThan(2 * ROUND_BYTES);
    // The connection's own automatic checkpoint is a backstop far above the ~5,000 pages
    // committed: it could not have run, every checkpoint above was the thread's.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
      handle.db,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(WAL_AUTOCHECKPOINT_BACKSTOP);
    expect(WAL_AUTOCHECKPOINT_BACKSTOP * 4096).toBeGreaterThan(10 * rounds * ROUND_BYTES);
    expect(stats(handle)).toMatchObject({ state: 'running', errors: 0 });
  });

  it('ends the thread when the handle is destroyed', async () => {
    const { handle } = await open();
    await waitFor('the first checkpoint', () => (stats(handle).runs > 0 ? true : undefined));
    handles.splice(handles.indexOf(handle), 1);
    await handle.destroy();
    // 'stopped' is set when the thread's exit event has come.
    expect(stats(handle).state).toBe('stopped');
  });

  it('runs one thread per handle on the same file (an api and a worker process) without errors', async () => {
    const a = await open();
    const b = await open();
    await sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)`.execute(a.handle.db);
    const body = Buffer.alloc(ROW_BYTES, 7);
    for (let i = 0; i < ROUND_COMMITS; i++) {
      await sql`INSERT INTO blobs (body) VALUES (${body})`.execute(a.handle.db);
      await sql`INSERT INTO blobs (body) VALUES (${body})`.execute(b.handle.db);
    }
    await caughtUp(a.handle);
    await caughtUp(b.handle);
    for (const { handle } of [a, b]) {
      expect(stats(handle)).toMatchObject({ state: 'running', errors: 0 });
    }
  });

  it('checkpoints again within the busy interval while commits come, not after the idle one', async () => {
    // A WAL file of its own and no handle, so no other thread checkpoints it. The idle interval
    // is a minute: every run this test sees comes from the busy interval (or from frames left).
    const dir = mkdtempSync(join(tmpdir(), 'cofre-wal-busy-'));
    const file = join(dir, 'busy.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const checkpointer = startWalCheckpointer(file, { intervalMs: 60_000, busyIntervalMs: 5 });
    try {
      // Commits every few milliseconds until the thread has run 30 times: with the idle
      // interval alone it would stop at its first run that finds nothing left to copy.
      await waitFor(
        'thirty checkpoint runs while committing',
        () => {
          insert.run('x'.repeat(10_000));
          return checkpointer.stats().runs >= 30 ? true : undefined;
        },
        { intervalMs: 2 },
      );
      // The last commits are copied soon after they stop, too.
      const last = db.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
      expect(last.n).toBeGreaterThan(0);
      await waitFor('the WAL entirely copied', () => {
        const s = checkpointer.stats();
        return s.log > 0 && s.checkpointed === s.log ? true : undefined;
      });
      expect(checkpointer.stats().errors).toBe(0);
    } finally {
      await checkpointer.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a thread that dies and records why; stop() still resolves', async () => {
    database = await createTestDatabase('sqlite');
    const missing = join(database.url, '..', 'missing.db');
    const reported: string[] = [];
    const checkpointer = startWalCheckpointer(missing, { onError: (e) => reported.push(e) });
    await waitFor('the thread to die', () =>
      checkpointer.stats().state === 'failed' ? true : undefined,
    );
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(/the thread died.*unable to open database file/);
    expect(checkpointer.stats().lastError).toMatch(/unable to open database file/);
    await checkpointer.stop();
    expect(checkpointer.stats().state).toBe('failed');
    // The thread opened nothing: fileMustExist, no file made by it.
    expect(existsSync(missing)).toBe(false);
  });
});
