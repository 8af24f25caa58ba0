import { ASSET_DECIMALS, type Asset } from '../../lib/money.js';

/**
 * Exact conversion between a token's on-chain integer amounts (base units of the contract, with
 * the `decimals()` the contract reports) and cofre's minor units of the asset (lib/money.ts: USDT
 * and USDC have 6). The same asset has different decimals on different chains (USDT: 6 on
 * Ethereum, 18 on BNB Chain), so a token with more decimals than the asset can carry amounts
 * cofre cannot hold: that part is returned, never rounded away or made up.
 */
export interface TokenAmountInMinor {
  /** What cofre can credit, in minor units of the asset. */
  readonly minor: bigint;
  /** What is left, in the token's base units: 0 ≤ remainder < 10^(token − asset decimals). */
  readonly remainder: bigint;
}

export type MinorToTokenResult =
  | { kind: 'exact'; amount: bigint }
  | {
      kind: 'unrepresentable';
      /** The largest token amount not above the request, and the next one up, in minor units. */
      below: bigint;
      above: bigint;
    };

/** decimals() of an ERC-20 is a uint8. */
function assertTokenDecimals(tokenDecimals: number): void {
  if (!Number.isInteger(tokenDecimals) || tokenDecimals < 0 || tokenDecimals > 255)
    throw new RangeError('token decimals must be an integer from 0 to 255');
}

/** 10^|token − asset decimals|, and which side has more. */
function scaleOf(asset: Asset, tokenDecimals: number): { scale: bigint; tokenHasMore: boolean } {
  assertTokenDecimals(tokenDecimals);
  const difference = tokenDecimals - ASSET_DECIMALS[asset];
  return { scale: 10n ** BigInt(Math.abs(difference)), tokenHasMore: difference > 0 };
}

/**
 * Token base units → minor units of `asset`, with the remainder in token units:
 * `minor · 10^(token − asset) + remainder = amount` when the token has more decimals; otherwise
 * the conversion is a multiplication and the remainder is 0. Amounts are uint256, never negative.
 */
export function tokenToMinor(
  asset: Asset,
  tokenDecimals: number,
  amount: bigint,
): TokenAmountInMinor {
  if (amount < 0n) throw new RangeError('a token amount is never negative');
  const { scale, tokenHasMore } = scaleOf(asset, tokenDecimals);
  if (!tokenHasMore) return { minor: amount * scale, remainder: 0n };
  return { minor: amount / scale, remainder: amount % scale };
}

/**
 * Minor units of `asset` → token base units, exactly. A token with fewer decimals than the asset
 * cannot carry every amount cofre holds (a token with 2 decimals cannot pay 0.000001 USDT): such
 * an amount is refused with the two nearest payable amounts, for the caller to decide, never
 * rounded here.
 */
export function minorToToken(
  asset: Asset,
  tokenDecimals: number,
  minor: bigint,
): MinorToTokenResult {
  if (minor < 0n) throw new RangeError('an amount in minor units is never negative here');
  const { scale, tokenHasMore } = scaleOf(asset, tokenDecimals);
  if (tokenHasMore) return { kind: 'exact', amount: minor * scale };
  const rest = minor % scale;
  if (rest === 0n) return { kind: 'exact', amount: minor / scale };
  return { kind: 'unrepresentable', below: minor - rest, above: minor - rest + scale };
}
