import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { ADMIN_ROUTE } from '../admin-route.js';
import type { RailsAdmin } from './rails-admin.js';
import { RailsHealth } from './rails.schemas.js';

/** The rails' health and reconciliation (docs/admin.md "Rails"), as `cofre rails status` prints. */
export const railsRoutes: FastifyPluginAsyncTypebox<{ rails: RailsAdmin }> = async (
  app,
  { rails },
) => {
  app.get(
    '/admin/v1/rails',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: "Every rail's state, lag, payouts waiting, and newest reconciliation",
        description:
          'Per configured rail (docs/rails.md "Health", "Reconciliation", "PIX: daily report"): ok, lagging, node-failing, wrong-chain or psp-failing; the head and cursor; payouts by status and why queued ones wait; the jobs\' recorded failures; the newest reconciliation report (PIX: a day\'s Pix and refunds at the PSP against the ledger, differences by endToEndId). Read from the database: a reconciliation runs in a worker (EVM hourly; PIX daily, after 01:00 America/Sao_Paulo, for the day before), or now with `cofre rails reconcile`.',
        response: { 200: RailsHealth, ...problemResponses(401) },
      },
    },
    async () => rails.health(),
  );
};
