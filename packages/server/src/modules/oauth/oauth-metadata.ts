import { isIPv6 } from 'node:net';
import type { Config } from '../../config/config.js';
import { ALL_SCOPES } from '../../lib/scopes.js';

export const TOKEN_PATH = '/v1/oauth/client/token';
export const JWKS_PATH = '/.well-known/jwks.json';
export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/**
 * Where the metadata is served: `/.well-known/oauth-authorization-server`, followed by the
 * issuer's path when the issuer is a URL with one (RFC 8414 section 3.1: the well-known segment
 * goes between the host and the path), so discovery from such an issuer finds it too.
 */
export function metadataPaths(issuer: string): string[] {
  const path = httpUrl(issuer)?.pathname.replace(/\/+$/, '') ?? '';
  return path === '' ? [METADATA_PATH] : [METADATA_PATH, `${METADATA_PATH}${path}`];
}

/**
 * The base of the metadata's absolute URLs, from configuration: COFRE_PUBLIC_URL, else the
 * issuer when it is an http(s) URL (RFC 8414: the issuer is the server's URL). Undefined when
 * neither is a URL; then `localBase` is used, per request.
 */
export function configuredBase(config: Config): string | undefined {
  if (config.publicUrl !== undefined) return config.publicUrl;
  const issuer = httpUrl(config.tokens.issuer);
  return issuer ? issuer.href.replace(/\/+$/, '') : undefined;
}

/**
 * Without a configured base: the address and port the request's connection arrived on, as seen
 * by this process's socket (never the Host header, which the caller writes). Right on a laptop
 * or a single host; behind a proxy or a name, set COFRE_PUBLIC_URL.
 */
export function localBase(
  socket: { localAddress?: string | undefined; localPort?: number | undefined },
  config: Config,
): string {
  const raw = socket.localAddress ?? config.host;
  const address = raw.startsWith('::ffff:') ? raw.slice('::ffff:'.length) : raw;
  const host =
    address === '0.0.0.0' || address === '::' || address === ''
      ? '127.0.0.1'
      : isIPv6(address)
        ? `[${address}]`
        : address;
  return `http://${host}:${socket.localPort ?? config.port}`;
}

/** RFC 8414 section 2, as far as cofre has something to say; `base` has no trailing slash. */
export function authorizationServerMetadata(config: Config, base: string) {
  return {
    issuer: config.tokens.issuer,
    token_endpoint: `${base}${TOKEN_PATH}`,
    jwks_uri: `${base}${JWKS_PATH}`,
    grant_types_supported: ['client_credentials'],
    // The spec's JSON body ({clientId, clientSecret}) is client_secret_post in another syntax;
    // it has no registered name, so it is not listed (docs/api.md "Authentication").
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // No authorization endpoint, so no response type. A token request may name any subset of
    // what its client holds (docs/api.md "Restricted clients and scopes").
    response_types_supported: [] as string[],
    scopes_supported: [...ALL_SCOPES] as string[],
    service_documentation: `${base}/docs`,
  };
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
