import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../../lib/schema.js';
import { PIX_KEY_TYPES } from '../../../modules/beneficiaries/index.js';
import { operationCommon } from '../../operation-common.schema.js';
import { PixRecipientSchema } from '../../../modules/pix/index.js';

export const PixKeySchema = Type.Object(
  {
    keyType: StringEnum(PIX_KEY_TYPES),
    key: Type.String({ minLength: 1, maxLength: 77, examples: ['maria@example.com'] }),
  },
  { additionalProperties: false },
);

/** A PIX_PAYMENT operation as the API shows it. */
export const PixPaymentOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('PIX_PAYMENT'),
  pixKey: Type.Object({ keyType: StringEnum(PIX_KEY_TYPES), key: Type.String() }),
  // The directory's answer for the key (modules/pix), as GET /v1/pix/keys/{key} shows it.
  recipient: PixRecipientSchema,
  brCode: Type.Union([Type.String(), Type.Null()], {
    description: 'The copy-and-paste code paid, or null for a payment to a key.',
  }),
  txid: Type.Union([Type.String(), Type.Null()], {
    description: "The code's transaction id (tag 62, sub-tag 05), or null.",
  }),
  description: Type.Union([Type.String(), Type.Null()]),
  endToEndId: Type.Union([Type.String(), Type.Null()], {
    description: 'PIX end-to-end id (32 characters), from PROCESSING on.',
  }),
});
