import type { Generated, Insertable, Selectable } from 'kysely';
import type { Asset } from '../../lib/money.js';

export const ACCOUNT_TYPES = ['CHECKING', 'SAVING'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_STATUSES = ['OPENING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ASSET_STATUSES = ['ONBOARDING', 'ACTIVE', 'FAILED'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** One asset of an account and where its onboarding stands. */
export interface AccountAssetState {
  asset: Asset;
  status: AssetStatus;
}

export interface AccountsTable {
  id: string;
  customer_id: string;
  type: AccountType;
  status: AccountStatus;
  /** The integrator's label for the account, if any (sandbox magic: docs/sandbox.md). */
  name: string | null;
  /** JSON of AccountAssetState[], in the order the assets were requested. */
  assets: string;
  /** JSON of the integrator's metadata (lib/metadata.ts), `{}` when none (migration 0017). */
  metadata: Generated<string>;
  created_at: number;
  updated_at: number;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;

export const parseAssets = (row: Pick<AccountRow, 'assets'>): AccountAssetState[] =>
  JSON.parse(row.assets) as AccountAssetState[];

/** Distinct asset texts kept parsed; a customer's accounts share a handful of them. */
const assetViews = new Map<string, readonly AccountAssetState[]>();
const MAX_ASSET_VIEWS = 1024;

/**
 * The assets of an account as its view shows them, parsed once per distinct text rather than
 * once per row of every list page (`[{"asset":"BRL","status":"ACTIVE"}]` is most rows'). The
 * result is shared by every view of that text, so it is frozen, element by element: a caller
 * that needs to change assets works on `parseAssets`' fresh copy.
 */
export function assetsView(row: Pick<AccountRow, 'assets'>): readonly AccountAssetState[] {
  let assets = assetViews.get(row.assets);
  if (assets === undefined) {
    if (assetViews.size >= MAX_ASSET_VIEWS) assetViews.clear();
    assets = Object.freeze(parseAssets(row).map((state) => Object.freeze(state)));
    assetViews.set(row.assets, assets);
  }
  return assets;
}
