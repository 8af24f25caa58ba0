import type { Db } from '../../db/database.js';
import { transact } from '../../db/transact.js';
import type { Trx } from '../../db/transact.js';
import type { EvmAsset, EvmNetwork } from '../../config/rails-config.js';

export interface AssignedAddress {
  childIndex: number;
  /** Lower-case `0x…`. */
  address: string;
}

/**
 * The (account, asset)'s deposit address on `network`, assigned on first use: the network's
 * counter gives the next child index (an update that returns it, so two requests never get one
 * index, on both engines), `derive` turns it into the address, and the row is inserted unless
 * another request assigned one first — then that one is the answer and the index is skipped (a
 * gap in the child indexes costs nothing). Its own transaction: the address outlives a refused
 * deposit request, as a standing instruction should.
 */
export async function assignedAddress(
  db: Db,
  input: {
    network: EvmNetwork;
    accountId: string;
    customerId: string;
    asset: EvmAsset;
    derive: (childIndex: number) => string;
    now: number;
  },
): Promise<AssignedAddress> {
  const existing = await findAddress(db, input);
  if (existing) return existing;
  return transact(db, async (tx) => {
    const childIndex = await takeChildIndex(tx.trx, input.network, input.now);
    const address = input.derive(childIndex).toLowerCase();
    await tx.trx
      .insertInto('rail_evm_addresses')
      .values({
        network: input.network,
        account_id: input.accountId,
        asset: input.asset,
        customer_id: input.customerId,
        child_index: childIndex,
        address,
        created_at: input.now,
      })
      .onConflict((oc) => oc.columns(['network', 'account_id', 'asset']).doNothing())
      .execute();
    return (await findAddress(tx.trx, input))!;
  });
}

async function findAddress(
  db: Db | Trx,
  key: { network: EvmNetwork; accountId: string; asset: EvmAsset },
): Promise<AssignedAddress | undefined> {
  const row = await db
    .selectFrom('rail_evm_addresses')
    .select(['child_index', 'address'])
    .where('network', '=', key.network)
    .where('account_id', '=', key.accountId)
    .where('asset', '=', key.asset)
    .executeTakeFirst();
  return row && { childIndex: row.child_index, address: row.address };
}

/** The network's next child index, taken (the row is created at 0 on first use). */
async function takeChildIndex(trx: Trx, network: EvmNetwork, now: number): Promise<number> {
  await ensureChain(trx, network, now);
  const row = await trx
    .updateTable('rail_evm_chains')
    .set((eb) => ({ next_child_index: eb('next_child_index', '+', 1), updated_at: now }))
    .where('network', '=', network)
    .returning('next_child_index')
    .executeTakeFirstOrThrow();
  return row.next_child_index - 1;
}

/** The network's row, created once (a second creation does nothing). */
export async function ensureChain(trx: Db | Trx, network: EvmNetwork, now: number): Promise<void> {
  await trx
    .insertInto('rail_evm_chains')
    .values({
      network,
      next_child_index: 0,
      cursor_block: null,
      head_block: null,
      head_seen_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('network').doNothing())
    .execute();
}

/** Which of `addresses` (lower-case) are cofre's on `network`, with their owners. */
export async function ownersOf(db: Db | Trx, network: EvmNetwork, addresses: readonly string[]) {
  if (addresses.length === 0) return [];
  return db
    .selectFrom('rail_evm_addresses')
    .select(['address', 'account_id', 'customer_id', 'asset'])
    .where('network', '=', network)
    .where('address', 'in', addresses)
    .execute();
}
