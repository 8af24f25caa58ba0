import { lookup } from 'node:dns/promises';
import { isIP, isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The callback-URL policy (BRIEF "Callback URL policy"): HTTPS to public addresses only, checked
 * here at subscription create/update time and again at connect time by the guarded agent, which
 * shares `isAddressAllowed` so both agree on what "public" means.
 */
export interface UrlPolicy {
  /** COFRE_ALLOW_LOCAL_WEBHOOKS: permit http:// (and https://) to loopback receivers for local development/tests. */
  allowLocal: boolean;
}

/** All addresses (v4 and v6) of a name. Injected so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => {
  // verbatim: keep the resolver's order instead of Node's IPv4-first reordering.
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

export const URL_REFUSAL_REASONS = [
  'INVALID_URL',
  'SCHEME_NOT_ALLOWED',
  'CREDENTIALS_IN_URL',
  'PORT_NOT_ALLOWED',
  'PRIVATE_ADDRESS',
  'UNRESOLVABLE_HOST',
] as const;
export type UrlRefusalReason = (typeof URL_REFUSAL_REASONS)[number];

export type UrlVerdict =
  { kind: 'allowed'; url: URL } | { kind: 'refused'; reason: UrlRefusalReason; detail: string };

export const MAX_CALLBACK_URL_LENGTH = 2048;

/**
 * How one address is treated: `public` may always be connected to, `loopback` only under
 * `allowLocal`, `refused` never (also anything that is not a plain IP address string).
 */
export type AddressClass = 'public' | 'loopback' | 'refused';

// IANA IPv6 Address Space registry / RFC 4291 §2.4: 2000::/3 is the only block allocated for
// global unicast. Everything else ipaddr.js calls 'unicast' (e.g. the deprecated IPv4-compatible
// ::a.b.c.d of RFC 4291 §2.5.5.1, or unassigned 4000::/3) is not a public destination.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// RFC 6052 §2.1 well-known NAT64 prefix. RFC 6052 §3.1 forbids it for non-global IPv4, so an
// address in it is as public as the IPv4 address it embeds. The local-use 64:ff9b:1::/48
// (RFC 8215) can translate to anything and is refused with the rest of ipaddr's 'rfc6052'.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** Classifies an address string as returned by a resolver (dotted-quad IPv4 or IPv6 text). */
export function classifyAddress(address: string): AddressClass {
  // Only textbook notations: the encoded forms (0x7f.1, 2130706433) are normalised by the WHATWG
  // URL parser before they get here, so anything else is malformed resolver output.
  if (isIP(address) === 0) return 'refused';
  let parsed = ipaddr.parse(address);
  // RFC 4291 §2.5.5.2: an IPv4-mapped address reaches the IPv4 host it embeds.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.kind() === 'ipv4'
    ? classifyV4(parsed as ipaddr.IPv4)
    : classifyV6(parsed as ipaddr.IPv6);
}

function classifyV4(address: ipaddr.IPv4): AddressClass {
  // ipaddr.js names the IANA IPv4 Special-Purpose Address Registry blocks (RFC 6890): private
  // (RFC 1918), carrierGradeNat (RFC 6598), linkLocal incl. 169.254.169.254 metadata (RFC 3927),
  // unspecified, broadcast, multicast, reserved/benchmarking/documentation (RFC 5737, 2544), …
  // Whatever it does not name is 'unicast'.
  const range = address.range();
  if (range === 'loopback') return 'loopback'; // 127.0.0.0/8, RFC 1122 §3.2.1.3
  return range === 'unicast' ? 'public' : 'refused';
}

function classifyV6(address: ipaddr.IPv6): AddressClass {
  const range = address.range();
  if (range === 'loopback') return 'loopback'; // ::1, RFC 4291 §2.5.3
  if (range === 'rfc6052' && address.match(NAT64_WELL_KNOWN)) {
    const embedded = new ipaddr.IPv4(address.toByteArray().slice(12));
    // Loopback behind a NAT64 gateway is the gateway's problem, never our host: not 'loopback'.
    return classifyV4(embedded) === 'public' ? 'public' : 'refused';
  }
  // Unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10, ::/128, 6to4 2002::/16,
  // Teredo 2001::/32 (tunnels to an IPv4 we cannot see), documentation, … are all non-'unicast'.
  return range === 'unicast' && address.match(GLOBAL_UNICAST_V6) ? 'public' : 'refused';
}

/** Whether one resolved address may be connected to under the policy. */
export function isAddressAllowed(address: string, policy: UrlPolicy): boolean {
  const addressClass = classifyAddress(address);
  return addressClass === 'public' || (addressClass === 'loopback' && policy.allowLocal);
}

/** RFC 6761 §6.3: `localhost` and `*.localhost` are loopback and never sent to DNS. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The loopback answer for localhost names (RFC 6761 §6.3), both families so either listener works. */
export const LOCALHOST_ADDRESSES: readonly string[] = ['127.0.0.1', '::1'];

/** The IP a URL hostname spells, or undefined for a name (URL keeps IPv6 in brackets). */
export function ipLiteralOf(hostname: string): string | undefined {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return isIPv4(hostname) ? hostname : undefined;
}

// WHATWG Fetch §2.9 "bad port": ports of text protocols (SMTP, IRC, …) that an HTTP request could
// be smuggled into. Browsers refuse them for http(s); so do we. Port 0 cannot be connected to.
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

const refused = (reason: UrlRefusalReason, detail: string): UrlVerdict => ({
  kind: 'refused',
  reason,
  detail,
});

/** Named in refusals, so a developer with a local receiver finds the switch (docs/config.md). */
const ALLOW_LOCAL_HINT = 'COFRE_ALLOW_LOCAL_WEBHOOKS=true (local development, sandbox only)';

const HTTPS_ONLY = refused(
  'SCHEME_NOT_ALLOWED',
  `Callback URLs must use https; plain http is accepted only for loopback receivers, and only when the server runs with ${ALLOW_LOCAL_HINT}.`,
);

/**
 * Static check at subscription create/update time: syntax, scheme, credentials, port, and — for
 * IP literals in any encoding and for names — every resolved address. Everything knowable without
 * DNS is checked first. On success, store `url.href`: the WHATWG-normalised form that was checked.
 */
export async function checkCallbackUrl(
  raw: string,
  policy: UrlPolicy,
  resolve: Resolver = systemResolver,
): Promise<UrlVerdict> {
  const url = parseUrl(raw);
  if (typeof url === 'string') return refused('INVALID_URL', url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refused('SCHEME_NOT_ALLOWED', `The scheme ${url.protocol} is not allowed; use https.`);
  }
  // Special schemes always have a host per WHATWG; kept so the rule never depends on that.
  if (url.hostname === '') return refused('INVALID_URL', 'The callback URL must have a host.');
  // Credentials in a callback URL would be stored, logged and shown in execution logs.
  if (url.username !== '' || url.password !== '') {
    return refused('CREDENTIALS_IN_URL', 'Callback URLs must not contain a user name or password.');
  }
  if (url.port !== '' && BAD_PORTS.has(Number(url.port))) {
    return refused('PORT_NOT_ALLOWED', `Port ${url.port} is not allowed for callback URLs.`);
  }
  const isHttp = url.protocol === 'http:';
  const literal = ipLiteralOf(url.hostname);
  let addresses: readonly string[];
  if (literal !== undefined) {
    addresses = [literal];
  } else if (isLocalhostName(url.hostname)) {
    addresses = LOCALHOST_ADDRESSES;
  } else {
    // A name can only ever earn plain http by resolving to loopback, which needs allowLocal.
    if (isHttp && !policy.allowLocal) return HTTPS_ONLY;
    const resolved = await resolveQuietly(resolve, url.hostname);
    if (resolved.length === 0) {
      return refused('UNRESOLVABLE_HOST', `The host ${url.hostname} could not be resolved.`);
    }
    addresses = resolved;
  }
  const classes = addresses.map(classifyAddress);
  if (!addresses.every((address) => isAddressAllowed(address, policy))) {
    return refused('PRIVATE_ADDRESS', privateDetail(url.hostname, literal, classes));
  }
  if (isHttp && !classes.every((c) => c === 'loopback')) return HTTPS_ONLY;
  return { kind: 'allowed', url };
}

/** The URL, or a sentence saying why it is not one. */
function parseUrl(raw: string): URL | string {
  if (raw.length > MAX_CALLBACK_URL_LENGTH) {
    return `Callback URLs must be at most ${MAX_CALLBACK_URL_LENGTH} characters long.`;
  }
  // The URL parser silently strips surrounding spaces and inner tabs/newlines; refuse them so the
  // URL checked is the URL the integrator typed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) {
    return 'Callback URLs must not contain spaces or control characters.';
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The callback URL is not a valid absolute URL.';
  }
  // Punycode can lengthen the host; the bound holds for what is stored.
  if (url.href.length > MAX_CALLBACK_URL_LENGTH) {
    return `Callback URLs must be at most ${MAX_CALLBACK_URL_LENGTH} characters long.`;
  }
  return url;
}

async function resolveQuietly(resolve: Resolver, hostname: string): Promise<string[]> {
  try {
    return await resolve(hostname);
  } catch {
    // ENOTFOUND, SERVFAIL, timeouts: all mean "no address we can vouch for".
    return [];
  }
}

function privateDetail(
  hostname: string,
  literal: string | undefined,
  classes: AddressClass[],
): string {
  const loopbackOnly = classes.includes('loopback') && !classes.includes('refused');
  // For names, do not echo what our resolver answered: with split-horizon DNS that would reveal
  // internal addresses to the caller.
  const subject =
    literal !== undefined ? `The address ${literal} is` : `The host ${hostname} resolves to`;
  // Only loopback can be unlocked; private ranges stay refused whatever the configuration.
  return loopbackOnly
    ? `${subject} a loopback address; callbacks may only go to public addresses. Loopback receivers (http or https) are accepted when the server runs with ${ALLOW_LOCAL_HINT}.`
    : `${subject} a non-public address; callbacks may only go to public addresses.`;
}
