import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

// SQLite only (the WAL is SQLite's). The built server (dist/, which `npm test` builds first with
// tsc -b), as `cofre serve` and the CLI load it: the checkpoint thread starts from the compiled
// module, checkpoints, and never keeps a process alive (db/wal-checkpointer.ts unrefs it).
const repository = fileURLToPath(new URL('../../../../', import.meta.url));

// Opens a file database, commits, waits until its checkpoint thread has copied the whole WAL,
// prints the thread's counters and returns without destroying the handle: the process must
// then exit by itself.
const CHILD = `
import { createDb, loadConfig } from '@cofre/server';
import { sql } from 'kysely';
const handle = createDb(loadConfig({ COFRE_DATABASE_URL: process.env.DB_FILE }).database);
await sql\`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)\`.execute(handle.db);
for (let i = 0; i < 50; i++) {
  await sql\`INSERT INTO blobs (body) VALUES (\${Buffer.alloc(50_000, 1)})\`.execute(handle.db);
}
const after = handle.walCheckpoints().runs + 1;
for (;;) {
  const s = handle.walCheckpoints();
  if (s.runs > after && s.log === s.checkpointed) break;
  await new Promise((resolve) => setTimeout(resolve, 10));
}
console.log(JSON.stringify(handle.walCheckpoints()));
`;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the SQLite WAL checkpoint thread, built', () => {
  it('checkpoints from the compiled server and lets a process that never destroys its handle exit by itself', async () => {
    database = await createTestDatabase('sqlite');
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        // A thread keeping the process alive shows as this timeout (the child is killed).
        const child = execFile(
          process.execPath,
          ['--input-type=module', '-e', CHILD],
          { cwd: repository, env: { ...process.env, DB_FILE: database!.url }, timeout: 20_000 },
          (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
        );
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const stats = JSON.parse(run.stdout.trim());
    expect(stats).toMatchObject({ state: 'running', errors: 0 });
    expect(stats.log).toBeGreaterThan(0);
    expect(stats.checkpointed).toBe(stats.log);
  });
});
