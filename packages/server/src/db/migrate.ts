import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { MIGRATION_NAMES } from './migration-names.js';

// The migrations' modules are loaded only when the migrator runs (db/migrations/all.ts).
const provider: MigrationProvider = {
  getMigrations: async () => (await import('./migrations/all.js')).MIGRATIONS,
};

export interface MigrationReport {
  applied: string[];
}

/** Brings the schema up to date. Safe to run from several processes at once (Kysely's lock). */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'cofre_migrations',
    migrationLockTableName: 'cofre_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return {
    applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

/**
 * Whether every migration is already applied, in one query: the common case at start-up, which
 * then needs neither Kysely's migrator (introspection, lock table, several statements) nor, on
 * PostgreSQL, a maintenance connection of its own (main.ts). Any doubt (no migrations table yet,
 * a name missing, a query error) answers false and the migrator runs as before. A migration and
 * its row in `cofre_migrations` commit together, so a complete list means a complete schema.
 */
export async function isSchemaCurrent(db: Db): Promise<boolean> {
  try {
    const rows = await db
      .selectFrom('cofre_migrations' as never)
      .select('name' as never)
      .execute();
    const applied = new Set(rows.map((row) => (row as { name: string }).name));
    return MIGRATION_NAMES.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
