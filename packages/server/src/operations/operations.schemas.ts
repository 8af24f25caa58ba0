import { Type, type Static } from '@sinclair/typebox';
import { metadataFilterProperty } from '../lib/metadata-query.js';
import { ListQuery, Page } from '../lib/pagination.js';
import { ASSETS } from '../lib/money.js';
import { DateTimeInput, StringEnum } from '../lib/schema.js';
import { OPERATION_STATUSES } from './operation-states.js';
import { FUNDING_KEY_TYPES } from '../pix/index.js';
import { KIND_LIFECYCLES, OPERATION_TYPES, type KindSchema } from './kinds/lifecycles.js';
import { externalReferenceText } from './operation-common.schema.js';

/**
 * An operation of any type: one member per registered kind (its schema, kinds/<kind>/), in
 * registration order, so a new kind is in the API's document by its registration alone.
 */
export const Operation = Type.Union<KindSchema[]>(
  OPERATION_TYPES.map((type) => KIND_LIFECYCLES[type].schema),
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
    keyType: StringEnum(FUNDING_KEY_TYPES),
    key: Type.String(),
    brCode: Type.Union([Type.String(), Type.Null()], {
      description:
        'PIX copy-and-paste without an amount. null in production with the PIX rail (docs/rails.md "PIX"): BRL is paid only with a deposit\'s own code, which names the deposit; a payment to the key without it cannot be attributed to the account.',
    }),
  }),
  Type.Object({
    asset: StringEnum(['USDT', 'USDC', 'BTC'] as const),
    rail: Type.Literal('CRYPTO'),
    network: Type.String(),
    address: Type.String(),
  }),
]);
export const FundingInstructionList = Type.Object({ data: Type.Array(StandingFundingInstruction) });
