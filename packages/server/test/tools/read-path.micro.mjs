// Not a test: a measurement (issue 28 points 3 and 4). What each piece of a read's per-request
// and per-row work costs, before and after its change, one at a time and in isolation: the
// HTTP-level tool (http-cpu.measure.mjs) cannot resolve a few µs on a shared machine, this can.
// Runs against the BUILT package (`npx tsc -b` first); "before" is the code each change replaced,
// kept here verbatim so the comparison stays possible after the change.
//
//   node packages/server/test/tools/read-path.micro.mjs
//
// Prints ns per call, best of 5 timed loops after a warm-up.
import { hash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { entityTag } from '../../dist/plugins/conditional-get.js';
import { int64Reading, readInt64Row } from '../../dist/db/int64-columns.js';
import { toIso } from '../../dist/lib/clock.js';
import { parseMetadata } from '../../dist/lib/metadata.js';
import { assetsView } from '../../dist/modules/accounts/accounts.table.js';

function time(label, f, n = 200_000) {
  for (let i = 0; i < n / 10; i++) f(i);
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f(i);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
  }
  console.log(`  ${label.padEnd(52)} ${best.toFixed(0).padStart(7)} ns`);
}

// Bodies shaped like the API's: one account, a page of 10, a page of 100.
const account = (i) => ({
  id: `acc_01JD${String(i).padStart(22, '0')}`,
  type: 'CHECKING',
  status: 'ACTIVE',
  assets: [{ asset: 'BRL', status: 'ACTIVE' }],
  balances: [{ asset: 'BRL', available: '1250.00', pending: '0.00' }],
  metadata: {},
  createdAt: new Date(1.7e12 + i).toISOString(),
  updatedAt: new Date(1.7e12 + i).toISOString(),
});
const page = (n) =>
  JSON.stringify({ data: Array.from({ length: n }, (_, i) => account(i)), meta: { total: n } });
console.log('ETag of a body (plugins/conditional-get.ts)');
for (const [name, body] of [
  ['one account', JSON.stringify(account(1))],
  ['page of 10', page(10)],
  ['page of 100', page(100)],
]) {
  const n = body.length > 10_000 ? 20_000 : 200_000;
  time(`${name} (${body.length} B): SHA-1 (before)`, () => hash('sha1', body, 'base64url'), n);
  time(`${name} (${body.length} B): XXH64 (after)`, () => entityTag(body), n);
}

console.log(
  '64-bit columns of a list page: 11 account rows + 10 balance rows (db/int64-columns.ts)',
);
const db = new SQLite(':memory:');
db.exec(`CREATE TABLE accounts (id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, type TEXT NOT NULL,
  status TEXT NOT NULL, name TEXT, assets TEXT NOT NULL, metadata TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
  CREATE TABLE ledger_balances (account_id TEXT, asset TEXT, available INTEGER, pending INTEGER)`);
for (let i = 0; i < 11; i++) {
  db.prepare('INSERT INTO accounts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    `acc_${i}`,
    'cus_1',
    'CHECKING',
    'ACTIVE',
    null,
    '[{"asset":"BRL","status":"ACTIVE"}]',
    '{}',
    1.7e12 + i,
    1.7e12 + i,
  );
  db.prepare('INSERT INTO ledger_balances VALUES (?, ?, ?, ?)').run(`acc_${i}`, 'BRL', 125_000, 0);
}
const accounts = db.prepare('SELECT * FROM accounts').safeIntegers(true);
const balances = db
  .prepare('SELECT account_id, asset, available, pending FROM ledger_balances LIMIT 10')
  .safeIntegers(true);
const planned = (statement) =>
  int64Reading(
    statement
      .columns()
      .filter((c) => c.type !== 'TEXT')
      .map((c) => c.name),
  );
const readAccounts = planned(accounts);
const readBalances = planned(balances);
time(
  'every key of every row (before)',
  () => {
    for (const row of accounts.all()) readInt64Row(row);
    for (const row of balances.all()) readInt64Row(row);
  },
  20_000,
);
time(
  'the planned integer columns only (after)',
  () => {
    readAccounts(accounts.all());
    readBalances(balances.all());
  },
  20_000,
);
time(
  'the two reads alone, no conversion',
  () => {
    accounts.all();
    balances.all();
  },
  20_000,
);

console.log('Per row of a list page');
time('toIso: new Date(ms).toISOString() (before)', (i) => new Date(1.7e12 + i * 37).toISOString());
time('toIso: day prefix + time of day (after)', (i) => toIso(1.7e12 + i * 37));
const assets = { assets: '[{"asset":"BRL","status":"ACTIVE"}]' };
time('assets: JSON.parse, twice per row (before)', () => {
  JSON.parse(assets.assets);
  JSON.parse(assets.assets);
});
time('assets: assetsView, twice per row (after)', () => {
  assetsView(assets);
  assetsView(assets);
});
time("metadata '{}': JSON.parse (before)", () => JSON.parse('{}'));
time("metadata '{}': parseMetadata (after)", () => parseMetadata('{}'));
