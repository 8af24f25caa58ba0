import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { Job, JobQueue } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import { railDeepReorgs } from '../../../observability/metrics.js';
import { ownersOf } from '../evm-addresses.repository.js';
import type { BlockHeader, EvmNode, TransferLog } from '../evm-node.js';
import {
  dropBlocksAbove,
  moveCursor,
  pruneBlocksBelow,
  readChain,
  storeBlocks,
} from './chain-state.repository.js';
import { CREDITS_PER_RUN, creditConfirmed, unseeAbove } from './credit-transfers.js';
import { findFork } from './find-fork.js';
import { recordSightings, type AddressOwner, type WatchedToken } from './record-transfers.js';

/** Blocks kept above the confirmation depth, so a reorg just past it is still seen. */
const STORED_MARGIN = 16;

export interface WatchContext {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  node: EvmNode;
  network: EvmNetwork;
  chainId: number;
  confirmations: number;
  leaseMs: number;
  /** Token contract (lower-case) → asset and decimals, read from the contracts once. */
  tokens(): Promise<ReadonlyMap<string, WatchedToken>>;
  /** Blocks read per run now; halved after a failed read (a provider's cap), doubled back up. */
  range: { now: number; max: number };
}

export type WatchOutcome = 'caught-up' | 'more' | 'lost';

/** The node reports another chain than configured: nothing is read or credited from it. */
export class WrongChainError extends Error {
  override readonly name = 'WrongChainError';
}

/**
 * One run of the watcher (docs/rails.md "Money arriving", "Reorgs"): the chain's id, the reorg
 * check, then the next blocks' transfers recorded and the confirmed ones credited, all writes in
 * one transaction fenced by the job's lease. The node is read before the transaction, never
 * during it. Returns whether blocks remain to read ('more'), or 'lost' when another worker holds
 * the job now (this run wrote nothing).
 */
export async function watchOnce(ctx: WatchContext, job: Job): Promise<WatchOutcome> {
  const chainId = await ctx.node.chainId();
  if (chainId !== ctx.chainId) {
    throw new WrongChainError(
      `the node at COFRE_EVM_RPC_URL reports chain id ${chainId}, not COFRE_EVM_CHAIN_ID ${ctx.chainId}`,
    );
  }
  const tokens = await ctx.tokens();
  const head = await ctx.node.head();
  const window = ctx.confirmations + STORED_MARGIN;
  const fork = await findFork(ctx.db, ctx.node, ctx.network, window);
  if (fork.kind !== 'same')
    return rewind(ctx, job, fork.kind === 'fork' ? fork.at : fork.below - 1, head);

  const chain = await readChain(ctx.db, ctx.network);
  const cursor = chain?.cursor_block ?? null;
  const from = cursor === null ? await firstBlock(ctx, head) : cursor + 1;
  const to = Math.min(head, from + ctx.range.now - 1);
  const read = from <= to ? await readBlocks(ctx, { from, to, head, window, tokens }) : undefined;
  if (read === 'changed') return 'more';

  const at = ctx.clock.now();
  const deps = { queue: ctx.queue, network: ctx.network };
  let credited = 0;
  const written = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    if (read) {
      await recordSightings(tx, deps, { logs: read.logs, tokens, owners: read.owners, head, at });
      await storeBlocks(tx.trx, ctx.network, read.headers);
    }
    await moveCursor(tx.trx, ctx.network, { cursor: read ? to : (cursor ?? from - 1), head, at });
    credited = await creditConfirmed(tx, deps, { head, confirmations: ctx.confirmations, at });
    await pruneBlocksBelow(tx.trx, ctx.network, head - window + 1);
    return true;
  });
  if (!written) return 'lost';
  // Blocks left to read, or a full batch of credits (more may be confirmed): run again at once.
  return to < head || credited === CREDITS_PER_RUN ? 'more' : 'caught-up';
}

/**
 * Blocks from..to: their transfers to cofre's addresses, and the headers of those within the
 * stored window, checked to link to each other and to the stored cursor block. 'changed' when
 * the chain moved under the read (a header missing or unlinked, a log from another block with
 * that number): the next run's reorg check sorts it out.
 */
