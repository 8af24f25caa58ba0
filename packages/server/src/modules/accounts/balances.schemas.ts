import { Type, type Static } from '@sinclair/typebox';
import { ASSETS } from '../../lib/money.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { StringEnum } from '../../lib/schema.js';

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

export const BalanceList = Type.Object(
  { data: Type.Array(Type.Ref(BalanceSchema)) },
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
});
export type StatementQuery = Static<typeof StatementQuery>;

export const StatementPage = Page(Type.Ref(StatementEntry));
