import type { FundingSource, OperationScheduler, OperatorGuard } from '../operations/index.js';
import type { Rail } from './rail.js';

/**
 * Where an account receives each asset: the rail that serves the asset, or `fallback` (the
 * derived instruction the back-office settles against). One rail per asset: buildRails refuses
 * two that claim the same one.
 */
export function routeFunding(rails: readonly Rail[], fallback: FundingSource): FundingSource {
  return {
    standing(account, asset) {
      const rail = rails.find((r) => r.assets.includes(asset));
      return (rail?.funding ?? fallback).standing(account, asset);
    },
  };
}

/**
 * A requested operation goes to the rail that serves it; any other stays with `fallback` (in
 * production the back-office, which does nothing until an operator acts).
 */
export function routeScheduler(
  rails: readonly Rail[],
  fallback: OperationScheduler,
): OperationScheduler {
  return {
    requested(tx, operation) {
      const rail = rails.find((r) => r.serves(operation));
      return (rail?.scheduler ?? fallback).requested(tx, operation);
    },
  };
}

/** A back-office step on an operation a rail serves is the rail's to allow; any other goes on. */
export function routeOperatorGuard(rails: readonly Rail[]): OperatorGuard {
  return (tx, operation, step) => {
    const rail = rails.find((r) => r.serves(operation));
    return rail ? rail.operatorGuard(tx, operation, step) : Promise.resolve(undefined);
  };
}
