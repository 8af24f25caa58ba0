import { Migrator } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { MIGRATIONS } from '../../src/db/migrations/all.js';

/** A migrator over cofre's migrations and tables (db/migrate.ts), to move a test database. */
export function testMigrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    migrationTableName: 'cofre_migrations',
    migrationLockTableName: 'cofre_migrations_lock',
  });
}

/** The migration just before `name`, to go down to when `name` must be undone. */
export function migrationBefore(name: string): string {
  const names = Object.keys(MIGRATIONS);
  expect(names).toContain(name);
  return names[names.indexOf(name) - 1]!;
}

/**
 * The round trip every migration keeps: down to just before `name` (which must go down with
 * whatever came after it), then up to the latest again, both without an error. Answers what went
 * up, for a test that checks more.
 */
export async function downAndUpAgain(db: Db, name: string): Promise<string[]> {
  const migrator = testMigrator(db);
  const down = await migrator.migrateTo(migrationBefore(name));
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain(name);
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  return up.results?.map((r) => r.migrationName) ?? [];
}
