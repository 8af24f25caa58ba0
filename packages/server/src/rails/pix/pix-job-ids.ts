/**
 * The PIX rail's standing jobs, each under a fixed id (the shape of a job id, lib/ids.ts), so
 * every worker that starts can make sure it exists and a claim leases it to one worker at a time.
 */
export const PIX_JOB_IDS = {
  charges: 'job_000000PXCHARGES00000000001',
  inbound: 'job_0000000PXWEBH00K0000000001',
  window: 'job_00000000PXWNDW000000000001',
  refunds: 'job_00000000PXREFVNDS000000001',
  payouts: 'job_0000000PXPAY0VTS0000000001',
  report: 'job_00000PXDAYREP0RT0000000001',
} as const;
