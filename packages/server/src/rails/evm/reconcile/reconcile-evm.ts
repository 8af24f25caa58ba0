import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import type { RailReconciliation } from '../../rail.js';
import type { EvmNode } from '../evm-node.js';
import type { PayoutToken } from '../payouts/payout-context.js';
import { nodeErrorText } from '../node-error-text.js';
import { depositAddressBalances, minedBy } from './chain-side.js';
import { compareAsset } from './compare-asset.js';
import { readLedgerSide } from './ledger-side.js';

export interface ReconcileContext {
  db: Db;
  clock: Clock;
  node: EvmNode;
  rail: string;
  network: EvmNetwork;
  chainId: number;
  confirmations: number;
  tokens(): Promise<ReadonlyMap<EvmAsset, PayoutToken>>;
  /** The hot wallet's address from its key, when the wallet has not signed yet (no row). */
  hotWallet(): string | undefined;
}

/**
 * One reconciliation of the EVM rail (docs/rails.md "Reconciliation"). The database is read
 * first, in one snapshot that gives the watcher's cursor B; then the chain, every balance at
 * block B, where every transfer the records know of is, and none they do not. Only when the
 * watcher is less than the confirmations behind the node's head: every payout the records call
 * CONFIRMED was mined at most head − confirmations + 1 ≤ B, so the chain at B already shows it
 * gone. Reads only; a node that fails or the watcher behind gives NOT_COMPARED with the reason.
 */
export async function reconcileEvm(ctx: ReconcileContext): Promise<RailReconciliation> {
  const at = ctx.clock.now();
  const report = (fields: Pick<RailReconciliation, 'outcome' | 'reason' | 'block' | 'assets'>) => ({
    id: newId('reconciliation', at),
    rail: ctx.rail,
    network: ctx.network,
    at,
    ...fields,
  });
  const notCompared = (reason: string, block: number | null = null) =>
    report({ outcome: 'NOT_COMPARED', reason, block, assets: [] });
  try {
    const chainId = await ctx.node.chainId();
    if (chainId !== ctx.chainId)
      return notCompared(`the node reports chain id ${chainId}, not ${ctx.chainId}`);
    const tokens = await ctx.tokens();
    const ledger = await readLedgerSide(ctx.db, ctx.network, [...tokens.keys()]);
    const block = ledger.cursor;
    if (block === null) return notCompared('the watcher has not read a block yet');
    const head = await ctx.node.head();
    if (head - block >= ctx.confirmations) {
      return notCompared(
        `the watcher is ${head - block} blocks behind the node (confirmations ${ctx.confirmations}); compared once it catches up`,
        block,
      );
    }
    const contracts = [...tokens.values()].map((t) => t.contract);
    const atDeposits = await depositAddressBalances(ctx.db, ctx.node, {
      network: ctx.network,
      tokens: contracts,
      block,
    });
    const hotWallet = ledger.hotWallet ?? ctx.hotWallet()?.toLowerCase();
    const left = await minedBy(ctx.node, ledger.inFlight, block);
    const assets = [];
    for (const [asset, token] of tokens) {
      assets.push(
        compareAsset({
          asset,
          token,
          records: ledger.assets.get(asset)!,
          leaving: left.get(asset) ?? 0n,
          depositAddresses: atDeposits.get(token.contract)!,
          hotWallet: hotWallet
            ? await ctx.node.tokenBalanceAt(token.contract, hotWallet, block)
            : 0n,
        }),
      );
    }
    const matched = assets.every(
      (a) => a.differenceMinor === '0' && /^-?[0.]+$/.test(a.difference),
    );
    return report({ outcome: matched ? 'MATCHED' : 'DIFFERENT', reason: null, block, assets });
  } catch (error) {
    return notCompared(`the node failed: ${nodeErrorText(error)}`);
  }
}
