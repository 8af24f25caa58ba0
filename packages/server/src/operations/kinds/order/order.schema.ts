import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../../lib/money.js';
import { RateString } from '../../../lib/rate.js';
import { DateTimeInput, FreeText, StringEnum } from '../../../lib/schema.js';
import { ORDER_SIDES } from '../../../pricing/index.js';
import { AssetSchema, Id, operationCommon, strict } from '../../operation-common.schema.js';

/** A MARKET order fills at once at the current price; a LIMIT order waits for its price. */
export const ORDER_TYPES = ['MARKET', 'LIMIT'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** An ORDER operation as the API shows it (docs/api.md "Orders"). */
export const OrderOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('ORDER'),
  side: StringEnum(ORDER_SIDES, { description: 'BUY or SELL the base asset.' }),
  orderType: StringEnum(ORDER_TYPES, {
    description: 'MARKET fills at once; LIMIT stays PROCESSING until its limitPrice is reached.',
  }),
  baseAsset: AssetSchema,
  quoteAsset: AssetSchema,
  limitPrice: Nullable(
    Type.String({ description: 'LIMIT: quote asset per one base asset; null for MARKET.' }),
  ),
  expiresAt: Nullable(
    Type.String({ format: 'date-time', description: 'LIMIT: when an unfilled order fails.' }),
  ),
  executedPrice: Nullable(
    Type.String({ description: 'The price it filled at (quote per base), once COMPLETED.' }),
  ),
  notional: Type.String({
    description:
      'Quote-asset value of `amount` at the fill price (an open LIMIT: at its limitPrice, what its hold covers).',
  }),
  description: Nullable(Type.String()),
});

export const OrderBody = Type.Object(
  {
    accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
    side: StringEnum(ORDER_SIDES),
    baseAsset: AssetSchema,
    quoteAsset: AssetSchema,
    type: StringEnum(ORDER_TYPES),
    amount: AmountString({ description: 'Decimal string of the BASE asset to buy or sell.' }),
    limitPrice: Type.Optional(
      RateString({ description: 'LIMIT only (required): quote asset per one base asset.' }),
    ),
    expiresAt: Type.Optional(
      DateTimeInput({
        description: 'LIMIT only: in the future, at most 30 days ahead; default 24 h from now.',
      }),
    ),
    description: Type.Optional(FreeText(140)),
  },
  {
    ...strict,
    // A LIMIT order needs limitPrice; a MARKET order takes neither limitPrice nor expiresAt.
    // Stated for the document; the route lets the service name a breach (order-terms.ts).
    oneOf: [
      // `{ not: {} }`: the member must be absent (the boolean schema `false`, spelt for tools).
      {
        properties: { type: { const: 'MARKET' }, limitPrice: { not: {} }, expiresAt: { not: {} } },
      },
      { properties: { type: { const: 'LIMIT' } }, required: ['limitPrice'] },
    ],
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        side: 'BUY',
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'LIMIT',
        amount: '100.00',
        limitPrice: '5.40',
        description: 'Treasury: buy USDT at 5.40 or better',
      },
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        side: 'BUY',
        baseAsset: 'USDT',
        quoteAsset: 'BRL',
        type: 'MARKET',
        amount: '100.00',
      },
    ],
  },
);
export type OrderBody = Static<typeof OrderBody>;
