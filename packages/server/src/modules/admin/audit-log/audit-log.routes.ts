import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { ADMIN_ROUTE } from '../admin-route.js';
import { AuditLogPage, AuditLogQuery } from './audit-log.schemas.js';
import type { AuditLog } from './audit-log.service.js';

/** Every admin action, with who took it and the subject before and after (docs/admin.md). */
export const auditLogRoutes: FastifyPluginAsyncTypebox<{ auditLog: AuditLog }> = async (
  app,
  { auditLog },
) => {
  app.get(
    '/admin/v1/auditLog',
    {
      schema: {
        ...ADMIN_ROUTE,
        summary: 'Every admin action, newest first by default (paginated like every list)',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...problemResponses(400, 401) },
      },
    },
    async (request) => auditLog.list(request.query),
  );
};