async function readBlocks(
  ctx: WatchContext,
  input: {
    from: number;
    to: number;
    head: number;
    window: number;
    tokens: ReadonlyMap<string, WatchedToken>;
  },
): Promise<
  { logs: TransferLog[]; owners: Map<string, AddressOwner>; headers: BlockHeader[] } | 'changed'
> {
  const keepFrom = Math.max(input.from, input.head - input.window + 1);
  const headers: BlockHeader[] = [];
  for (let n = keepFrom; n <= input.to; n++) {
    const header = await ctx.node.block(n);
    if (!header) return 'changed';
    const previous = headers.at(-1);
    if (previous && header.parentHash !== previous.hash) return 'changed';
    headers.push(header);
  }
  let logs: TransferLog[];
  try {
    logs = await ctx.node.transfers([...input.tokens.keys()], input.from, input.to);
    ctx.range.now = Math.min(ctx.range.max, ctx.range.now * 2);
  } catch (error) {
    ctx.range.now = Math.max(1, Math.floor(ctx.range.now / 2));
    throw error;
  }
  const byNumber = new Map(headers.map((h) => [h.number, h.hash]));
  if (logs.some((log) => (byNumber.get(log.blockNumber) ?? log.blockHash) !== log.blockHash)) {
    return 'changed';
  }
  const recipients = [...new Set(logs.map((log) => log.to))];
  const owners = new Map<string, AddressOwner>();
  for (let i = 0; i < recipients.length; i += 500) {
    for (const row of await ownersOf(ctx.db, ctx.network, recipients.slice(i, i + 500))) {
      owners.set(row.address, { accountId: row.account_id, customerId: row.customer_id });
    }
  }
  return { logs: logs.filter((log) => owners.has(log.to)), owners, headers };
}

/** A reorg: un-see what was seen above `fork`, forget those blocks, read again from there. */
async function rewind(
  ctx: WatchContext,
  job: Job,
  fork: number,
  head: number,
): Promise<WatchOutcome> {
  const at = ctx.clock.now();
  const written = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    const unseen = await unseeAbove(tx, ctx.network, { fork, at });
    await dropBlocksAbove(tx.trx, ctx.network, fork);
    await moveCursor(tx.trx, ctx.network, { cursor: fork, head, at });
    ctx.logger.warn(
      { network: ctx.network, fork, head, vanished: unseen.vanished },
      'EVM rail: reorg, blocks above the fork read again',
    );
    if (unseen.deep.length > 0) {
      railDeepReorgs.inc({ rail: `evm:${ctx.network}` }, unseen.deep.length);
    }
    for (const deep of unseen.deep) {
      ctx.logger.error(
        { network: ctx.network, ...deep },
        'EVM rail: a credited transfer is no longer on the chain (reorg deeper than COFRE_EVM_CONFIRMATIONS); not reversed, see reconciliation',
      );
    }
    return true;
  });
  return written ? 'more' : 'lost';
}

/** Seconds of clock difference between cofre and the chain allowed for when starting. */
const START_MARGIN_SECONDS = 600;

/**
 * Where a network's first run starts (docs/rails.md "Money arriving"): no deposit can have been
 * sent before cofre gave out its first address there, so from the last block before that moment
 * (found by its timestamp, less a margin for clocks that disagree); with no address given out
 * yet, from the next block. Later runs go on from the cursor.
 */
async function firstBlock(ctx: WatchContext, head: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('rail_evm_addresses')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('network', '=', ctx.network)
    .executeTakeFirst();
  const first = row?.first === null || row?.first === undefined ? undefined : Number(row.first);
  if (first === undefined) return head + 1;
  const before = Math.floor(first / 1000) - START_MARGIN_SECONDS;
  // The highest block stamped before `before` (binary search: about log2(head) lookups, once).
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const block = await ctx.node.block(middle);
    if (block && block.timestamp < before) low = middle;
    else high = middle - 1;
  }
  return low;
}
