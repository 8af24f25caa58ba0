/**
 * The public surface of jobs/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { isJobKind, JOB_KINDS } from './job-kinds.js';
export type { JobKind } from './job-kinds.js';
export { JobQueue } from './job-queue.js';
export { JobSignal } from './job-signal.js';
export { emptyKindStats, jobStats } from './job-stats.js';
export type { JobStats, KindStats } from './job-stats.js';
export { jobStep } from './job-step.js';
export { ensureStandingJob } from './standing-job.js';
export { JobWorker } from './job-worker.js';
export type { JobHandler, StopOptions } from './job-worker.js';
export { JOB_PRIORITY } from './jobs.table.js';
export type { Job, JobsTable, NewJob } from './jobs.table.js';
export { busiestQueues, countJobs, listJobs, retryParkedJob } from './operator-jobs.js';
export type { JobFilter, JobSummary } from './operator-jobs.js';
export { listenForJobs } from './pg-listener.js';
