/**
 * The public surface of modules/admin/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type { AdminActionsTable } from './admin-actions.table.js';
export { adminRoutes } from './admin.routes.js';
export { adminServices } from './admin-services.js';
export type { AdminDeps, AdminServices } from './admin-services.js';
