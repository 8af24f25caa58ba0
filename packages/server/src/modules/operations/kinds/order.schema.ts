import { Type } from '@sinclair/typebox';
import { operationCommon } from '../operation-common.schema.js';

/** A ORDER operation as the API shows it (placeholder until it lands, issue 8). */
export const OrderOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('ORDER'),
});
