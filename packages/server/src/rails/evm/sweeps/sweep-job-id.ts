import type { EvmNetwork } from '../../../config/rails-config.js';

/** The sweep job of a network (a fixed id, like the watcher's and the payouts'). */
export function sweepJobId(network: EvmNetwork): string {
  return `job_00EVMSWEEPS0${network === 'ETHEREUM' ? '00000000000001' : '00000000000002'}`;
}
