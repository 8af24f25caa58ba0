import { Type } from '@sinclair/typebox';
import { operationCommon } from '../operation-common.schema.js';

/** A PIX_PAYMENT operation as the API shows it (placeholder until it lands, issue 8). */
export const PixPaymentOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('PIX_PAYMENT'),
});
