/** The rates room of the back-office: its routes and the service they are handed. */
export { ratesRoutes } from './rates.routes.js';
export { RatesAdmin } from './rates.service.js';
