/** The rails room of the back-office: its route and the service it is handed. */
export { RailsAdmin } from './rails-admin.js';
export { railsRoutes } from './rails.routes.js';
