import { Type, type Static } from '@sinclair/typebox';
import { AmountString, ASSETS } from '../../lib/money.js';
import { StringEnum } from '../../lib/schema.js';
import { FeesSchema } from '../../pricing/index.js';

const Asset = StringEnum(ASSETS, { description: 'Asset code.' });
const Iso = Type.String({ format: 'date-time' });

export const CreateQuoteBody = Type.Object(
  {
    accountId: Type.String({
      minLength: 1,
      maxLength: 64,
      examples: ['acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
    }),
    sourceAsset: Asset,
    targetAsset: Asset,
    sourceAmount: Type.Optional(
      AmountString({
        description: 'What the account pays, fees included. Exactly one of the two.',
      }),
    ),
    targetAmount: Type.Optional(
      AmountString({ description: 'What the account receives. Exactly one of the two.' }),
    ),
  },
  {
    additionalProperties: false,
    // Exactly one of the two amounts, stated so generators and validators know it. The route
    // answers a body that breaks only this rule with the service's own codes
    // (MUTUALLY_EXCLUSIVE_AMOUNTS, MISSING_AMOUNT), not INVALID_DATA.
    oneOf: [{ required: ['sourceAmount'] }, { required: ['targetAmount'] }],
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        sourceAsset: 'BRL',
        targetAsset: 'USDT',
        sourceAmount: '1000.00',
      },
    ],
  },
);
export type CreateQuoteBody = Static<typeof CreateQuoteBody>;

export const Quote = Type.Object(
  {
    id: Type.String({ examples: ['quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR'] }),
    accountId: Type.String(),
    sourceAsset: Asset,
    targetAsset: Asset,
    sourceAmount: Type.String({
      description:
        'Decimal string the account pays, fees included: exactly what the ledger debits.',
    }),
    targetAmount: Type.String({
      description: 'Decimal string the account receives: exactly what the ledger credits.',
    }),
    effectiveRate: Type.Object(
      {
        value: Type.String({
          description:
            'The rate applied: `quote` per 1 `base`. targetAmount = ⌊(sourceAmount − fees) × value⌋ in target minor units (from a sourceAmount), or sourceAmount is the least that reaches targetAmount (from a targetAmount).',
        }),
        base: Asset,
        quote: Asset,
      },
      { additionalProperties: false },
    ),
    fees: FeesSchema,
    expiresAt: Iso,
    consumedAt: Type.Union([Iso, Type.Null()], {
      description: 'When an operation used the quote; null while unused.',
    }),
    operationId: Type.Union([Type.String(), Type.Null()], {
      description: 'The operation that used the quote.',
    }),
    createdAt: Iso,
  },
  { $id: 'Quote' },
);
export type Quote = Static<typeof Quote>;

export const QuoteParams = Type.Object({ quoteId: Type.String({ minLength: 1, maxLength: 64 }) });
