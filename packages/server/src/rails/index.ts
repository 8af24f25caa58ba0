export type { Rail, RailDeps, RailWorkerDeps } from './rail.js';
export { RailStartError } from './rail.js';
export { routeFunding, routeOperatorGuard, routeScheduler } from './rail-router.js';
export { buildRails } from './build-rails.js';
