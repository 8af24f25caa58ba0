/** The operations room of the back-office: its routes and the service they are handed. */
export { operationsRoutes } from './operations.routes.js';
export { OperationsAdmin } from './operations.service.js';
