import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { eip55 } from '../lib/crypto-addresses.js';
import type { Asset } from '../lib/money.js';

/**
 * Where an account receives each asset: a PIX random key (EVP) for BRL and a wallet address per
 * crypto asset, derived deterministically from (account, asset) so they never change and need
 * no storage. A deployment connected to real rails would take these from its PIX participant and
 * custody provider at this one place (docs/api.md "Deposits").
 */
export type StandingInstruction =
  | {
      asset: 'BRL';
      rail: 'PIX';
      keyType: FundingKeyType;
      key: string;
      /**
       * Where a deposit's BR Code comes from: cofre builds a static one (`STATIC`, the derived
       * key), or a PSP makes one per deposit as an immediate charge (`PSP`, the PIX rail: the
       * key is the house's, and a payment without the deposit's code cannot be attributed).
       */
      brCodes?: 'STATIC' | 'PSP';
    }
  | { asset: Exclude<Asset, 'BRL'>; rail: 'CRYPTO'; network: string; address: string };

/** The DICT key types (BCB): a receiving key is one of these. */
export const FUNDING_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type FundingKeyType = (typeof FUNDING_KEY_TYPES)[number];

/** The network each crypto asset is received on. */
export const DEPOSIT_NETWORK = { USDT: 'ETHEREUM', USDC: 'ETHEREUM', BTC: 'BITCOIN' } as const;

const digest = (accountId: string, asset: Asset): Buffer =>
  createHash('sha256').update(`cofre-funding:${accountId}:${asset}`).digest();

export function standingInstruction(accountId: string, asset: Asset): StandingInstruction {
  const bytes = digest(accountId, asset);
  if (asset === 'BRL') return { asset, rail: 'PIX', keyType: 'EVP', key: uuidOf(bytes) };
  const network = DEPOSIT_NETWORK[asset];
  const address =
    network === 'BITCOIN'
      ? bech32.encode('bc', [0, ...bech32.toWords(bytes.subarray(0, 20))])
      : eip55(bytes.subarray(0, 20).toString('hex'));
  return { asset, rail: 'CRYPTO', network, address };
}

/** A version-4-shaped UUID (RFC 9562) from 16 bytes of the digest. */
function uuidOf(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
