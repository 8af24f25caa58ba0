import { Type, type Static } from '@sinclair/typebox';
import { ASSETS } from '../../lib/money.js';
import { ListQuery, PageMeta } from '../../lib/pagination.js';
import { DateTimeInput, StringEnum } from '../../lib/schema.js';

const AssetCode = StringEnum(ASSETS, { description: 'Asset code.' });
const Amount = (description: string, example: string) =>
  Type.String({
    pattern: '^-?[0-9]+\\.[0-9]+$',
    description: `${description} Decimal string with all the asset's decimals.`,
    examples: [example],
  });

/** One asset's balance, as decimal strings (docs/api.md "Balances and statement"). */
export const BalanceSchema = Type.Object(
  {
    asset: AssetCode,
    available: Amount('What can be moved now.', '1250.00'),
    pending: Amount('Held for operations in flight (e.g. withdrawals not yet settled).', '100.00'),
    total: Amount('available + pending.', '1350.00'),
  },
  { $id: 'Balance' },
);
export type BalanceView = Static<typeof BalanceSchema>;

/** GET /v1/accounts/{id}/balances?at=… (docs/api.md "Balances and statement"). */
export const BalancesQuery = Type.Object(
  {
    at: Type.Optional(
      DateTimeInput({
        description:
          'The balances as they stood at this instant (RFC 3339 with a time zone, not in the future): every entry booked at or before it counts. Without it, the balances now.',
        examples: ['2026-11-22T08:56:31.512Z'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type BalancesQuery = Static<typeof BalancesQuery>;

export const BalanceList = Type.Object(
  {
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'Only with the `at` parameter: the instant the balances are for, in UTC to the millisecond.',
      }),
    ),
    data: Type.Array(Type.Ref(BalanceSchema)),
  },
  {
    examples: [
      {
        data: [
          { asset: 'BRL', available: '1250.00', pending: '100.00', total: '1350.00' },
          { asset: 'USDT', available: '0.000000', pending: '0.000000', total: '0.000000' },
        ],
      },
    ],
  },
);

export const STATEMENT_DIRECTIONS = ['CREDIT', 'DEBIT'] as const;

export const StatementEntry = Type.Object(
  {
    id: Type.String({ examples: ['ent_01JD6Q3W8ZK2C1V7R4X9B5N0AR'] }),
    operationId: Type.Union([Type.String(), Type.Null()], {
      description: 'The operation that moved the money, when there is one.',
    }),
    direction: StringEnum(STATEMENT_DIRECTIONS, {
      description: 'CREDIT raised the available balance, DEBIT lowered it.',
    }),
    amount: Amount('Always positive; direction gives the sign.', '100.00'),
    asset: AssetCode,
    balanceAfter: Amount('The available balance of this asset right after this entry.', '1150.00'),
    description: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'StatementEntry',
    examples: [
      {
        id: 'ent_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        operationId: 'op_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
        direction: 'DEBIT',
        amount: '100.00',
        asset: 'BRL',
        balanceAfter: '1150.00',
        description: 'Withdrawal to beneficiary',
        createdAt: '2026-11-22T08:56:31.512Z',
      },
    ],
  },
);
export type StatementEntry = Static<typeof StatementEntry>;

export const StatementQuery = ListQuery({
  asset: Type.Optional(AssetCode),
  from: Type.Optional(
    DateTimeInput({
      description:
        'Start of the period (exclusive: an entry booked at this instant is in the opening balance). RFC 3339 with a time zone. Default with `to`: when the account was opened.',
      examples: ['2026-10-01T00:00:00-03:00'],
    }),
  ),
  to: Type.Optional(
    DateTimeInput({
      description:
        'End of the period (inclusive), not in the future. RFC 3339 with a time zone. Default with `from`: the time of the request.',
      examples: ['2026-11-01T00:00:00-03:00'],
    }),
  ),
});
export type StatementQuery = Static<typeof StatementQuery>;

/** A statement's period: (from, to], with the balances at either end (docs/api.md). */
export const StatementPeriod = Type.Object(
  {
    from: Type.String({
      format: 'date-time',
      description: 'Start of the period (exclusive), in UTC to the millisecond.',
    }),
    to: Type.String({
      format: 'date-time',
      description: 'End of the period (inclusive), in UTC to the millisecond.',
    }),
    opening: Type.Array(Type.Ref(BalanceSchema), {
      description:
        'The balances at `from` (as GET …/balances?at=from answers them), per asset listed.',
    }),
    closing: Type.Array(Type.Ref(BalanceSchema), {
      description:
        "The balances at `to`, per asset listed. Per asset, opening `available` plus the period's entries (CREDIT +, DEBIT −, over every page) equals closing `available`.",
    }),
  },
  {
    $id: 'StatementPeriod',
    examples: [
      {
        from: '2026-10-01T03:00:00.000Z',
        to: '2026-11-01T03:00:00.000Z',
        opening: [{ asset: 'BRL', available: '1250.00', pending: '0.00', total: '1250.00' }],
        closing: [{ asset: 'BRL', available: '1150.00', pending: '100.00', total: '1250.00' }],
      },
    ],
  },
);
export type StatementPeriod = Static<typeof StatementPeriod>;

/** The spec's page envelope (`data`, `meta`), plus `period` when the query gave `from` or `to`. */
export const StatementPage = Type.Object({
  data: Type.Array(Type.Ref(StatementEntry)),
  meta: PageMeta,
  period: Type.Optional(Type.Ref(StatementPeriod)),
});
