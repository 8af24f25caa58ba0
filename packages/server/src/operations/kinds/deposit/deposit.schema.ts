import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../../lib/money.js';
import {
  AssetSchema as Asset,
  Id,
  Iso,
  QuoteIdField,
  operationCommon as common,
  strict,
} from '../../operation-common.schema.js';
import { FUNDING_KEY_TYPES } from '../../../pix/index.js';
import { StringEnum } from '../../../lib/schema.js';
import { onChainField } from '../shared/on-chain.js';
import { quoted, ReversedBy } from '../shared/quoted.schema.js';

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

export const FundingInstruction = Type.Union([
  Type.Object({
    rail: Type.Literal('PIX'),
    keyType: StringEnum(FUNDING_KEY_TYPES, {
      description:
        "The receiving key's DICT type: EVP for an account's own key; the house key's type under the PIX rail.",
    }),
    key: Type.String(),
    brCode: Type.Union([Type.String(), Type.Null()], {
      description:
        'PIX copy-and-paste (EMV BR Code) for this amount. null while the PSP makes the deposit\'s charge (production with the PIX rail, docs/rails.md "PIX"): the event OPERATION_FUNDING_INSTRUCTION_READY says when it is set, usually within a second.',
    }),
    expiresAt: Iso,
  }),
  Type.Object({
    rail: Type.Literal('CRYPTO'),
    network: Type.String(),
    address: Type.String(),
    expiresAt: Iso,
  }),
]);

export const DepositOperation = Type.Object({
  ...common,
  type: Type.Literal('DEPOSIT'),
  fundingInstruction: FundingInstruction,
  receivedAmount: Type.Union([Type.String(), Type.Null()], {
    description: 'What arrived through the rail (in `asset`), once COMPLETED.',
  }),
  ...quoted,
  refundedAmount: Type.String({
    description:
      'What PIX refunds returned or are returning (in `asset`): refunds COMPLETED or in flight; a FAILED one gives its amount back (docs/api.md "PIX refunds").',
  }),
  reversedBy: ReversedBy,
  onChain: onChainField(
    'Where the money was seen on chain, for a deposit settled by a chain rail (docs/rails.md); null otherwise, and while a transfer whose block was replaced waits to be seen again.',
  ),
  endToEndId: Type.Union([Type.String({ maxLength: 32 }), Type.Null()], {
    description:
      'The end-to-end id of the Pix that paid it, for a deposit settled by the PIX rail (docs/rails.md "PIX"); null otherwise.',
  }),
});
