export type { Rail, RailDeps, RailWorkerDeps } from './rail.js';
export { RailStartError } from './rail.js';
export { routeFunding, routeOperatorGuard, routeScheduler } from './rail-router.js';
export { buildRails } from './build-rails.js';
export type {
  AssetReconciliation,
  PayoutWait,
  RailHealth,
  RailJobHealth,
  RailReconciliation,
  RailState,
} from './rail.js';
export { PAYOUT_WAITS, RAIL_STATES } from './rail.js';
export type { RailReconcileOptions } from './rail.js';
export {
  PIX_DIFFERENCE_KINDS,
  type PixDayReport,
  type PixDifference,
  type PixDifferenceKind,
} from './pix/report/pix-day-report.js';
export { spiDay, lastCompleteDay } from './pix/report/spi-day.js';
export { latestReconciliation } from './rail-reconciliations.repository.js';
export {
  RECONCILIATION_OUTCOMES,
  type ReconciliationOutcome,
} from './rail-reconciliations.table.js';
export { railFigures } from './rail-figures.js';
export { operatorRails } from './operator-rails.js';
export { checkRailNodes } from './check-nodes.js';
