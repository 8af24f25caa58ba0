import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setInterval } from 'node:timers';

// Counts the statements a bench worker sends, by their first 70 characters, into
// $BENCH_STATEMENTS_DIR/statements-<pid>.json (rewritten every 500 ms and at exit). Preloaded
// into every process of a run: NODE_OPTIONS="--import $PWD/bench/lib/webhooks/count-statements.mjs"
// BENCH_STATEMENTS_DIR=/tmp/statements node bench/webhooks.mjs; only worker children count
// (BENCH_ROLE=worker). PostgreSQL: every query through pg's Client; SQLite: every run of a
// prepared statement (better-sqlite3). Sum them with sum-statements.mjs. docs/performance.md
// "Issue 28 point 7" has the figures.
if (process.env.BENCH_ROLE === 'worker' && process.env.BENCH_STATEMENTS_DIR) {
  const require = createRequire(import.meta.url);
  const counts = {};
  const count = (text) => {
    const key = String(text).trim().replace(/\s+/g, ' ').slice(0, 70).toLowerCase();
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const file = join(process.env.BENCH_STATEMENTS_DIR, `statements-${process.pid}.json`);
  const write = () => writeFileSync(file, JSON.stringify(counts));
  setInterval(write, 500).unref();
  process.on('exit', write);
  // The server's own copies of the drivers (the ESM import shares the CommonJS module cache).
  const paths = [join(process.cwd(), 'packages/server'), process.cwd()];
  const pg = require(require.resolve('pg', { paths }));
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config) {
    count(typeof config === 'string' ? config : config?.text);
    return query.apply(this, arguments);
  };
  const Sqlite = require(require.resolve('better-sqlite3', { paths }));
  const probe = new Sqlite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = statement[method];
    statement[method] = function () {
      count(this.source);
      return original.apply(this, arguments);
    };
  }
}
