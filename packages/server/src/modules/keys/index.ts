/**
 * The public surface of modules/keys/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type { SigningKeysTable } from './signing-keys.table.js';
export { loadKeys } from './signing-keys.js';
export type { Keys, TokenKey } from './signing-keys.js';
