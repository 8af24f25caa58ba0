import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../../lib/schema.js';
import { PAYOUT_WAITS, RAIL_STATES, RECONCILIATION_OUTCOMES } from '../../../rails/index.js';
import { PixDayReport } from './pix-day-report.schema.js';

const When = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
const Block = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });
const Amount = (description: string) => Type.String({ description });

const JobRuns = Type.Object({
  failures: Type.Integer({ description: 'Consecutive failed runs; 0 when the last run worked.' }),
  lastError: Type.Union([Type.String(), Type.Null()], {
    description: 'The last failed run\'s error ("WrongChainError: …" for a node on another chain).',
  }),
  lastErrorAt: When('When that run failed.'),
});

const AssetReconciliation = Type.Object({
  asset: Type.String(),
  token: Type.String({ description: 'The token contract.' }),
  ledger: Type.Object({
    customers: Amount("Customers' balances of the asset (available + pending): what is owed."),
    house: Amount(
      "The house's own position in the asset (fees, the desk), for reading a positive difference.",
    ),
    total: Amount('customers + house.'),
  }),
  arriving: Amount('Transfers seen on chain, not credited yet (waiting for confirmations).'),
  leaving: Amount('Payouts mined by the block read whose withdrawals are not final yet.'),
  unattributed: Amount(
    'Tokens on chain no balance holds: uncreditable transfers, remainders below a minor unit.',
  ),
  expected: Amount('customers + arriving − leaving + unattributed.'),
  held: Type.Object({
    depositAddresses: Amount("Σ the token's balance of every cofre deposit address."),
    hotWallet: Amount("The hot wallet's balance."),
    total: Amount('depositAddresses + hotWallet.'),
  }),
  difference: Amount(
    'held.total − expected, exact. Positive: more on chain than customers are owed.',
  ),
  differenceMinor: Type.String({ description: 'The difference in minor units (an integer).' }),
});

const Reconciliation = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  outcome: StringEnum(RECONCILIATION_OUTCOMES),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why NOT_COMPARED.' }),
  block: Block("The block the chain was read at (the watcher's cursor); null for PIX."),
  assets: Type.Array(AssetReconciliation, { description: 'EVM: per token; empty for PIX.' }),
  pix: Type.Optional(PixDayReport),
});

export const RailView = Type.Object({
  name: Type.String({ description: 'e.g. evm:ETHEREUM' }),
  network: Type.String(),
  state: StringEnum(RAIL_STATES),
  head: Block("The node's head at the watcher's last run."),
  headSeenAt: When('When the watcher last saw the head.'),
  cursor: Block('The last block the watcher read.'),
  lagBlocks: Block('head − cursor.'),
  confirmations: Type.Integer(),
  payouts: Type.Record(Type.String(), Type.Integer(), { description: 'Payouts by status.' }),
  waiting: Type.Object(
    Object.fromEntries(PAYOUT_WAITS.map((w) => [w, Type.Integer()])) as Record<
      (typeof PAYOUT_WAITS)[number],
      ReturnType<typeof Type.Integer>
    >,
    {
      description:
        'Queued payouts that wait, by why: the hot wallet lacks TOKENS, GAS, or has NO_KEY.',
    },
  ),
  jobs: Type.Record(Type.String(), JobRuns, {
    description: "The rail's jobs (EVM: watch, payouts; PIX: charges, inbound, window).",
  }),
  backlog: Type.Optional(
    Type.Record(Type.String(), Type.Integer(), {
      description:
        'PIX: work waiting — `charges` to create at the PSP, webhook `notifications` to read back, `refunds` not final yet, `windowLagMs` (how far the reconciliation window is behind).',
    }),
  ),
  reconciliation: Type.Union([Reconciliation, Type.Null()], {
    description:
      "The newest reconciliation (EVM: the hourly job's; PIX: the daily report's; or `cofre rails reconcile`'s).",
  }),
});
export type RailView = Static<typeof RailView>;

export const RailsHealth = Type.Object({
  rails: Type.Array(RailView, { description: 'Every configured rail; none in the sandbox.' }),
});
export type RailsHealth = Static<typeof RailsHealth>;
