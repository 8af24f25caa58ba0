import { ASSET_DECIMALS } from '../../../lib/money.js';
import type { EvmAsset } from '../../../config/rails-config.js';
import type { AssetReconciliation } from '../../rail.js';
import type { AssetRecords } from './ledger-side.js';

/** One asset's figures: the ledger's in minor units, the chain's in the token's base units. */
export interface AssetFigures {
  asset: EvmAsset;
  token: { contract: string; decimals: number };
  records: AssetRecords;
  /** Minor units of payouts mined by the block read whose holds still count. */
  leaving: bigint;
  /** Token base units at the block read. */
  depositAddresses: bigint;
  hotWallet: bigint;
}

/**
 * The comparison of one asset (docs/rails.md "Reconciliation"), exact: both sides are brought
 * to the finer of the asset's and the token's units (multiplying, never dividing), compared
 * there, and shown as decimal strings of that precision.
 *
 *   expected = customers + arriving − leaving + unattributed
 *   difference = (deposit addresses + hot wallet) − expected
 */
export function compareAsset(f: AssetFigures): AssetReconciliation {
  const assetDecimals = ASSET_DECIMALS[f.asset];
  const decimals = Math.max(assetDecimals, f.token.decimals);
  const fromMinor = (minor: bigint) => minor * 10n ** BigInt(decimals - assetDecimals);
  const fromToken = (units: bigint) => units * 10n ** BigInt(decimals - f.token.decimals);
  const show = (value: bigint) => decimal(value, decimals);
  const { customers, house, arriving, unattributed } = f.records;
  const expected = fromMinor(customers + arriving - f.leaving) + fromToken(unattributed);
  const held = fromToken(f.depositAddresses + f.hotWallet);
  const difference = held - expected;
  return {
    asset: f.asset,
    token: f.token.contract,
    ledger: {
      customers: show(fromMinor(customers)),
      house: show(fromMinor(house)),
      total: show(fromMinor(customers + house)),
    },
    arriving: show(fromMinor(arriving)),
    leaving: show(fromMinor(f.leaving)),
    unattributed: show(fromToken(unattributed)),
    expected: show(expected),
    held: {
      depositAddresses: show(fromToken(f.depositAddresses)),
      hotWallet: show(fromToken(f.hotWallet)),
      total: show(held),
    },
    difference: show(difference),
    // BigInt division truncates toward zero.
    differenceMinor: (difference / 10n ** BigInt(decimals - assetDecimals)).toString(),
  };
}

/** `value` units of 10^-decimals as a decimal string with every decimal shown: "-12.500000". */
export function decimal(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
