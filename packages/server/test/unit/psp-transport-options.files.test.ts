import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixRailConfig } from '../../src/config/rails-config.js';
import { pspTransportOptions } from '../../src/rails/pix/psp/psp-transport-options.js';
import { pixCerts, type PixCertFiles, type PixCerts } from '../helpers/pix/pix-certs.js';

describe('the PSP transport options from COFRE_PIX_*_FILE', () => {
  let dir: string;
  let certs: PixCerts;
  let files: PixCertFiles;
  let config: PixRailConfig;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cofre-pix-files-'));
    certs = await pixCerts();
    files = certs.write(dir);
    writeFileSync(join(dir, 'secret'), 's3cr3t\n');
    config = {
      pspUrl: 'https://psp.example/v2',
      tokenUrl: 'https://psp.example/oauth/token',
      clientId: 'cofre',
      clientSecretFile: join(dir, 'secret'),
      publicUrl: 'https://cofre.example',
      certFile: files.clientCertFile,
      keyFile: files.clientKeyFile,
      caFile: files.caFile,
      pixKey: 'cofre@example.com',
      webhookSecret: 'x'.repeat(32),
      reconcileIntervalMs: 60_000,
      payoutAdapter: undefined,
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the secret without its trailing newline and the PEM files as they are', () => {
    const options = pspTransportOptions(config);
    expect(options).toMatchObject({
      clientId: 'cofre',
      clientSecret: 's3cr3t',
      pspUrl: config.pspUrl,
    });
    expect(options.tls).toEqual({
      cert: certs.client.cert,
      key: certs.client.key,
      ca: certs.ca.cert,
    });
  });

  it('leaves tls undefined without certificate and CA files (the system roots, no client certificate)', () => {
    expect(
      pspTransportOptions({ ...config, certFile: undefined, keyFile: undefined, caFile: undefined })
        .tls,
    ).toBeUndefined();
  });

  it.each([
    ['clientSecretFile', 'COFRE_PIX_PSP_CLIENT_SECRET_FILE: cannot read .*missing \\(ENOENT\\)'],
    ['certFile', 'COFRE_PIX_PSP_CERT_FILE: cannot read'],
    ['keyFile', 'COFRE_PIX_PSP_KEY_FILE: cannot read'],
    ['caFile', 'COFRE_PIX_PSP_CA_FILE: cannot read'],
  ] as const)('names the variable when %s cannot be read', (key, message) => {
    expect(() => pspTransportOptions({ ...config, [key]: join(dir, 'missing') })).toThrow(
      new RegExp(message),
    );
  });

  it("refuses a key that is not the certificate's, and a CA file that is not a certificate, without quoting them", () => {
    const other = join(dir, 'other-key.pem');
    writeFileSync(other, certs.server.key);
    expect(() => pspTransportOptions({ ...config, keyFile: other })).toThrow(
      /COFRE_PIX_PSP_KEY_FILE: .* is not the key of the certificate/,
    );
    let message = '';
    try {
      pspTransportOptions({ ...config, caFile: files.clientKeyFile });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/COFRE_PIX_PSP_CA_FILE: .* is not a PEM certificate/);
    expect(message).not.toContain('PRIVATE KEY');
  });

  it('refuses an empty secret file', () => {
    writeFileSync(join(dir, 'empty'), '\n');
    expect(() => pspTransportOptions({ ...config, clientSecretFile: join(dir, 'empty') })).toThrow(
      /COFRE_PIX_PSP_CLIENT_SECRET_FILE: .* is empty/,
    );
  });
});
