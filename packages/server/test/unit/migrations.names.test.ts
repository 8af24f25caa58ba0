import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/db/migration-names.js';
import { MIGRATIONS } from '../../src/db/migrations/all.js';

// A start compares MIGRATION_NAMES with the applied migrations and loads the migrations
// themselves only when one is missing (db/migrate.ts): a migration missing from the names would
// never run on a database that has every other one.
describe('the migration lists', () => {
  it('names every migration, in order, and nothing else', () => {
    expect([...MIGRATION_NAMES]).toEqual(Object.keys(MIGRATIONS));
    expect([...MIGRATION_NAMES]).toEqual([...MIGRATION_NAMES].sort());
  });

  it('includes every migration file of the folder', () => {
    const files = readdirSync(new URL('../../src/db/migrations/', import.meta.url))
      .filter((file) => /^\d{4}-.*\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''));
    expect([...MIGRATION_NAMES]).toEqual(files.sort());
  });
});
