import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import {
  configuredBase,
  localBase,
  metadataPaths,
} from '../../src/modules/oauth/oauth-metadata.js';

describe('where the OAuth metadata points', () => {
  it('prefers COFRE_PUBLIC_URL, then an issuer that is an http(s) URL, then nothing', () => {
    expect(
      configuredBase(
        loadConfig({
          COFRE_PUBLIC_URL: 'https://api.example.com',
          COFRE_TOKEN_ISSUER: 'https://other.example.com',
        }),
      ),
    ).toBe('https://api.example.com');
    expect(configuredBase(loadConfig({ COFRE_TOKEN_ISSUER: 'https://auth.example.com/' }))).toBe(
      'https://auth.example.com',
    );
    expect(configuredBase(loadConfig({}))).toBeUndefined();
    expect(configuredBase(loadConfig({ COFRE_TOKEN_ISSUER: 'urn:example:x' }))).toBeUndefined();
  });

  it.each([
    [{ localAddress: '127.0.0.1', localPort: 8080 }, 'http://127.0.0.1:8080'],
    [{ localAddress: '::ffff:192.0.2.7', localPort: 80 }, 'http://192.0.2.7:80'],
    [{ localAddress: '::1', localPort: 3000 }, 'http://[::1]:3000'],
    [{ localAddress: '2001:db8::1', localPort: 443 }, 'http://[2001:db8::1]:443'],
    [{}, 'http://127.0.0.1:8080'],
  ])('builds %j into %s without a configured base', (socket, base) => {
    expect(localBase(socket, loadConfig({}))).toBe(base);
  });

  it('stands 127.0.0.1 in for a wildcard HOST when the socket has no address', () => {
    expect(localBase({}, loadConfig({ HOST: '0.0.0.0', PORT: '9000' }))).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('serves the metadata under the issuer path too (RFC 8414 section 3.1)', () => {
    expect(metadataPaths('urn:cofre:sandbox')).toEqual(['/.well-known/oauth-authorization-server']);
    expect(metadataPaths('https://api.example.com/')).toEqual([
      '/.well-known/oauth-authorization-server',
    ]);
    expect(metadataPaths('https://example.com/tenant/cofre')).toEqual([
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/tenant/cofre',
    ]);
  });
});
