/** Assets the service holds, with their decimal places (minor units per unit = 10^decimals). */
export const ASSETS = ['BRL', 'USDT', 'USDC', 'BTC'] as const;
export type Asset = (typeof ASSETS)[number];

export const ASSET_DECIMALS: Record<Asset, number> = { BRL: 2, USDT: 6, USDC: 6, BTC: 8 };

export const isAsset = (value: string): value is Asset =>
  (ASSETS as readonly string[]).includes(value);
