import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { BlockHeader } from '../evm-node.js';

/** The watcher's cursor and the head it last saw. */
export async function readChain(db: Db | Trx, network: EvmNetwork) {
  return db
    .selectFrom('rail_evm_chains')
    .select(['cursor_block', 'head_block', 'head_seen_at'])
    .where('network', '=', network)
    .executeTakeFirst();
}

export async function moveCursor(
  trx: Trx,
  network: EvmNetwork,
  input: { cursor: number; head: number; at: number },
): Promise<void> {
  await trx
    .updateTable('rail_evm_chains')
    .set({
      cursor_block: input.cursor,
      head_block: input.head,
      head_seen_at: input.at,
      updated_at: input.at,
    })
    .where('network', '=', network)
    .execute();
}

/** The stored blocks from the newest down, at most `limit` (the reorg check walks them). */
export async function newestBlocks(db: Db | Trx, network: EvmNetwork, limit: number) {
  return db
    .selectFrom('rail_evm_blocks')
    .select(['number', 'hash'])
    .where('network', '=', network)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
}

/** Stores read blocks (a number read again after a reorg gets its new hash). */
export async function storeBlocks(trx: Trx, network: EvmNetwork, blocks: readonly BlockHeader[]) {
  for (const block of blocks) {
    await trx
      .insertInto('rail_evm_blocks')
      .values({ network, number: block.number, hash: block.hash })
      .onConflict((oc) => oc.columns(['network', 'number']).doUpdateSet({ hash: block.hash }))
      .execute();
  }
}

/** Forgets the blocks above `number` (replaced by a reorg). */
export async function dropBlocksAbove(
  trx: Trx,
  network: EvmNetwork,
  number: number,
): Promise<void> {
  await trx
    .deleteFrom('rail_evm_blocks')
    .where('network', '=', network)
    .where('number', '>', number)
    .execute();
}

/** Forgets blocks below `number`: deeper than any reorg the rail waits out. */
export async function pruneBlocksBelow(
  trx: Trx,
  network: EvmNetwork,
  number: number,
): Promise<void> {
  await trx
    .deleteFrom('rail_evm_blocks')
    .where('network', '=', network)
    .where('number', '<', number)
    .execute();
}
