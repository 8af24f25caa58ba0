/** The API clients room of the back-office: its routes and the service they are handed. */
export { clientsRoutes } from './clients.routes.js';
export { ClientsAdmin } from './clients.service.js';
