import type { Address } from 'viem';
import type { PayoutContext } from '../payouts/payout-context.js';
import { FUNDING_GAS, type Sweep } from './sweeps.repository.js';

/** The hot wallet's coin transfer of `funding_value` wei to the sweep's address. */
export function signFunding(
  ctx: PayoutContext,
  sweep: Sweep,
  nonce: number,
  fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<`0x${string}`> {
  return ctx.wallet!.signTransaction({
    chainId: ctx.chainId,
    type: 'eip1559',
    nonce,
    to: sweep.address as Address,
    value: BigInt(sweep.funding_value),
    gas: FUNDING_GAS,
    ...fee,
  });
}
