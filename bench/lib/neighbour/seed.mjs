import SQLite from 'better-sqlite3';
import pg from 'pg';
import { server } from '../server-module.mjs';
import { maximalMetadata, seededMetadata } from './limits.mjs';

const { newId } = server;

// Accounts per transaction; each brings its `pairs` metadata rows.
const BATCH = 1_000;

/**
 * The heavy customer's accounts, straight into the database (the API would take minutes for
 * tens of thousands): `count` ACTIVE BRL accounts created one millisecond apart from `startMs`,
 * each with `pairs` metadata pairs (limits.mjs `seededMetadata`), then `maximal.count` newer
 * ones whose metadata is at every documented maximum (limits.mjs `maximalMetadata` of
 * `maximal.limits`: a page of them is the heaviest a list answers), each in its `metadata` column and
 * in `metadata_entries`, exactly as the server writes them (with the account's `created_at`
 * where the schema has that column, migration 0023; a server from before it has none). On PostgreSQL the tables are then
 * vacuumed and analysed, as autovacuum would some time after a bulk load; SQLite is left as the
 * server leaves it (it never runs ANALYZE). Returns the account ids, oldest first.
 */
export async function seedHeavyAccounts(database, input) {
  const { customerId, pairs, keyChars, startMs, maximal } = input;
  // The maximal accounts come last: the newest, so the first pages of a walk are theirs.
  const count = input.count + (maximal?.count ?? 0);
  const ids = Array.from({ length: count }, (_, i) => newId('account', startMs + i));
  const metadataOf = (i) =>
    i < input.count
      ? seededMetadata(i, pairs, keyChars)
      : maximalMetadata(maximal.limits, `seed-${i}`);
  const rows = function* (from, to) {
    for (let i = from; i < to; i++) {
      yield { i, id: ids[i], at: startMs + i, metadata: metadataOf(i) };
    }
  };
  const withCreatedAt = await entriesHaveCreatedAt(database.db);
  if (database.engine === 'sqlite')
    seedSqlite(database.url, customerId, count, rows, withCreatedAt);
  else await seedPostgres(database.url, customerId, count, rows, withCreatedAt);
  return ids;
}

/** Whether `metadata_entries` has `created_at` (kysely's introspection, on either engine). */
async function entriesHaveCreatedAt(db) {
  const tables = await db.introspection.getTables();
  const entries = tables.find((t) => t.name === 'metadata_entries');
  return entries?.columns.some((c) => c.name === 'created_at') ?? false;
}

function seedSqlite(filename, customerId, count, rows, withCreatedAt) {
  const db = new SQLite(filename);
  try {
    db.pragma('busy_timeout = 10000'); // the server holds the file open (and may write) meanwhile
    const account = db.prepare(
      'INSERT INTO accounts (id, customer_id, type, status, name, assets, metadata, created_at, updated_at) ' +
        "VALUES (?, ?, ?, 'ACTIVE', NULL, ?, ?, ?, ?)",
    );
    const entry = withCreatedAt
      ? db.prepare(
          "INSERT INTO metadata_entries (resource, resource_id, customer_id, key, value, created_at) VALUES ('accounts', ?, ?, ?, ?, ?)",
        )
      : db.prepare(
          "INSERT INTO metadata_entries (resource, resource_id, customer_id, key, value) VALUES ('accounts', ?, ?, ?, ?)",
        );
    const assets = JSON.stringify([{ asset: 'BRL', status: 'ACTIVE' }]);
    const insertBatch = db.transaction((from, to) => {
      for (const row of rows(from, to)) {
        const type = row.i % 2 === 0 ? 'CHECKING' : 'SAVING';
        account.run(row.id, customerId, type, assets, JSON.stringify(row.metadata), row.at, row.at);
        for (const [key, value] of Object.entries(row.metadata)) {
          if (withCreatedAt) entry.run(row.id, customerId, key, value, row.at);
          else entry.run(row.id, customerId, key, value);
        }
      }
    });
    for (let from = 0; from < count; from += BATCH)
      insertBatch(from, Math.min(count, from + BATCH));
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

async function seedPostgres(url, customerId, count, rows, withCreatedAt) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // reported through the failing query instead
  await client.connect();
  const assets = JSON.stringify([{ asset: 'BRL', status: 'ACTIVE' }]);
  try {
    for (let from = 0; from < count; from += BATCH) {
      const accounts = { ids: [], types: [], metadata: [], at: [] };
      const entries = { ids: [], keys: [], values: [], at: [] };
      for (const row of rows(from, Math.min(count, from + BATCH))) {
        accounts.ids.push(row.id);
        accounts.types.push(row.i % 2 === 0 ? 'CHECKING' : 'SAVING');
        accounts.metadata.push(JSON.stringify(row.metadata));
        accounts.at.push(row.at);
        for (const [key, value] of Object.entries(row.metadata)) {
          entries.ids.push(row.id);
          entries.keys.push(key);
          entries.values.push(value);
          entries.at.push(row.at);
        }
      }
      await client.query('BEGIN');
      await client.query(
        'INSERT INTO accounts (id, customer_id, type, status, assets, metadata, created_at, updated_at) ' +
          "SELECT id, $2, type, 'ACTIVE', $3, metadata, at, at " +
          'FROM unnest($1::text[], $4::text[], $5::text[], $6::bigint[]) AS t(id, type, metadata, at)',
        [accounts.ids, customerId, assets, accounts.types, accounts.metadata, accounts.at],
      );
      await client.query(
        withCreatedAt
          ? 'INSERT INTO metadata_entries (resource, resource_id, customer_id, key, value, created_at) ' +
              "SELECT 'accounts', id, $2, key, value, at FROM unnest($1::text[], $3::text[], $4::text[], $5::bigint[]) AS t(id, key, value, at)"
          : 'INSERT INTO metadata_entries (resource, resource_id, customer_id, key, value) ' +
              "SELECT 'accounts', id, $2, key, value FROM unnest($1::text[], $3::text[], $4::text[]) AS t(id, key, value)",
        withCreatedAt
          ? [entries.ids, customerId, entries.keys, entries.values, entries.at]
          : [entries.ids, customerId, entries.keys, entries.values],
      );
      await client.query('COMMIT');
    }
    await client.query('VACUUM ANALYZE accounts');
    await client.query('VACUUM ANALYZE metadata_entries');
  } finally {
    await client.end();
  }
}
