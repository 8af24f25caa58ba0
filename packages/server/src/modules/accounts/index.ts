/**
 * The public surface of modules/accounts/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { manualAccountLifecycle } from './account-scheduler.js';
export type { AccountLifecycleScheduler } from './account-scheduler.js';
export {
  accountForLifecycle,
  activateAsset,
  activateAssets,
  failAsset,
  setAccountFrozen,
} from './accounts.lifecycle.js';
export { ACCOUNT_COLUMNS, findAccount } from './accounts.repository.js';
export { accountsRoutes } from './accounts.routes.js';
export { Account, AccountParams, AccountStatusSchema, AssetSchema } from './accounts.schemas.js';
export { accountViews, AccountsService, toAccount } from './accounts.service.js';
export { parseAssets } from './accounts.table.js';
export type { AccountRow, AccountStatus, AccountsTable } from './accounts.table.js';
export { balancesRoutes } from './balances.routes.js';
export { BalanceSchema, StatementEntry } from './balances.schemas.js';
export { BalancesService } from './balances.service.js';
export { StatementPeriod } from './balances.schemas.js';
