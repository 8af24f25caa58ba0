import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:https';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedAgent } from '../../src/webhooks/delivery/guarded-agent.js';

/** A throwaway self-signed certificate for 127.0.0.1, made here so no key lives in the repo. */
function selfSigned(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'cofre-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } catch {
    return undefined; // no openssl on this machine
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const credentials = selfSigned();

describe.skipIf(credentials === undefined)('guarded agent and TLS', () => {
  let server: Server;
  let port = 0;
  let requests = 0;
  const dispatcher = createGuardedAgent({ policy: { allowLocal: true } });

  beforeAll(async () => {
    server = createServer(credentials ?? {}, (_req, res) => {
      requests += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await dispatcher.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('verifies the certificate and refuses a self-signed one', async () => {
    const error: unknown = await request(`https://127.0.0.1:${port}/`, { dispatcher }).then(
      () => expect.fail('the request was sent'),
      (e: unknown) => e,
    );
    expect((error as NodeJS.ErrnoException).code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
    expect(requests).toBe(0);
  });
});
