import type { RailsConfig } from '../config/rails-config.js';
import type { Rail, RailDeps } from './rail.js';

/**
 * The rails the configuration names (docs/rails.md), built once by the composition root
 * (environment-parts.ts). A rail's own checks of its configuration (an xpub that is not an
 * account-level node, a key file that does not parse) throw here, so the process does not start.
 *
 * A rail's module is imported only when the rail is configured: the EVM rail brings viem (some
 * 450 modules), which was a quarter of every start-up's time, sandbox included; the PIX rail's
 * own modules are another ~15 ms (docs/performance.md "Start-up").
 */
export async function buildRails(config: RailsConfig, deps: RailDeps): Promise<Rail[]> {
  const rails: Rail[] = [];
  if (config.evm) {
    const { evmRail } = await import('./evm/evm-rail.js');
    rails.push(evmRail(config.evm, deps));
  }
  if (config.pix) {
    const { pixRail } = await import('./pix/pix-rail.js');
    rails.push(pixRail(config.pix, deps));
  }
  return rails;
}
