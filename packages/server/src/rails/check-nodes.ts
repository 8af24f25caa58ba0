import type { FastifyBaseLogger } from 'fastify';
import type { RailsConfig } from '../config/rails-config.js';

/**
 * `cofre api`'s start-up check of the configured rails' outside systems (a worker checks them
 * when it starts its rail jobs): a node on another chain than configured stops the process.
 */
export async function checkRailNodes(
  config: RailsConfig,
  logger: FastifyBaseLogger,
): Promise<void> {
  if (config.evm) {
    // Imported here, not at the top: viem is loaded only where the rail is configured (build-rails.ts).
    const [{ checkEvmNode }, { evmNode }] = await Promise.all([
      import('./evm/evm-rail.js'),
      import('./evm/evm-node.js'),
    ]);
    await checkEvmNode(config.evm, evmNode(config.evm.rpcUrl), logger);
  }
}
