import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseAbiItem } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  approvedWallet,
  fundHotWallet,
  fundedCryptoAccount,
  TEST_CONFIRMATIONS,
  watch,
} from '../helpers/evm/evm-rail-world.js';
import { useEvmRail } from '../helpers/evm/use-evm-rail.js';
import { TEST_HOT_WALLET_KEY } from '../helpers/evm/hd-fixture.js';

import { startRpcProxy } from '../helpers/evm/rpc-proxy.js';
import { tokenBalance } from '../helpers/evm/token-actions.js';
import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';

import { ENGINES } from '../helpers/test-db.js';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };

// Issue 25: the node goes away for 30 s in the middle of a burst of payouts (docs/rails.md "Node
// down, slow or lying"): the rail's jobs back off without parking, nothing is sent or credited
// on a guess, the API keeps answering, and everything completes once the node is back.
describe.each(ENGINES)('EVM rail with its node down on %s', (engine) => {
  const clock = new ManualClock();
  const { world, t, node } = useEvmRail(engine, { clock, node: startRpcProxy });
  let token: string;
  beforeAll(async () => {
    token = (await t.customer('Outage customer')).token;
    await fundHotWallet(world, HOT, 1_000_000_000n);
  });

  it('completes every payout of a burst once after 30 s without its node', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 50_000_000n);
    const destinations = Array.from({ length: 5 }, (_, i) =>
      getAddress(`0x6${String(i).padStart(39, '0')}`),
    );
    const ids: string[] = [];
    for (const [i, to] of destinations.entries()) {
      const beneficiary = await approvedWallet(t, token, to);
      const res = await postWithdrawal(t, token, {
        accountId,
        asset: 'USDT',
        amount: `${i + 1}.000000`,
        beneficiary,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<OperationBody>().id);
      // The node goes away after the second request: the rest are requested while it is down.
      if (i === 1) {
        await watch(t, clock);
        await node.stop();
      }
    }
    for (let second = 0; second < 30; second += 5) {
      clock.advance(5_000);
      await watch(t, clock);
    }
    const jobs = await t.handle.db
      .selectFrom('jobs')
      .select(['kind', 'failed_at'])
      .where('kind', 'in', ['rail.evm.watch', 'rail.evm.payouts'])
      .execute();
    expect(jobs.map((job) => job.failed_at)).toEqual([null, null]);
    expect((await getOperation(t, token, ids[4]!)).status).toBe('REQUESTED');

    await node.start();
    // The jobs' backoff reached its cap (a minute) while the node was away.
    clock.advance(60_000);
    for (let round = 0; round < 3; round++) {
      await watch(t, clock);
      await world.chain.mine(TEST_CONFIRMATIONS);
    }
    await watch(t, clock);
    for (const [i, id] of ids.entries()) {
      expect((await getOperation(t, token, id)).status, `withdrawal ${i}`).toBe('COMPLETED');
      const logs = await world.clients.public.getLogs({
        address: world.usdt.address,
        event: TRANSFER,
        args: { from: HOT.address, to: destinations[i]! },
        fromBlock: 0n,
      });
      expect(logs, `payouts to ${destinations[i]}`).toHaveLength(1);
      expect(await tokenBalance(world.clients, world.usdt, destinations[i]!)).toBe(
        BigInt(i + 1) * 1_000_000n,
      );
    }
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
