import type { Insertable, Selectable } from 'kysely';

export const ACCOUNT_TYPES = ['CHECKING', 'SAVING'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_STATUSES = ['OPENING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ASSET_STATUSES = ['ONBOARDING', 'ACTIVE', 'FAILED'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export interface AccountsTable {
  id: string;
  customer_id: string;
  type: AccountType;
  status: AccountStatus;
  created_at: number;
  updated_at: number;
}

export interface AccountAssetsTable {
  account_id: string;
  asset: string;
  status: AssetStatus;
  /** Order in which the assets were requested, kept for stable output. */
  position: number;
  created_at: number;
  updated_at: number;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountAssetRow = Selectable<AccountAssetsTable>;
