import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../../lib/money.js';
import { AssetSchema as Asset, Id, QuoteIdField, strict } from '../../operation-common.schema.js';

export const DepositBody = Type.Object(
  {
    accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
    asset: Asset,
    amount: AmountString(),
    quoteId: QuoteIdField(
      'A quote to credit the deposit in another asset (docs/api.md "Cross-asset withdrawals and deposits"): `asset` and `amount` must be its source (what is paid in), the account is credited its target amount. Consumed at once; the rate holds until the deposit expires.',
    ),
  },
  {
    ...strict,
    // A quoted example cannot work as-is (quotes live 30 s): docs/api.md shows one.
    examples: [{ accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR', asset: 'BRL', amount: '1250.00' }],
  },
);
export type DepositBody = Static<typeof DepositBody>;
