import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseAbiItem } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { ManualClock } from '../../src/lib/clock.js';
import { REPLACE_AFTER_MS } from '../../src/rails/evm/payouts/payout-context.js';
import {
  approvedWallet,
  fundHotWallet,
  fundedCryptoAccount,
  TEST_CONFIRMATIONS,
  watch,
} from '../helpers/evm/evm-rail-world.js';
import { useEvmRail } from '../helpers/evm/use-evm-rail.js';
import { TEST_HOT_WALLET_KEY } from '../helpers/evm/hd-fixture.js';
import { startJsonRpcGate } from '../helpers/evm/json-rpc-gate.js';

import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';

import { ENGINES } from '../helpers/test-db.js';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };

// Issue 25: a payout not mined in time is signed again at the same nonce with higher fees
// (docs/rails.md "Payouts"). The node here accepts the first transaction and loses it, as a node
// that evicts it from its mempool would; the replacement is mined: still one payout.
describe.each(ENGINES)('EVM payout replacement on %s', (engine) => {
  const clock = new ManualClock();
  const { world, t, node } = useEvmRail(engine, { clock, node: startJsonRpcGate });
  let token: string;
  beforeAll(async () => {
    token = (await t.customer('Replacement customer')).token;
    await fundHotWallet(world, HOT, 100_000_000n);
  });

  it('signs a payout again at its nonce with higher fees, and pays it once', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 10_000_000n);
    const to = getAddress('0x8000000000000000000000000000000000000008');
    const beneficiary = await approvedWallet(t, token, to);
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'USDT',
      amount: '1.500000',
      beneficiary,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;

    node.swallowTransactions();
    await watch(t, clock); // signed and "sent": the node loses it
    await watch(t, clock); // not mined, sent again (lost again), not replaced yet
    node.release();
    clock.advance(REPLACE_AFTER_MS);
    await watch(t, clock); // not mined in time: signed again at the same nonce, sent
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);

    const txs = await t.handle.db
      .selectFrom('rail_evm_payout_txs')
      .select(['hash', 'nonce', 'max_fee_per_gas', 'max_priority_fee_per_gas'])
      .where('operation_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(txs).toHaveLength(2);
    const [first, second] = [txs[0]!, txs[1]!];
    expect(second.nonce).toBe(first.nonce);
    // Nodes take a replacement only with both fees raised by at least 10 %.
    expect(BigInt(second.max_fee_per_gas) * 10n).toBeGreaterThanOrEqual(
      BigInt(first.max_fee_per_gas) * 11n,
    );
    expect(BigInt(second.max_priority_fee_per_gas) * 10n).toBeGreaterThanOrEqual(
      BigInt(first.max_priority_fee_per_gas) * 11n,
    );
    const done = await getOperation(t, token, id);
    expect(done.status).toBe('COMPLETED');
    const logs = await world.clients.public.getLogs({
      address: world.usdt.address,
      event: TRANSFER,
      args: { from: HOT.address, to },
      fromBlock: 0n,
    });
    expect(logs.map((log) => [log.transactionHash, log.args.value])).toEqual([
      [second.hash, 1_500_000n],
    ]);
    expect((done.onChain as { transactionHash: string }).transactionHash).toBe(second.hash);
  });
});
