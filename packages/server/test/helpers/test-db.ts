import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Engine } from '../../src/db/database.js';

/** The engines every storage test runs on; TEST_ENGINES narrows it for a quick local run. */
export const ENGINES: Engine[] = (process.env.TEST_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .filter((e): e is Engine => e === 'sqlite' || e === 'postgres');

export interface TestDatabase {
  /** Value for COFRE_DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given engine: a temp SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cofre-test-sqlite-'));
    return {
      url: join(dir, 'cofre.db'),
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL or the embedded server');
  const name = `cofre_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
