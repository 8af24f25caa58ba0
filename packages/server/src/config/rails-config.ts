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

export interface RailsConfig {
  readonly evm: EvmRailConfig | undefined;
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

/**
 * The rails a production deployment settles through. A rail is configured by its URL; once it
 * is, every key it needs must be valid (each problem reported with the others). The sandbox has
 * no rails (its simulator settles everything): a rail key there is refused rather than ignored,
 * so nobody believes a sandbox is connected to a chain.
 */
export function readRails(r: ConfigReader, environment: Environment): RailsConfig {
  const set = RAILS_CONFIG_KEYS.filter((key) => r.raw(key) !== undefined);
  if (set.length === 0) return { evm: undefined };
  if (environment !== 'production') {
    r.problem(`${set.join(', ')}: rails run only in production (COFRE_ENVIRONMENT=production)`);
    return { evm: undefined };
  }
  if (r.raw('COFRE_EVM_RPC_URL') === undefined) {
    r.problem(`${set.join(', ')}: set COFRE_EVM_RPC_URL too, or none of the COFRE_EVM_ keys`);
    return { evm: undefined };
  }
  return { evm: readEvm(r) };
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

function required(r: ConfigReader, key: string): string {
  const value = r.raw(key);
  if (value === undefined) {
    r.problem(`${key}: required when COFRE_EVM_RPC_URL is set`);
    return '';
  }
  return value;
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
