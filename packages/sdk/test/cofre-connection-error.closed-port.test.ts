import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CofreClient, CofreConnectionError } from '../src/index.js';

/** A port nothing listens on: bound, noted, and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a network failure', () => {
  it('says which host could not be reached and why, keeping fetch’s error as the cause', async () => {
    const port = await closedPort();
    const client = new CofreClient({
      baseUrl: `http://127.0.0.1:${port}`,
      clientId: 'c',
      clientSecret: 's',
      retry: false,
    });
    const error = await client.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreConnectionError);
    expect((error as Error).message).toBe(`could not reach 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(error).toMatchObject({ host: `127.0.0.1:${port}`, reason: 'ECONNREFUSED' });
    expect((error as Error).cause).toBeInstanceOf(TypeError); // undici's "fetch failed"
    expect(String(error)).toContain('CofreConnectionError: could not reach 127.0.0.1');
  });

  it('is retried like a timeout before it is thrown', async () => {
    const port = await closedPort();
    let attempts = 0;
    const client = new CofreClient({
      baseUrl: `http://127.0.0.1:${port}`,
      clientId: 'c',
      clientSecret: 's',
      retry: { maxAttempts: 3 },
      sleep: async () => undefined,
      fetch: (url, init) => {
        attempts += 1;
        return fetch(url, init);
      },
    });
    await expect(client.accounts.list()).rejects.toBeInstanceOf(CofreConnectionError);
    expect(attempts).toBe(3);
  });
});
