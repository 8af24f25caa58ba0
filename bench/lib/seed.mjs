import { setImmediate } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { SingleBar, Presets } from 'cli-progress';
import pg from 'pg';
import { server } from './server-module.mjs';

const { createCustomerWithClient, ManualClock, newId } = server;

const BATCH = 10_000;
const TYPES = ['CHECKING', 'SAVING'];

/**
 * The accounts to seed, built once and loaded into both engines so they hold the same data.
 * Account i is created at startMs + i (strictly increasing, like real traffic), owned by customer
 * index `owner[i]`: index 0 is the heavy customer, spread evenly through time so its deep pages
 * are interleaved with everyone else's rows; the rest go round-robin to the other customers.
 */
export function planAccounts({ accounts, customers, heavyAccounts }, startMs) {
  const ids = new Array(accounts);
  const owner = new Uint32Array(accounts);
  let others = 0;
  for (let i = 0; i < accounts; i++) {
    const heavy =
      Math.floor(((i + 1) * heavyAccounts) / accounts) > Math.floor((i * heavyAccounts) / accounts);
    owner[i] = heavy ? 0 : 1 + (others++ % (customers - 1));
    ids[i] = newId('account', startMs + i);
  }
  return { ids, owner, startMs, count: accounts };
}

// A tenth of the assets are still ONBOARDING; the rest ACTIVE. Accounts alternate types.
const assetStatus = (i) => (i % 10 === 0 ? 'ONBOARDING' : 'ACTIVE');
// The accounts.assets column: JSON [{asset, status}] as the server writes it.
const assetsJson = (i) => JSON.stringify([{ asset: 'BRL', status: assetStatus(i) }]);

/**
 * Creates the customers through the server's own onboarding: the first `withClients` (the heavy
 * customer first) with an API client, the rest as bare customer rows. Returns their ids (by
 * owner index) and the issued credentials.
 */
export async function seedCustomers(db, { customers, withClients }, environment, createdAt) {
  // A clock before the first account, so customers predate the accounts they own.
  const clock = new ManualClock(createdAt);
  const credentials = [];
  for (let i = 0; i < withClients; i++) {
    credentials.push(
      await createCustomerWithClient(db, { name: `Bench customer ${i}`, environment }, clock),
    );
  }
  const rest = Array.from({ length: customers - withClients }, (_, i) => ({
    id: newId('customer', createdAt),
    name: `Bench customer ${withClients + i}`,
    created_at: createdAt,
  }));
  for (let i = 0; i < rest.length; i += 500) {
    await db
      .insertInto('customers')
      .values(rest.slice(i, i + 500))
      .execute();
  }
  return { ids: [...credentials.map((c) => c.customerId), ...rest.map((r) => r.id)], credentials };
}

function progressBar(label, total) {
  const bar = new SingleBar(
    { format: `  ${label} [{bar}] {percentage}% | {value}/{total} accounts | {duration}s` },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return bar;
}

/** SQLite: one prepared-statement transaction per batch on a connection of our own. */
export async function seedSqlite(filename, plan, customerIds) {
  const db = new SQLite(filename);
  const bar = progressBar('seeding SQLite', plan.count);
  try {
    // Bulk-load settings for this connection only; the server opens the file with its own.
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const account = db.prepare(
      'INSERT INTO accounts (id, customer_id, type, status, assets, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertBatch = db.transaction((from, to) => {
      for (let i = from; i < to; i++) {
        const at = plan.startMs + i;
        account.run(
          plan.ids[i],
          customerIds[plan.owner[i]],
          TYPES[i % 2],
          'ACTIVE',
          assetsJson(i),
          at,
          at,
        );
      }
    });
    for (let from = 0; from < plan.count; from += BATCH) {
      const to = Math.min(plan.count, from + BATCH);
      insertBatch(from, to);
      bar.update(to);
      await setImmediate(); // let the progress bar redraw
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    bar.stop();
    db.close();
  }
}

/** PostgreSQL: multi-row inserts from arrays (one round trip per table per batch). */
export async function seedPostgres(url, plan, customerIds) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // reported through the failing query instead
  await client.connect();
  const bar = progressBar('seeding PostgreSQL', plan.count);
  try {
    for (let from = 0; from < plan.count; from += BATCH) {
      const to = Math.min(plan.count, from + BATCH);
      const ids = plan.ids.slice(from, to);
      const owners = [];
      const types = [];
      const statuses = [];
      const times = [];
      for (let i = from; i < to; i++) {
        owners.push(customerIds[plan.owner[i]]);
        types.push(TYPES[i % 2]);
        statuses.push(assetsJson(i));
        times.push(plan.startMs + i);
      }
      await client.query('BEGIN');
      await client.query(
        'INSERT INTO accounts (id, customer_id, type, status, assets, created_at, updated_at) ' +
          "SELECT id, customer_id, type, 'ACTIVE', assets, at, at " +
          'FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[]) AS t(id, customer_id, type, assets, at)',
        [ids, owners, types, statuses, times],
      );
      await client.query('COMMIT');
      bar.update(to);
    }
    bar.stop();
    // What autovacuum would do some time after a bulk load, done now so the planner has
    // statistics and the visibility map is set before anything is measured.
    await client.query('VACUUM ANALYZE');
  } finally {
    bar.stop();
    await client.end();
  }
}
