/** The jobs room of the back-office: its route and the service it is handed. */
export { JobsAdmin } from './job-health.js';
export { jobsRoutes } from './jobs.routes.js';
