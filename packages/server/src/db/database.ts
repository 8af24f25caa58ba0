import type { Kysely } from 'kysely';
import type { AccountAssetsTable, AccountsTable } from '../modules/accounts/accounts.table.js';
import type { ApiClientsTable, CustomersTable } from '../modules/customers/customers.table.js';
import type { SigningKeysTable } from '../modules/keys/signing-keys.table.js';

/** Every table, by name. Each module owns its `<name>.table.ts`. */
export interface Tables {
  customers: CustomersTable;
  api_clients: ApiClientsTable;
  signing_keys: SigningKeysTable;
  accounts: AccountsTable;
  account_assets: AccountAssetsTable;
}

export type Db = Kysely<Tables>;
export type Engine = 'sqlite' | 'postgres';
