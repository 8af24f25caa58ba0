import type { EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import { BALANCE_BATCH, type EvmNode } from '../evm-node.js';

/** Addresses read per page; balance calls in flight at once: one JSON-RPC batch. */
const PAGE = 500;
const PARALLEL = BALANCE_BATCH;

/**
 * Σ balanceOf(token) at `block` over every cofre deposit address of the network (any asset's:
 * a token sent to another asset's address is still cofre's, and is credited), paged by address
 * so memory stays flat however many there are, a batch of calls at a time (evm-node.ts sends
 * them as one JSON-RPC batch). Calls rather than a multicall: that needs a Multicall3 contract,
 * which a private chain may lack.
 */
export async function depositAddressBalances(
  db: Db,
  node: EvmNode,
  input: { network: EvmNetwork; tokens: readonly string[]; block: number },
): Promise<Map<string, bigint>> {
  const totals = new Map(input.tokens.map((t) => [t, 0n]));
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('rail_evm_addresses')
      .select('address')
      .where('network', '=', input.network)
      .where('address', '>', after)
      .orderBy('address')
      .limit(PAGE)
      .execute();
    const calls = page.flatMap((row) =>
      input.tokens.map((token) => ({ token, holder: row.address })),
    );
    for (let i = 0; i < calls.length; i += PARALLEL) {
      const batch = calls.slice(i, i + PARALLEL);
      const balances = await Promise.all(
        batch.map((c) => node.tokenBalanceAt(c.token, c.holder, input.block)),
      );
      batch.forEach((c, j) => totals.set(c.token, totals.get(c.token)! + balances[j]!));
    }
    if (page.length < PAGE) return totals;
    after = page.at(-1)!.address;
  }
}

/**
 * Payouts signed or sent whose transfer is mined with success at or below `block` (in a block
 * the chain still has): their tokens have left the hot wallet while their holds still count.
 */
export async function minedBy(
  node: EvmNode,
  inFlight: readonly { operationId: string; asset: string; amount: bigint; hashes: string[] }[],
  block: number,
): Promise<Map<string, bigint>> {
  const left = new Map<string, bigint>();
  for (const payout of inFlight) {
    for (const hash of payout.hashes) {
      const receipt = await node.receipt(hash);
      if (!receipt || receipt.status !== 'success' || receipt.blockNumber > block) continue;
      if ((await node.block(receipt.blockNumber))?.hash !== receipt.blockHash) continue;
      left.set(payout.asset, (left.get(payout.asset) ?? 0n) + payout.amount);
      break;
    }
  }
  return left;
}
