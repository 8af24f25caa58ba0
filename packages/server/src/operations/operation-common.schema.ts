import { Type } from '@sinclair/typebox';
import { MetadataView } from '../lib/metadata.js';
import { ASSETS } from '../lib/money.js';
import { StringEnum } from '../lib/schema.js';
import { FeesSchema } from '../pricing/index.js';
import { OPERATION_STATUSES } from './operation-states.js';

/** Pieces every operation type's schema shares (operations.schemas.ts, kinds/*.schema.ts). */
export const strict = { additionalProperties: false } as const;
export const Id = (example: string) =>
  Type.String({ minLength: 1, maxLength: 64, examples: [example] });
export const AssetSchema = StringEnum(ASSETS, { description: 'Asset code.' });
export const Iso = Type.String({ format: 'date-time' });
export const ReasonSchema = Type.Union([
  Type.Object({ code: Type.String(), message: Type.String() }),
  Type.Null(),
]);

/**
 * An external reference's form (docs/api.md "External references"): printable ASCII that is safe
 * in a URL query, a log line and a CSV cell without escaping; an order number, an invoice id or a
 * prefixed UUID fits in 64.
 */
export const externalReferenceText = {
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9._:/-]+$',
} as const;

/** The fields of every operation, whatever its type. */
export const operationCommon = {
  id: Type.String({ examples: ['op_01JD6Q3W8ZK2C1V7R4X9B5N0AR'] }),
  status: StringEnum(OPERATION_STATUSES, {
    description: 'REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).',
  }),
  accountId: Type.String(),
  asset: AssetSchema,
  amount: Type.String({ description: 'Decimal string, as requested.' }),
  fees: FeesSchema,
  reason: ReasonSchema,
  states: Type.Array(
    Type.Object({ status: StringEnum(OPERATION_STATUSES), reason: ReasonSchema, at: Iso }),
    { description: 'Every state reached, oldest first.' },
  ),
  metadata: MetadataView,
  externalReference: Type.Union([Type.String(), Type.Null()], {
    description:
      'The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given.',
  }),
  createdAt: Iso,
  updatedAt: Iso,
};

/** The optional quote of a cross-asset deposit or withdrawal. */
export const QuoteIdField = (description: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description,
      examples: ['quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
    }),
  );
