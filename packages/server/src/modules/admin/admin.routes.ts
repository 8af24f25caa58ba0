import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AdminServices } from './admin-services.js';
import { accountsRoutes } from './accounts/index.js';
import { auditLogRoutes } from './audit-log/index.js';
import { clientsRoutes } from './clients/index.js';
import { customersRoutes } from './customers/index.js';
import { instructionsRoutes } from './instructions/index.js';
import { jobsRoutes } from './jobs/index.js';
import { listsRoutes } from './lists/index.js';
import { operationsRoutes } from './operations/index.js';
import { pixKeysRoutes } from './pix-keys/index.js';
import { railsRoutes } from './rails/index.js';
import { ratesRoutes } from './rates/index.js';

/**
 * Every room of the back-office: one route plugin per admin resource, each in its folder with
 * its schemas and service. In this order /openapi.json lists their paths, and so the console's
 * generated types (packages/console/src/generated/admin-openapi.ts): a new room goes last.
 */
const ROOMS: FastifyPluginAsyncTypebox<AdminServices>[] = [
  customersRoutes,
  clientsRoutes,
  instructionsRoutes,
  accountsRoutes,
  operationsRoutes,
  auditLogRoutes,
  listsRoutes,
  jobsRoutes,
  pixKeysRoutes,
  ratesRoutes,
  railsRoutes,
];

/**
 * The back-office API (docs/admin.md), registered by app.ts inside the /admin/v1 scope behind
 * plugins/admin-auth.ts, only when COFRE_ADMIN_TOKEN is set — and so in /openapi.json only
 * then, under the ADMIN_TAG tag with the `adminToken` scheme (admin-route.ts): a server
 * without the token does not advertise an operator surface. Each room is handed its service,
 * built once by app.ts (adminServices); every action is audited in its own transaction
 * (audited.ts).
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminServices> = async (app, services) => {
  for (const room of ROOMS) await app.register(room, services);
};
