/**
 * The public surface of modules/idempotency/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { IdempotencyKeyHeaders } from './idempotency.schemas.js';
export { IdempotencyService } from './idempotency.service.js';
export type { CompleteIdempotent } from './idempotency.service.js';
export type { IdempotencyKeysTable } from './idempotency.table.js';
export { idempotent } from './idempotent-route.js';
