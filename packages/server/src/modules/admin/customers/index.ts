/** The customers room of the back-office: its routes and the service they are handed. */
export { customersRoutes } from './customers.routes.js';
export { CustomersAdmin } from './customers.service.js';
