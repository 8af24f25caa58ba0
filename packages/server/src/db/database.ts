import type {
  EventsTable,
  MessagesTable,
  ExecutionLogsTable,
  SubscriptionsTable,
  SubscriptionHealthTable,
  SubscriptionSecretsTable,
} from '../webhooks/index.js';
import type { Kysely } from 'kysely';
import type { AccountsTable } from '../modules/accounts/index.js';
import type { ApiClientsTable, CustomersTable } from '../modules/customers/index.js';
import type { SigningKeysTable } from '../modules/keys/index.js';
import type { JobsTable } from '../jobs/index.js';
import type { IdempotencyKeysTable } from '../modules/idempotency/index.js';
import type { AuthFailuresTable } from '../modules/oauth/index.js';
import type {
  LedgerBalancesTable,
  LedgerEntriesTable,
  LedgerHoldsTable,
  LedgerJournalsTable,
} from '../ledger/index.js';
import type {
  BeneficiariesTable,
  PaymentInstructionsTable,
} from '../modules/beneficiaries/index.js';
import type { AdminActionsTable } from '../modules/admin/index.js';
import type { OperationStatesTable, OperationsTable } from '../operations/index.js';

import type { QuotesTable } from '../modules/quotes/index.js';
import type { ExchangeRatesTable } from '../pricing/index.js';
import type { PixKeysTable } from '../modules/pix/index.js';
import type { MetadataEntriesTable } from './metadata-entries.table.js';

/** Every table, by name. Each module owns its `<name>.table.ts`. */
export interface Tables {
  customers: CustomersTable;
  api_clients: ApiClientsTable;
  signing_keys: SigningKeysTable;
  accounts: AccountsTable;
  jobs: JobsTable;
  events: EventsTable;
  subscriptions: SubscriptionsTable;
  messages: MessagesTable;
  execution_logs: ExecutionLogsTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_failures: AuthFailuresTable;
  ledger_balances: LedgerBalancesTable;
  ledger_journals: LedgerJournalsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_holds: LedgerHoldsTable;
  beneficiaries: BeneficiariesTable;
  payment_instructions: PaymentInstructionsTable;
  admin_actions: AdminActionsTable;
  operations: OperationsTable;
  operation_states: OperationStatesTable;
  quotes: QuotesTable;
  exchange_rates: ExchangeRatesTable;
  pix_keys: PixKeysTable;
  subscription_health: SubscriptionHealthTable;
  subscription_secrets: SubscriptionSecretsTable;
  metadata_entries: MetadataEntriesTable;
}

export type Db = Kysely<Tables>;
export type Engine = 'sqlite' | 'postgres';
