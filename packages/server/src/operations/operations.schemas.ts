import { Type, type Static } from '@sinclair/typebox';
import { metadataFilterProperty } from '../lib/metadata-query.js';
import { ListQuery, Page } from '../lib/pagination.js';
import { ASSETS } from '../lib/money.js';
import { DateTimeInput, StringEnum } from '../lib/schema.js';
import { OPERATION_STATUSES, OPERATION_TYPES } from './operation-states.js';
import {
  AssetSchema as Asset,
  Iso,
  externalReferenceText,
  operationCommon as common,
} from './operation-common.schema.js';
import { OrderOperation } from './kinds/order/order.schema.js';
import { PixPaymentOperation } from './kinds/pix-payment/pix-payment.schema.js';
import { PixRefundOperation } from './kinds/pix-refund/pix-refund.schema.js';
import { ReversalOperation } from './kinds/reversal/reversal.schema.js';
import { SwapOperation } from './kinds/swap/swap.schema.js';
import { TransferOperation } from './kinds/transfer/transfer.schema.js';

export const FundingInstruction = Type.Union([
  Type.Object({
    rail: Type.Literal('PIX'),
    keyType: Type.Literal('EVP'),
    key: Type.String(),
    brCode: Type.String({ description: 'PIX copy-and-paste (EMV BR Code) for this amount.' }),
    expiresAt: Iso,
  }),
  Type.Object({
    rail: Type.Literal('CRYPTO'),
    network: Type.String(),
    address: Type.String(),
    expiresAt: Iso,
  }),
]);

/** The quote a cross-asset deposit or withdrawal consumed, as the operation shows it. */
const quoted = {
  quoteId: Type.Union([Type.String(), Type.Null()], {
    description: 'The quote this operation consumed; null when no conversion.',
  }),
  conversion: Type.Union(
    [
      Type.Object({
        sourceAsset: Asset,
        sourceAmount: Type.String({
          description: 'Paid in the source asset, conversion fees included.',
        }),
        targetAsset: Asset,
        targetAmount: Type.String({ description: 'Received in the target asset.' }),
        effectiveRate: Type.Object({
          value: Type.String({ description: '`quote` per 1 `base`, as quoted.' }),
          base: Asset,
          quote: Asset,
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        "The quote's conversion, locked when requested: a withdrawal's source is what the account pays (its target is `asset`/`amount`), a deposit's target is what the account is credited (its source is `asset`/`amount`). Null without a quote.",
    },
  ),
};

/** The back-office's REVERSAL of a deposit or withdrawal (docs/admin.md "Reversals"). */
const ReversedBy = Type.Union([Type.String(), Type.Null()], {
  description: 'The REVERSAL operation that compensated this one; null unless reversed.',
});

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
});

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
});

export const Operation = Type.Union(
  [
    DepositOperation,
    WithdrawalOperation,
    SwapOperation,
    OrderOperation,
    PixPaymentOperation,
    TransferOperation,
    PixRefundOperation,
    ReversalOperation,
  ],
  { $id: 'Operation' },
);
export type Operation = Static<typeof Operation>;

/**
 * A filter with several allowed values: the parameter repeated (`type=A&type=B`, the OpenAPI
 * default `style: form, explode: true`), any of them; one value alone is a list of one.
 */
const AnyOf = <T extends string>(values: readonly T[], what: string) =>
  Type.Optional(
    Type.Array(StringEnum(values, { maxLength: 64 }), {
      minItems: 1,
      maxItems: values.length,
      uniqueItems: true,
      description: `Only operations with one of these ${what}: repeat the parameter for several.`,
    }),
  );

export const ListOperationsQuery = ListQuery({
  type: AnyOf(OPERATION_TYPES, 'types'),
  status: AnyOf(OPERATION_STATUSES, 'statuses'),
  asset: AnyOf(ASSETS, 'assets'),
  accountId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only operations of this account.' }),
  ),
  externalReference: Type.Optional(
    Type.String({
      ...externalReferenceText,
      description:
        'Only the operation created with this external reference (exact match; at most one).',
    }),
  ),
  createdAtFrom: Type.Optional(
    DateTimeInput({ description: 'Only operations created at or after this time (inclusive).' }),
  ),
  createdAtTo: Type.Optional(
    DateTimeInput({ description: 'Only operations created before this time (exclusive).' }),
  ),
  ...metadataFilterProperty,
});
export type ListOperationsQuery = Static<typeof ListOperationsQuery>;

export const OperationPage = Page(Type.Ref(Operation));

export const OperationParams = Type.Object({
  operationId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const StandingFundingInstruction = Type.Union([
  Type.Object({
    asset: Type.Literal('BRL'),
    rail: Type.Literal('PIX'),
    keyType: Type.Literal('EVP'),
    key: Type.String(),
    brCode: Type.String({ description: 'PIX copy-and-paste without an amount.' }),
  }),
  Type.Object({
    asset: StringEnum(['USDT', 'USDC', 'BTC'] as const),
    rail: Type.Literal('CRYPTO'),
    network: Type.String(),
    address: Type.String(),
  }),
]);
export const FundingInstructionList = Type.Object({ data: Type.Array(StandingFundingInstruction) });
