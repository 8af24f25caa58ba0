import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AmountString } from '../../../lib/money.js';
import {
  AssetSchema as Asset,
  Id,
  QuoteIdField,
  operationCommon as common,
  strict,
} from '../../operation-common.schema.js';
import { onChainField } from '../shared/on-chain.js';
import { quoted, ReversedBy } from '../shared/quoted.schema.js';

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

export const WithdrawalOperation = Type.Object({
  ...common,
  type: Type.Literal('WITHDRAWAL'),
  beneficiary: Type.Object({
    id: Type.String(),
    paymentInstructionId: Type.String(),
    holder: Type.Object({ type: Type.String(), name: Type.String(), taxId: Type.String() }),
    paymentInstruction: Type.Object(
      { rail: Type.String(), asset: Type.String() },
      {
        additionalProperties: Type.String(),
        description: 'The instruction as it was when the withdrawal was requested.',
      },
    ),
  }),
  description: Type.Union([Type.String(), Type.Null()]),
  endToEndId: Type.Union([Type.String(), Type.Null()], {
    description: 'PIX end-to-end id (32 characters), from PROCESSING on; null for crypto.',
  }),
  ...quoted,
  reversedBy: ReversedBy,
  onChain: onChainField(
    'The payout on chain, for a withdrawal paid by a chain rail (docs/rails.md): the transaction mined last seen, with its confirmations; null otherwise and until it is mined.',
  ),
});
