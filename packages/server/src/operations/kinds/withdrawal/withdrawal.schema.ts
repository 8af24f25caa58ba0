import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AmountString } from '../../../lib/money.js';
import { AssetSchema as Asset, Id, QuoteIdField, strict } from '../../operation-common.schema.js';

export const WithdrawalBody = Type.Object(
  {
    accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
    asset: Asset,
    amount: AmountString(),
    beneficiary: Type.Object(
      {
        id: Id('ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
        paymentInstructionId: Id('pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
      },
      strict,
    ),
    description: Type.Optional(FreeText(140)),
    quoteId: QuoteIdField(
      'A quote to pay out in another asset (docs/api.md "Cross-asset withdrawals and deposits"): `asset` and `amount` must be its target (what the beneficiary receives), the account pays its source amount. Consumed by this request.',
    ),
  },
  {
    ...strict,
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        asset: 'BRL',
        amount: '100.00',
        beneficiary: {
          id: 'ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
          paymentInstructionId: 'pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        },
        description: 'Supplier invoice 2026-118',
      },
    ],
  },
);
export type WithdrawalBody = Static<typeof WithdrawalBody>;
