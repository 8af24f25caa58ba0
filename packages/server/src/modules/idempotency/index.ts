/**
 * The public surface of modules/idempotency/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { IdempotencyKeyHeaders } from './idempotency.schemas.js';
export { IdempotencyService, recordsAnswer } from './idempotency.service.js';
export type { CompleteIdempotent, IdempotentSteps } from './idempotency.service.js';
export type { IdempotencyKeysTable } from './idempotency.table.js';
export { idempotent, idempotentInTransaction } from './idempotent-route.js';
