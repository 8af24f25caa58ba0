import { Type } from '@sinclair/typebox';
import { operationCommon } from '../operation-common.schema.js';

/** A SWAP operation as the API shows it (placeholder until it lands, issue 8). */
export const SwapOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('SWAP'),
});
