import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AmountString } from '../../../lib/money.js';
import {
  AssetSchema,
  Id,
  QuoteIdField,
  operationCommon,
  strict,
} from '../../operation-common.schema.js';

/** A TRANSFER operation as the API shows it (docs/api.md "Transfers"). */
export const TransferOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('TRANSFER'),
  destinationAccountId: Type.String({
    description:
      'The account credited, another of the same customer; `accountId` is the account debited.',
  }),
  destinationAsset: AssetSchema,
  destinationAmount: Type.String({
    description:
      'What the destination account is credited: `amount` for a same-asset transfer, the quote’s `targetAmount` with a quote.',
    examples: ['1250.00'],
  }),
  quoteId: Type.Union([Type.String(), Type.Null()], {
    description: 'The quote this transfer consumed (a cross-asset transfer); null without.',
  }),
  conversion: Type.Union(
    [
      Type.Object({
        sourceAsset: AssetSchema,
        sourceAmount: Type.String({
          description: 'Debited from the source account, conversion fees included (= `amount`).',
        }),
        targetAsset: AssetSchema,
        targetAmount: Type.String({ description: 'Credited to the destination account.' }),
        effectiveRate: Type.Object({
          value: Type.String({ description: '`quote` per 1 `base`, as quoted.' }),
          base: AssetSchema,
          quote: AssetSchema,
        }),
      }),
      Type.Null(),
    ],
    { description: "The quote's conversion, exactly as quoted; null for a same-asset transfer." },
  ),
  description: Type.Union([Type.String(), Type.Null()]),
});

/** `POST /v1/operations/transfer`. */
export const TransferBody = Type.Object(
  {
    accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
    destinationAccountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AS'),
    asset: Type.Optional(AssetSchema),
    amount: Type.Optional(
      AmountString({ description: 'With `asset`: moved 1:1 from the source to the destination.' }),
    ),
    quoteId: QuoteIdField(
      'Instead of `asset` and `amount`: a quote of the source account (POST /v1/quotes); its source amount is debited from the source account, its target amount credited to the destination. Consumed by this request.',
    ),
    description: Type.Optional(FreeText(140)),
  },
  {
    ...strict,
    // Exactly one way to say what moves, stated so generators and validators know it; a body
    // that breaks only this rule is answered with the transfer's own 400 (transfer-terms.ts).
    oneOf: [{ required: ['asset', 'amount'] }, { required: ['quoteId'] }],
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        destinationAccountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
        asset: 'BRL',
        amount: '250.00',
        description: 'To savings',
      },
    ],
  },
);
export type TransferBody = Static<typeof TransferBody>;
