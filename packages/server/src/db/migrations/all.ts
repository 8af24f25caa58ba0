import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-webhooks.js';
import * as m0003 from './0003-jobs-failures.js';
import * as m0004 from './0004-auth-failures.js';
import * as m0005 from './0005-webhook-key-rotation.js';
import * as m0006 from './0006-ledger.js';
import * as m0007 from './0007-beneficiaries.js';
import * as m0008 from './0008-operations.js';
import * as m0009 from './0009-admin-audit.js';
import * as m0010 from './0010-exchange.js';
import * as m0011 from './0011-pix-keys.js';
import * as m0012 from './0012-fair-queues.js';
import * as m0013 from './0013-delivery-observability.js';
import * as m0014 from './0014-subscription-secrets.js';
import * as m0015 from './0015-listen-transport.js';
import * as m0016 from './0016-events-feed.js';
import * as m0017 from './0017-metadata.js';
import * as m0018 from './0018-int64-balances.js';
import * as m0019 from './0019-external-reference.js';
import * as m0020 from './0020-operation-counterparty.js';
import * as m0021 from './0021-house-shards.js';
import * as m0022 from './0022-operator-lists.js';
import * as m0023 from './0023-metadata-sort-key.js';
import * as m0024 from './0024-rails-evm.js';
import * as m0025 from './0025-rails-evm-payouts.js';
import * as m0026 from './0026-rails-health.js';
import * as m0027 from './0027-rails-evm-sweeps.js';
import * as m0028 from './0028-rails-pix.js';
import * as m0029 from './0029-rails-pix-refunds.js';
import * as m0030 from './0030-rails-pix-payouts.js';
import * as m0031 from './0031-message-sequences.js';
import * as m0032 from './0032-client-restrictions.js';
import * as m0033 from './0033-rate-limit-counts.js';
import * as m0034 from './0034-delivery-alerts.js';
import * as m0035 from './0035-subscription-key-pairs.js';
import * as m0036 from './0036-client-accounts.js';

/**
 * Every migration, in code (not read from disk) so the built package carries them. Imported only
 * when the schema is not current (db/migrate.ts): a start on an up-to-date database checks the
 * names in db/migration-names.ts and never loads these modules. A test keeps both lists equal.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-webhooks': m0002,
  '0003-jobs-failures': m0003,
  '0004-auth-failures': m0004,
  '0005-webhook-key-rotation': m0005,
  '0006-ledger': m0006,
  '0007-beneficiaries': m0007,
  '0008-operations': m0008,
  '0009-admin-audit': m0009,
  '0010-exchange': m0010,
  '0011-pix-keys': m0011,
  '0012-fair-queues': m0012,
  '0013-delivery-observability': m0013,
  '0014-subscription-secrets': m0014,
  '0015-listen-transport': m0015,
  '0016-events-feed': m0016,
  '0017-metadata': m0017,
  '0018-int64-balances': m0018,
  '0019-external-reference': m0019,
  '0020-operation-counterparty': m0020,
  '0021-house-shards': m0021,
  '0022-operator-lists': m0022,
  '0023-metadata-sort-key': m0023,
  '0024-rails-evm': m0024,
  '0025-rails-evm-payouts': m0025,
  '0026-rails-health': m0026,
  '0027-rails-evm-sweeps': m0027,
  '0028-rails-pix': m0028,
  '0029-rails-pix-refunds': m0029,
  '0030-rails-pix-payouts': m0030,
  '0031-message-sequences': m0031,
  '0032-client-restrictions': m0032,
  '0033-rate-limit-counts': m0033,
  '0034-delivery-alerts': m0034,
  '0035-subscription-key-pairs': m0035,
  '0036-client-accounts': m0036,
};
