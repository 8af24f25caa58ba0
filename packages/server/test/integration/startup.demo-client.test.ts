import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb } from '../../src/db/create-db.js';
import { startServer } from '../../src/main.js';
import { countApiClients } from '../../src/modules/customers/customers.repository.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';

describe.each(ENGINES)('the demo client on %s', (engine) => {
  let database: TestDatabase;
  let blocker: Server;
  let blockedPort: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    blockedPort = (blocker.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await database.drop();
  });

  const configOn = (port: number) =>
    loadConfig({
      COFRE_DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      COFRE_LOG_LEVEL: 'silent',
    });

  async function apiClients(): Promise<number> {
    const handle = createDb(configOn(0).database);
    try {
      return await countApiClients(handle.db);
    } finally {
      await handle.destroy();
    }
  }

  it('is not created by a first start that cannot listen, and the next start shows its credentials', async () => {
    await expect(startServer(configOn(blockedPort))).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    expect(await apiClients()).toBe(0);

    const first = await startServer(configOn(0));
    try {
      expect(first.demoCredentials).toMatchObject({
        clientId: expect.stringMatching(/^cli_/),
        clientSecret: expect.any(String),
      });
    } finally {
      await first.stop();
    }
    expect(await apiClients()).toBe(1);

    const second = await startServer(configOn(0));
    try {
      expect(second.demoCredentials).toBeUndefined();
    } finally {
      await second.stop();
    }
    expect(await apiClients()).toBe(1);
  });
});
