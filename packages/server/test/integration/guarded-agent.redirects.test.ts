import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedAgent } from '../../src/webhooks/delivery/guarded-agent.js';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('guarded agent and redirects', () => {
  let targetHits = 0;
  const target = createServer((_req, res) => {
    targetHits += 1;
    res.end('followed');
  });
  let targetPort = 0;
  const redirecting = createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/elsewhere` }).end();
  });
  let redirectingPort = 0;
  const dispatcher = createGuardedAgent({ policy: { allowLocal: true } });

  beforeAll(async () => {
    targetPort = await listen(target);
    redirectingPort = await listen(redirecting);
  });
  afterAll(async () => {
    await dispatcher.close();
    for (const server of [target, redirecting]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a 302 as a 302 and never requests the redirect target', async () => {
    const response = await request(`http://127.0.0.1:${redirectingPort}/hook`, {
      method: 'POST',
      body: '{}',
      dispatcher,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`http://127.0.0.1:${targetPort}/elsewhere`);
    await response.body.dump();
    expect(targetHits).toBe(0);
  });
});
