import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseAbiItem, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { SWEEP_EVERY_MS } from '../../src/rails/evm/sweeps/sweep-context.js';
import {
  approvedWallet,
  evmRailEnv,
  fundHotWallet,
  fundedCryptoAccount,
  startRails,
  TEST_CONFIRMATIONS,
  watch,
} from '../helpers/evm/evm-rail-world.js';
import { useEvmRail } from '../helpers/evm/use-evm-rail.js';
import { TEST_HOT_WALLET_KEY } from '../helpers/evm/hd-fixture.js';
import { startJsonRpcProxy } from '../helpers/evm/json-rpc-proxy.js';

import { mintToken, tokenBalance, transferToken } from '../helpers/evm/token-actions.js';
import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };
const SEND_RAW = 'eth_sendRawTransaction';

// Issue 25: deposit addresses holding at least COFRE_EVM_SWEEP_THRESHOLD (100 by default) are
// swept into the hot wallet, their gas funded by it first, once each, across a crash between
// signing and sending, while payouts go on (docs/rails.md "Sweeping").
describe.each(ENGINES)('EVM rail sweeps on %s', (engine) => {
  const clock = new ManualClock();
  const { world, t, node, keys } = useEvmRail(engine, {
    clock,
    node: startJsonRpcProxy,
    env: (files) => ({ COFRE_EVM_DEPOSIT_XPRV_FILE: files.xprvFile }),
  });
  let token: string;
  beforeAll(async () => {
    token = (await t.customer('Sweep customer')).token;
    await fundHotWallet(world, HOT, 0n);
  });

  /** A poll, the blocks that confirm what it sent, and the poll that sees them. */
  const settle = async () => {
    await watch(t, clock);
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);
  };
  /**
   * Polls (with `between` before each) until `done`, a few times at most: the payouts and sweep
   * jobs hand work to each other, and which of them a worker claims first decides whether a
   * hand-over lands in this poll or the next.
   */
  const pollUntil = async (done: () => Promise<boolean>, between = async () => {}) => {
    for (let i = 0; i < 6 && !(await done()); i++) {
      await between();
      await watch(t, clock);
    }
  };
  /** A poll, then polls with blocks mined between them until no sweep is under way. */
  const sweepAll = async () => {
    await watch(t, clock);
    await pollUntil(
      async () => {
        const open = await t.handle.db
          .selectFrom('rail_evm_sweeps')
          .select('id')
          .where('status', 'not in', ['CONFIRMED', 'FAILED'])
          .execute();
        return open.length === 0;
      },
      () => world.chain.mine(TEST_CONFIRMATIONS),
    );
  };
  /** The next look for balances to sweep is due. */
  const nextLook = () => clock.advance(SWEEP_EVERY_MS);
  const depositAddress = async (accountId: string, asset: 'USDT' | 'USDC') => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/fundingInstructions`,
    });
    const funding = res.json<{ data: { asset: string; address: string }[] }>().data;
    return funding.find((f) => f.asset === asset)!.address as Address;
  };
  const sweepsOf = (address: Address) =>
    t.handle.db
      .selectFrom('rail_evm_sweeps')
      .selectAll()
      .where('address', '=', address.toLowerCase())
      .orderBy('created_at')
      .execute();
  const txsOf = (sweepId: string, leg: 'FUNDING' | 'SWEEP') =>
    t.handle.db
      .selectFrom('rail_evm_sweep_txs')
      .selectAll()
      .where('sweep_id', '=', sweepId)
      .where('leg', '=', leg)
      .execute();
  /** Token transfers out of `from` (a deposit address), as the chain has them. */
  const sentFrom = (from: Address) =>
    world.clients.public.getLogs({
      address: world.usdt.address,
      event: TRANSFER,
      args: { from },
      fromBlock: 0n,
    });
  const available = async (accountId: string, asset: string) => {
    const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/balances` });
    return res
      .json<{ data: { asset: string; available: string }[] }>()
      .data.find((b) => b.asset === asset)?.available;
  };

  it('sweeps a credited deposit above the threshold into the hot wallet, its gas funded first, the ledger untouched', async () => {
    const before = await tokenBalance(world.clients, world.usdt, HOT.address);
    const accountId = await fundedCryptoAccount(t, clock, world, token, 150_000_000n);
    const address = await depositAddress(accountId, 'USDT');
    nextLook();
    await sweepAll();

    const [sweep, ...more] = await sweepsOf(address);
    expect(more).toEqual([]);
    expect(sweep).toMatchObject({ status: 'CONFIRMED', asset: 'USDT', amount: 150_000_000n });
    expect(await tokenBalance(world.clients, world.usdt, address)).toBe(0n);
    expect(await tokenBalance(world.clients, world.usdt, HOT.address)).toBe(before + 150_000_000n);
    const [funding] = await txsOf(sweep!.id, 'FUNDING');
    const [transfer] = await txsOf(sweep!.id, 'SWEEP');
    const fundingTx = await world.clients.public.getTransactionReceipt({
      hash: funding!.hash as Hex,
    });
    const transferTx = await world.clients.public.getTransactionReceipt({
      hash: transfer!.hash as Hex,
    });
    expect(getAddress(fundingTx.from)).toBe(HOT.address);
    expect(getAddress(fundingTx.to!)).toBe(address);
    expect(fundingTx.blockNumber).toBeLessThan(transferTx.blockNumber);
    expect(transferTx.transactionHash).toBe(sweep!.tx_hash);
    // USDC (18 decimals) arrived at the account's other address and went the same way.
    const usdc = await depositAddress(accountId, 'USDC');
    expect(await tokenBalance(world.clients, world.usdc, usdc)).toBe(0n);
    // House-only: the customer's money is where it was.
    expect(await available(accountId, 'USDT')).toBe('150.000000');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('sweeps nothing more when it looks again, and leaves a balance under the threshold', async () => {
    const small = await fundedCryptoAccount(t, clock, world, token, 50_000_000n);
    const smallAddress = await depositAddress(small, 'USDT');
    const count = async () =>
      Number(
        (
          await t.handle.db
            .selectFrom('rail_evm_sweeps')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sweeps = await count();
    nextLook();
    await settle();
    nextLook();
    await settle();
    expect(await count()).toBe(sweeps);
    expect(await sweepsOf(smallAddress)).toEqual([]);
    expect(await tokenBalance(world.clients, world.usdt, smallAddress)).toBe(50_000_000n);
  });

  it('leaves the tokens of a transfer still waiting for confirmations, and sweeps them once credited', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 150_000_000n);
    const address = await depositAddress(accountId, 'USDT');
    await transferToken(world.clients, world.sender.privateKey, world.usdt, address, 200_000_000n);
    await watch(t, clock); // seen, one confirmation of three
    nextLook();
    await watch(t, clock);
    const [first] = await sweepsOf(address);
    expect(first).toMatchObject({ token_amount: '150000000', amount: 150_000_000n });
    await sweepAll();
    expect((await sweepsOf(address)).map((s) => s.status)).toEqual(['CONFIRMED']);
    expect(await tokenBalance(world.clients, world.usdt, address)).toBe(200_000_000n);

    nextLook();
    await sweepAll();
    const [, second] = await sweepsOf(address);
    expect(second).toMatchObject({ status: 'CONFIRMED', token_amount: '200000000' });
    expect(await tokenBalance(world.clients, world.usdt, address)).toBe(0n);
    expect(await sentFrom(address)).toHaveLength(2);
  });

  it('sends the same signed bytes once after the node refused them between signing and sending', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 200_000_000n);
    const address = await depositAddress(accountId, 'USDT');
    nextLook();
    // The intent, and the hot wallet's funding sent.
    await pollUntil(async () => (await sweepsOf(address))[0]?.status === 'FUNDING_SENT');
    const [queued] = await sweepsOf(address);
    expect(queued?.status).toBe('FUNDING_SENT');

    node.refuse(SEND_RAW);
    const refusedBefore = node.calls(SEND_RAW);
    await world.chain.mine(TEST_CONFIRMATIONS);
    // Funded: the transfer is signed and stored, its broadcast refused.
    await pollUntil(async () => (await sweepsOf(address))[0]?.status === 'SIGNED');
    const [signed] = await sweepsOf(address);
    expect(signed?.status).toBe('SIGNED');
    const stored = await txsOf(signed!.id, 'SWEEP');
    expect(stored).toHaveLength(1);
    expect(node.calls(SEND_RAW)).toBeGreaterThan(refusedBefore);
    expect(await sentFrom(address)).toHaveLength(0);

    node.pass(SEND_RAW);
    clock.advance(60_000); // past the job's backoff
    await runDueJobs(t);
    await sweepAll();
    const [done] = await sweepsOf(address);
    expect(done?.status).toBe('CONFIRMED');
    const sameBytes = (rows: typeof stored) => rows.map((r) => ({ hash: r.hash, raw: r.raw }));
    expect(sameBytes(await txsOf(done!.id, 'SWEEP'))).toEqual(sameBytes(stored));
    const out = await sentFrom(address);
    expect(out).toHaveLength(1);
    expect(out[0]!.transactionHash).toBe(stored[0]!.hash);
    expect(await tokenBalance(world.clients, world.usdt, address)).toBe(0n);
  });

  it("sends the hot wallet's stored funding once after the node refused it", async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 120_000_000n);
    const address = await depositAddress(accountId, 'USDT');
    node.refuse(SEND_RAW);
    nextLook();
    // The intent; the funding signed and stored, its broadcast refused.
    await pollUntil(async () => (await sweepsOf(address))[0]?.status === 'FUNDING_SIGNED');
    const [signed] = await sweepsOf(address);
    expect(signed?.status).toBe('FUNDING_SIGNED');
    const stored = await txsOf(signed!.id, 'FUNDING');
    expect(stored).toHaveLength(1);

    node.pass(SEND_RAW);
    clock.advance(60_000); // past the payouts job's backoff
    await runDueJobs(t);
    await sweepAll();
    const [done] = await sweepsOf(address);
    expect(done?.status).toBe('CONFIRMED');
    expect((await txsOf(done!.id, 'FUNDING')).map((r) => r.hash)).toEqual([stored[0]!.hash]);
    const funding = await world.clients.public.getTransactionReceipt({
      hash: stored[0]!.hash as Hex,
    });
    expect(funding.status).toBe('success');
  });

  it('keeps paying withdrawals while sweeps run, every hot-wallet nonce used once, in a row', async () => {
    await mintToken(
      world.clients,
      world.chain.accounts[0]!.privateKey,
      world.usdt,
      HOT.address,
      100_000_000n,
    );
    const payer = await fundedCryptoAccount(t, clock, world, token, 300_000_000n);
    const address = await depositAddress(payer, 'USDT');
    const to = getAddress('0x7000000000000000000000000000000000000007');
    const beneficiary = await approvedWallet(t, token, to);
    const ids = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await postWithdrawal(t, token, {
          accountId: payer,
          asset: 'USDT',
          amount: '2.000000',
          beneficiary,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<OperationBody>().id;
      }),
    );
    nextLook();
    const completed = async () =>
      (await Promise.all(ids.map((id) => getOperation(t, token, id)))).every(
        (o) => o.status === 'COMPLETED',
      ) && (await sweepsOf(address)).every((s) => s.status === 'CONFIRMED');
    await pollUntil(completed, () => world.chain.mine(TEST_CONFIRMATIONS));

    for (const id of ids) expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    expect(await tokenBalance(world.clients, world.usdt, to)).toBe(10_000_000n);
    const sweeps = await sweepsOf(address);
    expect(sweeps.map((s) => s.status)).toEqual(['CONFIRMED']);
    const payoutNonces = await t.handle.db
      .selectFrom('rail_evm_payout_txs')
      .select('nonce')
      .where('operation_id', 'in', ids)
      .execute();
    const fundingNonces = await t.handle.db
      .selectFrom('rail_evm_sweep_txs as x')
      .innerJoin('rail_evm_sweeps as s', 's.id', 'x.sweep_id')
      .select('x.nonce')
      .where('x.leg', '=', 'FUNDING')
      .where('s.created_at', '>=', clock.now() - 60_000)
      .execute();
    expect(fundingNonces.length).toBeGreaterThan(0);
    const nonces = [...payoutNonces, ...fundingNonces].map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
    const mined = await world.clients.public.getTransactionCount({
      address: HOT.address,
      blockTag: 'latest',
    });
    expect(mined).toBe(nonces.at(-1)! + 1);
    expect(await available(payer, 'USDT')).toBe('290.000000');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it("queues no sweep job in a worker without the deposit addresses' keys", async () => {
    const without = await createTestApp(engine, {
      clock,
      env: {
        ...evmRailEnv(world, node.url),
        COFRE_EVM_HOT_WALLET_KEY_FILE: keys.hotWalletKeyFile,
      },
    });
    try {
      await startRails(without);
      const kinds = await without.handle.db.selectFrom('jobs').select('kind').execute();
      expect(kinds.map((k) => k.kind)).toContain('rail.evm.payouts');
      expect(kinds.map((k) => k.kind)).not.toContain('rail.evm.sweep');
    } finally {
      await without.close();
    }
  });
});
