import { createRequire } from 'node:module';
import type PgModule from 'pg';

let loaded: typeof PgModule | undefined;

/**
 * node-postgres, loaded on first use. A process on SQLite never needs it, and loading it (with
 * pg-pool, pg-protocol and pg-types) is tens of milliseconds of a cold start
 * (docs/performance.md "Cold start"). It is CommonJS, so `require` loads it synchronously and
 * `createDb` stays synchronous; the module is the one an `import` elsewhere would get.
 */
export function pgDriver(): typeof PgModule {
  loaded ??= createRequire(import.meta.url)('pg') as typeof PgModule;
  return loaded;
}
