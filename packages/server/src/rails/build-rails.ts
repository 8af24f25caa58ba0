import type { RailsConfig } from '../config/rails-config.js';
import { evmRail } from './evm/evm-rail.js';
import { pixRail } from './pix/pix-rail.js';
import type { Rail, RailDeps } from './rail.js';

/**
 * The rails the configuration names (docs/rails.md), built once by the composition root
 * (environment-parts.ts). A rail's own checks of its configuration (an xpub that is not an
 * account-level node, a key file that does not parse) throw here, so the process does not start.
 */
export function buildRails(config: RailsConfig, deps: RailDeps): Rail[] {
  const rails: Rail[] = [];
  if (config.evm) rails.push(evmRail(config.evm, deps));
  if (config.pix) rails.push(pixRail(config.pix, deps));
  return rails;
}
