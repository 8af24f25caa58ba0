import type { Kysely } from 'kysely';
// Each table's type from its own file, as kysely's example/src/database.ts does: never through a
// unit's index.ts, whose runtime surface would make the type graph one circle through db/ (the
// layer rule db-tables-from-table-files).
import type { JobsTable } from '../jobs/jobs.table.js';
import type {
  LedgerBalancesTable,
  LedgerEntriesTable,
  LedgerHoldsTable,
  LedgerJournalsTable,
} from '../ledger/ledger.tables.js';
import type { AccountsTable } from '../modules/accounts/accounts.table.js';
import type { AdminActionsTable } from '../modules/admin/admin-actions.table.js';
import type { BeneficiariesTable } from '../modules/beneficiaries/beneficiaries.table.js';
import type { PaymentInstructionsTable } from '../modules/beneficiaries/payment-instructions.table.js';
import type { ApiClientsTable, CustomersTable } from '../modules/customers/customers.table.js';
import type { IdempotencyKeysTable } from '../modules/idempotency/idempotency.table.js';
import type { SigningKeysTable } from '../modules/keys/signing-keys.table.js';
import type { AuthFailuresTable } from '../modules/oauth/auth-failures.table.js';
import type { PixKeysTable } from '../modules/pix/pix-keys.table.js';
import type { QuotesTable } from '../modules/quotes/quotes.table.js';
import type { RateLimitCountsTable } from '../modules/rate-limits/rate-limit-counts.table.js';
import type { OperationStatesTable, OperationsTable } from '../operations/operations.table.js';
import type { ExchangeRatesTable } from '../pricing/exchange-rates.table.js';
import type {
  RailEvmAddressesTable,
  RailEvmBlocksTable,
  RailEvmChainsTable,
  RailEvmPayoutsTable,
  RailEvmPayoutTxsTable,
  RailEvmTransfersTable,
  RailEvmWalletsTable,
} from '../rails/evm/evm.tables.js';
import type {
  RailEvmSweepLooksTable,
  RailEvmSweepTxsTable,
  RailEvmSweepsTable,
} from '../rails/evm/sweeps/sweeps.tables.js';
import type {
  RailJobRunsTable,
  RailPixChargesTable,
  RailPixCursorsTable,
  RailPixInboxTable,
  RailPixReceivedTable,
} from '../rails/pix/pix.tables.js';
import type { RailPixPayoutsTable } from '../rails/pix/payouts/pix-payouts.table.js';
import type {
  RailPixRefundsTable,
  RailPixUnrequestedRefundsTable,
} from '../rails/pix/refunds/refunds.tables.js';
import type { RailReconciliationsTable } from '../rails/rail-reconciliations.table.js';
import type { EventsTable } from '../webhooks/events/events.table.js';
import type { ExecutionLogsTable } from '../webhooks/execution-logs/execution-logs.table.js';
import type { SubscriptionHealthTable } from '../webhooks/health/subscription-health.table.js';
import type { MessagesTable } from '../webhooks/messages/messages.table.js';
import type { SubscriptionSecretsTable } from '../webhooks/subscriptions/subscription-secrets.table.js';
import type { SubscriptionsTable } from '../webhooks/subscriptions/subscriptions.table.js';
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
  rate_limit_counts: RateLimitCountsTable;
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
  rail_evm_chains: RailEvmChainsTable;
  rail_evm_addresses: RailEvmAddressesTable;
  rail_evm_blocks: RailEvmBlocksTable;
  rail_evm_transfers: RailEvmTransfersTable;
  rail_evm_wallets: RailEvmWalletsTable;
  rail_evm_payouts: RailEvmPayoutsTable;
  rail_evm_payout_txs: RailEvmPayoutTxsTable;
  rail_evm_sweeps: RailEvmSweepsTable;
  rail_evm_sweep_txs: RailEvmSweepTxsTable;
  rail_evm_sweep_looks: RailEvmSweepLooksTable;
  rail_reconciliations: RailReconciliationsTable;
  rail_pix_charges: RailPixChargesTable;
  rail_pix_received: RailPixReceivedTable;
  rail_pix_inbox: RailPixInboxTable;
  rail_pix_cursors: RailPixCursorsTable;
  rail_pix_refunds: RailPixRefundsTable;
  rail_pix_unrequested_refunds: RailPixUnrequestedRefundsTable;
  rail_job_runs: RailJobRunsTable;
  rail_pix_payouts: RailPixPayoutsTable;
}

export type Db = Kysely<Tables>;
export type Engine = 'sqlite' | 'postgres';
