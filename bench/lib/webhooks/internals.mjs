// Deep imports of the built server that the package's index does not export. A benchmark may
// reach inside (they are stable enough for this); keeping them in one file makes a rename show
// up here, once, instead of as a confusing failure half-way through a run.
export { deliveryHeaders } from '../../../packages/server/dist/webhooks/signing/signing.js';
export { recordEvent } from '../../../packages/server/dist/webhooks/events/record-event.js';
export { JobQueue } from '../../../packages/server/dist/jobs/job-queue.js';
export { dialectFor } from '../../../packages/server/dist/db/dialect.js';
export { transact } from '../../../packages/server/dist/db/transact.js';
