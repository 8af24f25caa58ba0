import { checkEvmAddress } from '../lib/crypto-addresses.js';
import { int, type ConfigReader } from './config-reader.js';
import type { Environment } from './environment.js';

/** The cofre networks an EVM rail may serve (docs/rails.md). */
export const EVM_NETWORKS = ['ETHEREUM', 'POLYGON'] as const;
export type EvmNetwork = (typeof EVM_NETWORKS)[number];

/** The assets an EVM rail settles, as ERC-20 tokens. */
export const EVM_ASSETS = ['USDT', 'USDC'] as const;
export type EvmAsset = (typeof EVM_ASSETS)[number];

/** COFRE_EVM_*: the USDT/USDC rail on one EVM chain (docs/rails.md, docs/config.md "Rails"). */
export interface EvmRailConfig {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly network: EvmNetwork;
  /** Token contract per asset, EIP-55. At least one. */
  readonly tokens: Readonly<Partial<Record<EvmAsset, `0x${string}`>>>;
  readonly confirmations: number;
  /** The account-level node's xpub; checked in full when the rail is built (rails/evm). */
  readonly depositXpub: string;
  /** Worker only: files holding the node's xprv (sweeping) and the hot wallet's key (payouts). */
  readonly depositXprvFile: string | undefined;
  readonly hotWalletKeyFile: string | undefined;
  readonly pollMs: number;
  /**
   * A deposit address's token balance is swept into the hot wallet once it reaches this, in
   * minor units (USDT and USDC both have 6 decimals in cofre): COFRE_EVM_SWEEP_THRESHOLD.
   */
  readonly sweepThresholdMinor: bigint;
}

/** The PIX payout adapters cofre ships (docs/rails.md "PIX payouts"): API Pix has no payout endpoint. */
export const PIX_PAYOUT_ADAPTERS = ['efi'] as const;
export type PixPayoutAdapterName = (typeof PIX_PAYOUT_ADAPTERS)[number];

/** COFRE_PIX_*: BRL through a PSP's API Pix (docs/rails.md "PIX", docs/config.md "Rails"). */
export interface PixRailConfig {
  /** The PSP's API Pix base URL (https), without a trailing slash: paths such as /cob/{txid} follow it. */
  readonly pspUrl: string;
  /** The PSP's OAuth 2.0 token endpoint (client credentials, RFC 6749 section 4.4). */
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Files, read by the worker when it builds the rail's jobs (never by the config). */
  readonly clientSecretFile: string;
  /** mTLS: the client certificate and key (both or neither) and the CA the PSP's server certificate chains to (unset: the system's). */
  readonly certFile: string | undefined;
  readonly keyFile: string | undefined;
  readonly caFile: string | undefined;
  /** The house's receiving key at that PSP (a DICT key: CPF, CNPJ, e-mail, phone or EVP). */
  readonly pixKey: string;
  /** The secret path segment of the callback URL registered at the PSP (≥ 32 URL-safe characters). */
  readonly webhookSecret: string;
  readonly reconcileIntervalMs: number;
  /**
   * COFRE_PUBLIC_URL (required with the rail; its form is checked with the other secrets): the
   * registered webhookUrl is `<publicUrl>/rails/pix/webhook/<webhookSecret>`.
   */
  readonly publicUrl: string;
  /** The payout adapter (COFRE_PIX_PAYOUT_ADAPTER); unset, BRL payouts stay on the back-office. */
  readonly payoutAdapter: PixPayoutAdapterName | undefined;
}

export interface RailsConfig {
  readonly evm: EvmRailConfig | undefined;
  readonly pix: PixRailConfig | undefined;
}

export const RAILS_CONFIG_KEYS = [
  'COFRE_EVM_RPC_URL',
  'COFRE_EVM_CHAIN_ID',
  'COFRE_EVM_NETWORK',
  'COFRE_EVM_TOKENS',
  'COFRE_EVM_CONFIRMATIONS',
  'COFRE_EVM_DEPOSIT_XPUB',
  'COFRE_EVM_DEPOSIT_XPRV_FILE',
  'COFRE_EVM_HOT_WALLET_KEY_FILE',
  'COFRE_EVM_POLL_MS',
  'COFRE_EVM_SWEEP_THRESHOLD',
] as const;

export const PIX_RAIL_CONFIG_KEYS = [
  'COFRE_PIX_PSP_URL',
  'COFRE_PIX_PSP_TOKEN_URL',
  'COFRE_PIX_PSP_CLIENT_ID',
  'COFRE_PIX_PSP_CLIENT_SECRET_FILE',
  'COFRE_PIX_PSP_CERT_FILE',
  'COFRE_PIX_PSP_KEY_FILE',
  'COFRE_PIX_PSP_CA_FILE',
  'COFRE_PIX_KEY',
  'COFRE_PIX_WEBHOOK_SECRET',
  'COFRE_PIX_RECONCILE_INTERVAL_MS',
  'COFRE_PIX_PAYOUT_ADAPTER',
] as const;

