import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { AmountString } from '../../../lib/money.js';
import { PixKeySchema } from './pix-payment.schema.js';
import { Id, strict } from '../../operation-common.schema.js';

/**
 * `POST /v1/operations/pixPayment`: to a key (`pixKey` + `amount`) or to a copy-and-paste code
 * (`brCode`, `amount` only when the code has none, or equal to it). Exactly one of `pixKey` and
 * `brCode` is stated as a `oneOf` for the document; a body that breaks only that rule reaches the
 * service, whose 400 names both fields (plugins/validation.ts rethrowUnlessOnlyOneOf).
 */
export const PixPaymentBody = Type.Object(
  {
    accountId: Id('acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR'),
    amount: Type.Optional(AmountString()),
    pixKey: Type.Optional(PixKeySchema),
    brCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'A static PIX copy-and-paste code (EMV BR Code).',
      }),
    ),
    description: Type.Optional(FreeText(140)),
  },
  {
    ...strict,
    oneOf: [{ required: ['pixKey', 'amount'] }, { required: ['brCode'] }],
    examples: [
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        amount: '150.00',
        pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
        description: 'Rent, November',
      },
      {
        accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        brCode:
          '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
        amount: '25.00',
      },
    ],
  },
);
export type PixPaymentBody = Static<typeof PixPaymentBody>;
