import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { jobHealth } from './jobs.admin.js';
import { JobHealth } from './jobs.admin.schemas.js';

/**
 * The job queue's health for the back-office (docs/admin.md "Jobs and deliveries"): what
 * `cofre jobs stats` prints and the `cofre_jobs*` metrics export (docs/metrics.md), read by the
 * same function, over HTTP for an operator without database access.
 */
export const jobsAdminRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  /** COFRE_METRICS_OVERDUE_MS: when a due job counts as overdue. */
  overdueMs: number;
}> = async (app, deps) => {
  app.get(
    '/admin/v1/jobs/stats',
    {
      schema: {
        tags: [ADMIN_TAG],
        security: [{ adminToken: [] }],
        summary: 'Job counts by kind and state, overdue and parked jobs, webhook delivery backlog',
        description:
          'The figures of `cofre jobs stats` and of the cofre_jobs* metrics (docs/metrics.md), from the same read, each count bounded at 10,000 rows (truncated says when a count is a lower bound). Parked jobs are re-queued with `cofre jobs retry` (database access).',
        response: { 200: JobHealth, ...problemResponses(401) },
      },
    },
    async () => jobHealth(deps.db, { now: deps.clock.now(), overdueMs: deps.overdueMs }),
  );
};
