/** Assets an account can hold (BRIEF "Money"). Amounts and decimals arrive with the ledger. */
export const ASSETS = ['BRL', 'USDT', 'USDC', 'BTC'] as const;
export type Asset = (typeof ASSETS)[number];
