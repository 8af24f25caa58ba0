import { Type } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AssetSchema, operationCommon } from '../../operation-common.schema.js';

/** A SWAP operation as the API shows it (docs/api.md "Swaps"). */
export const SwapOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('SWAP'),
  quoteId: Type.String({ description: 'The quote this swap consumed; its terms are the swap’s.' }),
  sourceAsset: AssetSchema,
  targetAsset: AssetSchema,
  sourceAmount: Type.String({
    description: 'What the account pays, fees included (= `amount`); held from creation.',
    examples: ['1000.00'],
  }),
  targetAmount: Type.String({
    description: 'What the account receives when the swap COMPLETES.',
    examples: ['184.112417'],
  }),
  effectiveRate: Type.Object(
    {
      value: Type.String({ description: '`quote` per 1 `base`, the quote’s rate.' }),
      base: AssetSchema,
      quote: AssetSchema,
    },
    { description: 'The rate the converted part (sourceAmount − fees) was priced at.' },
  ),
  description: Type.Union([Type.String(), Type.Null()]),
});

/** `POST /v1/operations/swap`. */
export const SwapBody = Type.Object(
  {
    accountId: Type.String({
      minLength: 1,
      maxLength: 64,
      examples: ['acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
    }),
    quoteId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An unexpired, unused quote of this account (POST /v1/quotes).',
      examples: ['quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
    }),
    description: Type.Optional(FreeText(140)),
  },
  {
    additionalProperties: false,
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        quoteId: 'quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        description: 'Treasury rebalance',
      },
    ],
  },
);
