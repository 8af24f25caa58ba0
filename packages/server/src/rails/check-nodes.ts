import type { FastifyBaseLogger } from 'fastify';
import type { RailsConfig } from '../config/rails-config.js';
import { checkEvmNode } from './evm/evm-rail.js';
import { evmNode } from './evm/evm-node.js';

/**
 * `cofre api`'s start-up check of the configured rails' outside systems (a worker checks them
 * when it starts its rail jobs): a node on another chain than configured stops the process.
 */
export async function checkRailNodes(
  config: RailsConfig,
  logger: FastifyBaseLogger,
): Promise<void> {
  if (config.evm) await checkEvmNode(config.evm, evmNode(config.evm.rpcUrl), logger);
}
