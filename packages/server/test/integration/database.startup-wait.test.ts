import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb } from '../../src/db/create-db.js';
import { waitForDatabase, type WaitLog } from '../../src/db/wait-for-database.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

/** Start-up's wait for PostgreSQL: what it waits for, what it does not, and how it stops. */
describe.skipIf(!ENGINES.includes('postgres'))('waiting for the database at start-up', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port));
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  const recorder = () => {
    const warnings: object[] = [];
    const log: WaitLog = { warn: (fields) => warnings.push(fields), info: () => {} };
    return { log, warnings };
  };
  const handleOn = (url: string) =>
    createDb(
      loadConfig({ COFRE_DATABASE_URL: url, COFRE_DATABASE_CONNECT_TIMEOUT_MS: '500' }).database,
    );

  it('fails at once, without waiting, when the error is not an outage (no such database)', async () => {
    const url = new URL(database.url);
    url.pathname = '/cofre_no_such_database';
    const handle = handleOn(url.toString());
    const { log, warnings } = recorder();
    try {
      await expect(waitForDatabase(handle.db, log, { timeoutMs: 60_000 })).rejects.toMatchObject({
        code: '3D000',
      });
      expect(warnings).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });

  it('stops waiting when its signal aborts', async () => {
    await proxy.refuse();
    const handle = handleOn(proxy.via(database.url));
    const { log, warnings } = recorder();
    const abort = new AbortController();
    try {
      const waiting = waitForDatabase(handle.db, log, { timeoutMs: 60_000, signal: abort.signal });
      await waitFor('a first retry', () => (warnings.length > 0 ? true : undefined));
      abort.abort(new Error('SIGTERM during start-up'));
      await expect(waiting).rejects.toThrow('SIGTERM during start-up');
    } finally {
      await handle.destroy();
      await proxy.restore();
    }
  });
});
