/** The audit log room of the back-office: its route and the service it is handed. */
export { auditLogRoutes } from './audit-log.routes.js';
export { AuditLog } from './audit-log.service.js';
