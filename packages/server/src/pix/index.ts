/**
 * The public surface of pix/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { parseBrCode } from './br-code-parse.js';
export { buildBrCode } from './br-code.js';
export { newEndToEndId } from './end-to-end-id.js';
export { keyTypeOf } from './key-type.js';
export {
  FUNDING_KEY_TYPES,
  standingInstruction,
  type FundingKeyType,
  type StandingInstruction,
} from './funding-keys.js';