/**
 * The rails a production deployment settles through. A rail is configured by its URL; once it
 * is, every key it needs must be valid (each problem reported with the others). The sandbox has
 * no rails (its simulator settles everything): a rail key there is refused rather than ignored,
 * so nobody believes a sandbox is connected to a chain.
 */
export function readRails(r: ConfigReader, environment: Environment): RailsConfig {
  return {
    evm: readRail(r, environment, RAILS_CONFIG_KEYS, 'COFRE_EVM_RPC_URL', readEvm),
    pix: readRail(r, environment, PIX_RAIL_CONFIG_KEYS, 'COFRE_PIX_PSP_URL', readPix),
  };
}

/** One rail's keys: none set, no rail; some set, its URL key too and only in production. */
function readRail<T>(
  r: ConfigReader,
  environment: Environment,
  keys: readonly string[],
  urlKey: string,
  read: (r: ConfigReader) => T,
): T | undefined {
  const set = keys.filter((key) => r.raw(key) !== undefined);
  if (set.length === 0) return undefined;
  if (environment !== 'production') {
    r.problem(`${set.join(', ')}: rails run only in production (COFRE_ENVIRONMENT=production)`);
    return undefined;
  }
  if (r.raw(urlKey) === undefined) {
    const prefix = urlKey.split('_').slice(0, 2).join('_');
    r.problem(`${set.join(', ')}: set ${urlKey} too, or none of the ${prefix}_ keys`);
    return undefined;
  }
  return read(r);
}

function readEvm(r: ConfigReader): EvmRailConfig {
  const rpcUrl = required(r, 'COFRE_EVM_RPC_URL');
  try {
    const url = new URL(rpcUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      r.problem('COFRE_EVM_RPC_URL: must be an http or https URL');
    }
  } catch {
    r.problem('COFRE_EVM_RPC_URL: not a valid URL');
  }
  const chainIdRaw = required(r, 'COFRE_EVM_CHAIN_ID');
  const chainId = int(1, Number.MAX_SAFE_INTEGER)(chainIdRaw);
  if (typeof chainId === 'string' && chainIdRaw !== '') r.problem(`COFRE_EVM_CHAIN_ID: ${chainId}`);
  const network = r.oneOf(EVM_NETWORKS, 'COFRE_EVM_NETWORK')(required(r, 'COFRE_EVM_NETWORK'));
  const depositXpub = required(r, 'COFRE_EVM_DEPOSIT_XPUB');
  if (depositXpub !== '' && !/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(depositXpub)) {
    // Never echo the value: an operator may have pasted a private key by mistake.
    r.problem('COFRE_EVM_DEPOSIT_XPUB: must be a BIP-32 extended public key (xpub…)');
  }
  return {
    rpcUrl,
    chainId: typeof chainId === 'number' ? chainId : 0,
    network,
    tokens: readTokens(r, required(r, 'COFRE_EVM_TOKENS')),
    confirmations: r.read('COFRE_EVM_CONFIRMATIONS', 12, int(1, 10_000)),
    depositXpub,
    depositXprvFile: r.raw('COFRE_EVM_DEPOSIT_XPRV_FILE'),
    hotWalletKeyFile: r.raw('COFRE_EVM_HOT_WALLET_KEY_FILE'),
    pollMs: r.read('COFRE_EVM_POLL_MS', 2_000, int(50, 600_000)),
    sweepThresholdMinor: r.read('COFRE_EVM_SWEEP_THRESHOLD', 100_000_000n, sweepThreshold),
  };
}

/**
 * COFRE_EVM_SWEEP_THRESHOLD: token units as a decimal (`100`, `25.5`), at most 6 decimals, above
 * zero; one value for every token of the rail (USDT and USDC are both dollars). What a sweep
 * costs in gas differs by chain (dollars on Ethereum, cents on Polygon), hence a setting.
 */
function sweepThreshold(raw: string): bigint | string {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(raw);
  const minor = match ? BigInt(match[1]! + (match[2] ?? '').padEnd(6, '0')) : 0n;
  return minor > 0n
    ? minor
    : `must be an amount of tokens above zero with at most 6 decimals, like 100 (got "${raw}")`;
}

function required(r: ConfigReader, key: string, when = 'COFRE_EVM_RPC_URL'): string {
  const value = r.raw(key);
  if (value === undefined) {
    r.problem(`${key}: required when ${when} is set`);
    return '';
  }
  return value;
}

/**
 * The PIX rail's keys. The files are not read here (the worker reads them when it builds the
 * rail's jobs, so an API process needs none of them); the key's type is checked when the rail is
 * built (rails/pix). The webhook secret is never echoed.
 */
