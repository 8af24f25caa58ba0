/**
 * The public surface of modules/admin/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type { AdminActionsTable } from './admin-actions.table.js';
export { adminListRoutes } from './admin-lists.routes.js';
export { OperatorLists } from './admin-lists.service.js';
export { adminRoutes } from './admin.routes.js';
export { AdminService } from './admin.service.js';
export { jobsAdminRoutes } from './jobs.admin.routes.js';
export { pixKeysAdminRoutes } from './pix-keys.admin.routes.js';
export { ratesAdminRoutes } from './rates.admin.routes.js';
