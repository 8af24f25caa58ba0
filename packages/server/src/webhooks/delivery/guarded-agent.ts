import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import {
  classifyAddress,
  ipLiteralOf,
  isAddressAllowed,
  isLocalhostName,
  LOCALHOST_ADDRESSES,
  systemResolver,
  type Resolver,
  type UrlPolicy,
} from '../../lib/url-guard.js';

/** A connection refused because the address it would reach is not allowed by the URL policy. */
export class UnsafeAddressError extends Error {
  readonly code = 'UNSAFE_ADDRESS';
  readonly hostname: string;

  constructor(hostname: string, detail: string) {
    super(`Refused to connect to ${hostname}: ${detail}`);
    this.name = 'UnsafeAddressError';
    this.hostname = hostname;
  }
}

export interface GuardedAgentOptions {
  policy: UrlPolicy;
  resolve?: Resolver;
  /** Bound on DNS + TCP + TLS handshake for one new connection. */
  connectTimeoutMs?: number;
  /** Most sockets kept open to one origin; excess requests queue. */
  connections?: number;
}

type AddressCheck = (address: string) => boolean;

/**
 * An undici Agent whose every new connection resolves the host itself and refuses non-public
 * addresses at connect time (DNS-rebinding safe: the address checked is the address connected
 * to). Keep-alive, bounded connections per origin.
 *
 * Redirects are never followed: undici's `request`/`dispatch` only follow them through the
 * `redirect` interceptor, which this agent does not compose; a 3xx is just a non-2xx answer
 * (BRIEF "Deliveries"). TLS certificates are verified with Node's defaults against the URL's host.
 */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const { policy, resolve = systemResolver, connectTimeoutMs = 10_000, connections = 8 } = options;
  const https = connectorFor(
    (address) => isAddressAllowed(address, policy),
    resolve,
    connectTimeoutMs,
  );
  // Plain http exists only for local development, and then only to loopback.
  const http = policy.allowLocal
    ? connectorFor((address) => classifyAddress(address) === 'loopback', resolve, connectTimeoutMs)
    : undefined;

  const connect: buildConnector.connector = (target, callback) => {
    const connector =
      target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
    if (connector === undefined) {
      const why =
        target.protocol === 'http:'
          ? 'plain http is allowed only to loopback, with local webhooks enabled.'
          : `the ${target.protocol} scheme is not allowed.`;
      callback(new UnsafeAddressError(target.hostname, why), null);
      return;
    }
    connector(target, callback);
  };
  // Keep-alive is undici's default (idle sockets reused for a few seconds, per server hints).
  return new Agent({ connect, connections });
}

function connectorFor(
  allowed: AddressCheck,
  resolve: Resolver,
  timeout: number,
): buildConnector.connector {
  const base = buildConnector({ lookup: guardedLookup(allowed, resolve), timeout });
  return (target, callback) => {
    // net.connect skips `lookup` when host is already an IP, so literals are checked here.
    // undici hands over the WHATWG-normalised hostname, IPv6 without brackets.
    const literal = isIP(target.hostname) !== 0 ? target.hostname : ipLiteralOf(target.hostname);
    if (literal !== undefined && !allowed(literal)) {
      callback(new UnsafeAddressError(target.hostname, 'the address is not allowed.'), null);
      return;
    }
    base(target, callback);
  };
}

/**
 * A `lookup` for net/tls.connect that resolves once, refuses the whole name if any address is
 * not allowed (a rebinding answer mixed with a public one must not win by ordering), and hands
 * back exactly the checked addresses, so the socket connects to one of them and nothing else.
 */
export function guardedLookup(allowed: AddressCheck, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, options, allowed, resolve).then(
      (answers) => {
        // Node asks for every address (`all: true`) when it races families (autoSelectFamily,
        // the default since Node 20); otherwise it wants one address and its family.
        const [first] = answers as [LookupAddress, ...LookupAddress[]];
        if (options.all === true) callback(null, answers);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}

/** Every address of the name in the wanted family, all allowed, at least one; else throws. */
async function checkedAddresses(
  hostname: string,
  options: LookupOptions,
  allowed: AddressCheck,
  resolve: Resolver,
): Promise<LookupAddress[]> {
  const addresses = await resolveName(hostname, resolve);
  if (addresses.some((address) => !allowed(address))) {
    throw new UnsafeAddressError(hostname, 'it resolves to an address that is not allowed.');
  }
  const wanted = familyOf(options);
  const answers = addresses
    .map((address) => ({ address, family: isIP(address) }))
    .filter((answer) => wanted === 0 || answer.family === wanted);
  if (answers.length === 0) throw notFound(hostname);
  return answers;
}

async function resolveName(hostname: string, resolve: Resolver): Promise<readonly string[]> {
  // RFC 6761 §6.3: never ask DNS about localhost names; they are loopback by definition.
  return isLocalhostName(hostname) ? LOCALHOST_ADDRESSES : resolve(hostname);
}

function familyOf(options: LookupOptions): 0 | 4 | 6 {
  const family = options.family;
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function notFound(hostname: string): Error {
  // Same shape as dns.lookup's failure, so callers and logs treat it as a DNS miss.
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    hostname,
  });
}
