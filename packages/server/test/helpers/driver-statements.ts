import { createRequire } from 'node:module';
import pg from 'pg';
import type { Engine } from '../../src/db/database.js';

const require = createRequire(import.meta.url);

/** What `patchDriver` hooks: a method of a prototype, and how to put it back. */
type Restore = () => void;

/**
 * Records every SQL statement the engine's driver is given while `capture` runs — better-sqlite3's
 * statements, pg's client queries — BEGIN and COMMIT and the hot statements (db/hot-reads.ts)
 * included, which a Kysely plugin does not see. On PostgreSQL each one is a round trip. The
 * rate limiter's periodic flush (not a request's) is left out. Patches the driver's prototype in
 * this test file's process: `restore()` in afterAll.
 */
export class DriverStatements {
  private recording: string[] | undefined;
  private readonly restoreDriver: Restore;

  constructor(engine: Engine) {
    this.restoreDriver =
      engine === 'sqlite'
        ? patchSqlite((sql) => this.record(sql))
        : patchPostgres((sql) => this.record(sql));
  }

  /** The statements run while `run` ran, whitespace collapsed, in the order they were sent. */
  async capture(run: () => Promise<unknown>): Promise<string[]> {
    this.recording = [];
    try {
      await run();
      return this.recording;
    } finally {
      this.recording = undefined;
    }
  }

  restore(): void {
    this.restoreDriver();
  }

  private record(sql: unknown): void {
    if (this.recording === undefined || typeof sql !== 'string') return;
    if (sql.includes('rate_limit_counts')) return;
    this.recording.push(sql.replace(/\s+/g, ' ').trim());
  }
}

function patchSqlite(record: (sql: unknown) => void): Restore {
  // Every statement object shares one prototype: a probe's is theirs.
  const SQLite = require('better-sqlite3') as new (file: string) => {
    prepare(sql: string): object;
    close(): void;
  };
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (this: { source: string }, ...args: unknown[]) => unknown
  >;
  probe.close();
  const originals = new Map<string, (this: { source: string }, ...args: unknown[]) => unknown>();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = proto[method]!;
    originals.set(method, original);
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source);
      return original.apply(this, args);
    };
  }
  return () => {
    for (const [method, original] of originals) proto[method] = original;
  };
}

function patchPostgres(record: (sql: unknown) => void): Restore {
  const proto = pg.Client.prototype as unknown as {
    query: (this: unknown, ...args: unknown[]) => unknown;
  };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    record(typeof first === 'string' ? first : (first as { text?: string } | null)?.text);
    return original.apply(this, args);
  };
  return () => {
    proto.query = original;
  };
}
