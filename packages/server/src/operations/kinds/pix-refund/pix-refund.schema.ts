import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AmountString } from '../../../lib/money.js';
import { operationCommon, strict } from '../../operation-common.schema.js';

/** The PIX deposit refunded, by its id in the path. */
export const PixRefundParams = Type.Object(
  { operationId: Type.String({ minLength: 1, maxLength: 64 }) },
  strict,
);
export type PixRefundParams = Static<typeof PixRefundParams>;

export const PixRefundBody = Type.Object(
  {
    amount: Type.Optional(
      AmountString({
        description:
          'How much to return, in BRL (decimal string). Defaults to everything that remains refundable (the received amount minus refunds COMPLETED or in flight).',
        examples: ['25.00'],
      }),
    ),
    reason: FreeText(140, {
      description:
        'Why the money is returned, free text shown on the refund (`refundReason`), e.g. "Order cancelled by the buyer".',
      examples: ['Order 1187 cancelled by the buyer'],
    }),
  },
  { ...strict, examples: [{ amount: '25.00', reason: 'Order 1187 cancelled by the buyer' }] },
);
export type PixRefundBody = Static<typeof PixRefundBody>;

/** A PIX_REFUND operation as the API shows it. */
export const PixRefundOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('PIX_REFUND'),
  originalOperationId: Type.String({
    description: 'The PIX deposit this refund returns money of.',
    examples: ['op_01JD6Q3W8ZK2C1V7R4X9B5N0AR'],
  }),
  refundReason: Type.String({ description: 'The `reason` given when it was requested.' }),
  endToEndId: Type.Union([Type.String(), Type.Null()], {
    description:
      'The devolução id (32 characters, starting with `D`), from PROCESSING on; null before.',
  }),
});
