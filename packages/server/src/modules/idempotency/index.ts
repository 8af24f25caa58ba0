/**
 * The public surface of modules/idempotency/: code outside src/modules/idempotency/ imports only this file (the layer
 * rules, packages/server/.dependency-cruiser.cjs, checked by test/unit/architecture.layers.test.ts).
 */
export { IdempotencyKeyHeaders } from './idempotency.schemas.js';
export { IdempotencyService } from './idempotency.service.js';
export type { CompleteIdempotent } from './idempotency.service.js';
export type { IdempotencyKeysTable } from './idempotency.table.js';
export { idempotent } from './idempotent-route.js';
