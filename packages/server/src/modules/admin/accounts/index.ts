/** The accounts room of the back-office: its routes and the service they are handed. */
export { accountsRoutes } from './accounts.routes.js';
export { AccountsAdmin } from './accounts.service.js';
