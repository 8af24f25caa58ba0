import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { ADMIN_ROUTE } from '../admin-route.js';
import type { JobsAdmin } from './job-health.js';
import { JobHealth } from './jobs.schemas.js';

/** The job queue's health (docs/admin.md "Jobs and deliveries"), as `cofre jobs stats` reads it. */
export const jobsRoutes: FastifyPluginAsyncTypebox<{ jobs: JobsAdmin }> = async (app, { jobs }) => {
  app.get(
    '/admin/v1/jobs/stats',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Job counts by kind and state, overdue and parked jobs, webhook delivery backlog',
        description:
          'The figures of `cofre jobs stats` and of the cofre_jobs* metrics (docs/metrics.md), from the same read, each count bounded at 10,000 rows (truncated says when a count is a lower bound). Parked jobs are re-queued with `cofre jobs retry` (database access).',
        response: { 200: JobHealth, ...problemResponses(401) },
      },
    },
    async () => jobs.health(),
  );
};