function readPix(r: ConfigReader): PixRailConfig {
  const need = (key: string) => required(r, key, 'COFRE_PIX_PSP_URL');
  const pspUrl = httpsUrl(r, 'COFRE_PIX_PSP_URL', need('COFRE_PIX_PSP_URL'));
  const tokenUrl = httpsUrl(r, 'COFRE_PIX_PSP_TOKEN_URL', need('COFRE_PIX_PSP_TOKEN_URL'));
  const certFile = r.raw('COFRE_PIX_PSP_CERT_FILE');
  const keyFile = r.raw('COFRE_PIX_PSP_KEY_FILE');
  if ((certFile === undefined) !== (keyFile === undefined)) {
    r.problem('COFRE_PIX_PSP_CERT_FILE, COFRE_PIX_PSP_KEY_FILE: set both (mTLS) or neither');
  }
  const pixKey = need('COFRE_PIX_KEY');
  if (pixKey.length > 77) r.problem('COFRE_PIX_KEY: at most 77 characters (API Pix `chave`)');
  const webhookSecret = need('COFRE_PIX_WEBHOOK_SECRET');
  if (webhookSecret !== '' && !/^[A-Za-z0-9_-]{32,128}$/.test(webhookSecret)) {
    r.problem(
      'COFRE_PIX_WEBHOOK_SECRET: must be 32 to 128 URL-safe characters (A-Z a-z 0-9 _ -), e.g. `openssl rand -hex 32`',
    );
  }
  const adapter = r.raw('COFRE_PIX_PAYOUT_ADAPTER');
  const publicUrl = r.raw('COFRE_PUBLIC_URL');
  if (publicUrl === undefined) {
    r.problem(
      'COFRE_PUBLIC_URL: required when COFRE_PIX_PSP_URL is set (the PSP calls the rail at <COFRE_PUBLIC_URL>/rails/pix/webhook/<COFRE_PIX_WEBHOOK_SECRET>/pix)',
    );
  }
  return {
    publicUrl: (publicUrl ?? '').replace(/\/+$/, ''),
    pspUrl,
    tokenUrl,
    clientId: need('COFRE_PIX_PSP_CLIENT_ID'),
    clientSecretFile: need('COFRE_PIX_PSP_CLIENT_SECRET_FILE'),
    certFile,
    keyFile,
    caFile: r.raw('COFRE_PIX_PSP_CA_FILE'),
    pixKey,
    webhookSecret,
    reconcileIntervalMs: r.read('COFRE_PIX_RECONCILE_INTERVAL_MS', 60_000, int(1_000, 86_400_000)),
    payoutAdapter:
      adapter === undefined
        ? undefined
        : r.oneOf(PIX_PAYOUT_ADAPTERS, 'COFRE_PIX_PAYOUT_ADAPTER')(adapter),
  };
}

/** An https URL without query, fragment or credentials, kept without a trailing slash. */
function httpsUrl(r: ConfigReader, key: string, raw: string): string {
  if (raw === '') return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    r.problem(`${key}: not a valid URL`);
    return '';
  }
  if (url.protocol !== 'https:')
    r.problem(`${key}: must be an https URL (PSPs serve API Pix over TLS)`);
  else if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    r.problem(`${key}: must have no query, fragment or credentials`);
  }
  return url.href.replace(/\/+$/, '');
}

/** `USDT=0x…,USDC=0x…`: each asset once, each address a valid EVM address (stored EIP-55). */
function readTokens(r: ConfigReader, raw: string): EvmRailConfig['tokens'] {
  const tokens: Partial<Record<EvmAsset, `0x${string}`>> = {};
  if (raw === '') return tokens;
  for (const part of raw.split(',')) {
    const [asset, address, ...rest] = part.trim().split('=');
    if (!(EVM_ASSETS as readonly string[]).includes(asset ?? '') || rest.length > 0) {
      r.problem(
        `COFRE_EVM_TOKENS: "${part.trim()}" is not ASSET=0x… with ASSET one of ${EVM_ASSETS.join(', ')}`,
      );
      continue;
    }
    const verdict = checkEvmAddress(address ?? '');
    if (verdict.kind !== 'valid') {
      r.problem(
        `COFRE_EVM_TOKENS: ${asset}'s contract address is not a valid EVM address (${verdict.kind})`,
      );
      continue;
    }
    if (tokens[asset as EvmAsset] !== undefined)
      r.problem(`COFRE_EVM_TOKENS: ${asset} is named twice`);
    tokens[asset as EvmAsset] = verdict.address as `0x${string}`;
  }
  if (Object.keys(tokens).length === 0) r.problem('COFRE_EVM_TOKENS: names no token');
  const addresses = Object.values(tokens).map((a) => a.toLowerCase());
  if (new Set(addresses).size !== addresses.length) {
    r.problem('COFRE_EVM_TOKENS: two assets share one contract');
  }
  return tokens;
}
