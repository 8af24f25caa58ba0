/**
 * The internal seam: pieces of the server below its public surface (index.ts) that the
 * benchmarks in bench/ drive directly, to fill a queue or time one transaction without an HTTP
 * round trip. Imported as `@cofre/server/internals`. Nothing outside bench/ and the tests uses
 * it, and it is not an API for integrators; it exists so that a bench never deep-imports a
 * file path that a refactor moves (issue 17, point 5). A rename here breaks the type check and
 * test/unit/internals.seam.test.ts, not a benchmark half-way through a run.
 */
export { deliveryHeaders } from './webhooks/signing/signing.js';
export { recordEvent } from './webhooks/events/record-event.js';
export { JobQueue } from './jobs/job-queue.js';
export { transact } from './db/transact.js';
export { backfillSubscriptionHealth } from './db/migrations/0013-delivery-observability.js';
// The worker's half of the outbox: one event's fan-out into messages and attempt jobs.
export { expandEvent, findFanOutEvent } from './webhooks/events/fan-out.js';
