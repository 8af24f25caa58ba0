/**
 * The public surface of modules/pix/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { lookupRecipient } from './lookup-recipient.js';
export type {
  DirectoryEntry,
  PixBank,
  PixDirectory,
  PixHolder,
  PixRecipient,
} from './pix-directory.js';
export { checkPixKey, parseBareKey } from './pix-key.js';
export type { PixKey } from './pix-key.js';
export { pixKeysRoutes } from './pix-keys.routes.js';
export { PixRecipientSchema } from './pix-keys.schemas.js';
export type { PixKeyRow, PixKeysTable } from './pix-keys.table.js';
export {
  findPixKey,
  removePixKey,
  storedPixDirectory,
  upsertPixKey,
} from './stored-pix-directory.js';
