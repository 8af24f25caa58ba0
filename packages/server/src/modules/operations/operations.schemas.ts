import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../lib/money.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { StringEnum } from '../../lib/schema.js';
import { OPERATION_STATUSES, OPERATION_TYPES } from './operation-states.js';
import {
  AssetSchema as Asset,
  Id,
  Iso,
  operationCommon as common,
  strict,
} from './operation-common.schema.js';
import { OrderOperation } from './kinds/order.schema.js';
import { PixPaymentOperation } from './kinds/pix-payment.schema.js';
import { SwapOperation } from './kinds/swap.schema.js';

export const DepositBody = Type.Object(
  { accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'), asset: Asset, amount: AmountString() },
  {
    ...strict,
    examples: [{ accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR', asset: 'BRL', amount: '1250.00' }],
  },
);
export type DepositBody = Static<typeof DepositBody>;

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
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
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

export const DepositOperation = Type.Object({
  ...common,
  type: Type.Literal('DEPOSIT'),
  fundingInstruction: FundingInstruction,
  receivedAmount: Type.Union([Type.String(), Type.Null()], {
    description: 'What arrived and was credited, once COMPLETED.',
  }),
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
});

export const Operation = Type.Union(
  [DepositOperation, WithdrawalOperation, SwapOperation, OrderOperation, PixPaymentOperation],
  { $id: 'Operation' },
);
export type Operation = Static<typeof Operation>;

export const ListOperationsQuery = ListQuery({
  type: Type.Optional(StringEnum(OPERATION_TYPES)),
  status: Type.Optional(StringEnum(OPERATION_STATUSES)),
  accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
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
