import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseAbiItem, type Address } from 'viem';
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

import {
  mintToken,
  setTokenPaused,
  tokenBalance,
  transferToken,
} from '../helpers/evm/token-actions.js';
import { asAdmin, operatorAction } from '../helpers/admin.js';
import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';

import { ENGINES } from '../helpers/test-db.js';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };

// Issue 25: USDT withdrawals to a wallet on the rail's network are paid by the hot wallet, once
// each, with nonces from cofre's own table (docs/rails.md "Payouts").
describe.each(ENGINES)('EVM rail payouts on %s', (engine) => {
  const clock = new ManualClock();
  const { world, t } = useEvmRail(engine, { clock });
  let token: string;
  beforeAll(async () => {
    token = (await t.customer('Payout customer')).token;
  });

  const withdraw = async (
    accountId: string,
    to: Address,
    amount: string,
    asset: 'USDT' | 'USDC' = 'USDT',
  ) => {
    const beneficiary = await approvedWallet(t, token, to, asset);
    const res = await postWithdrawal(t, token, { accountId, asset, amount, beneficiary });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>().id;
  };
  /** Token transfers from the hot wallet to `to`, as the chain has them. */
  const paidTo = async (to: Address) =>
    world.clients.public.getLogs({
      address: world.usdt.address,
      event: TRANSFER,
      args: { from: HOT.address, to },
      fromBlock: 0n,
    });
  const settle = async () => {
    await watch(t, clock); // signs and sends
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock); // sees it mined and confirmed
  };

  it('pays a withdrawal once: the destination gains exactly the amount, COMPLETED with its hash', async () => {
    await fundHotWallet(world, HOT, 1_000_000_000n);
    const accountId = await fundedCryptoAccount(t, clock, world, token, 50_000_000n);
    const to = getAddress('0x1000000000000000000000000000000000000001');
    const id = await withdraw(accountId, to, '12.500000');
    await settle();
    const done = await getOperation(t, token, id);
    expect(done.status, JSON.stringify(done)).toBe('COMPLETED');
    expect(await tokenBalance(world.clients, world.usdt, to)).toBe(12_500_000n);
    const logs = await paidTo(to);
    expect(logs).toHaveLength(1);
    expect((done.onChain as { transactionHash: string }).transactionHash).toBe(
      logs[0]!.transactionHash,
    );
    await watch(t, clock);
    expect(await paidTo(to)).toHaveLength(1);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('pays 20 concurrent withdrawals with 20 consecutive nonces', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 100_000_000n);
    const to = getAddress('0x2000000000000000000000000000000000000002');
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(accountId, to, '1.000000')),
    );
    await settle();
    for (const id of ids) expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    const logs = await paidTo(to);
    expect(logs).toHaveLength(20);
    const nonces = await Promise.all(
      logs.map(
        async (log) =>
          (await world.clients.public.getTransaction({ hash: log.transactionHash })).nonce,
      ),
    );
    const sorted = [...nonces].sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, i) => sorted[0]! + i));
    expect(await tokenBalance(world.clients, world.usdt, to)).toBe(20_000_000n);
  });

  it('fails a withdrawal whose transfer is mined reverted, and gives its hold back', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 10_000_000n);
    const to = getAddress('0x3000000000000000000000000000000000000003');
    await setTokenPaused(world.clients, world.chain.accounts[0]!.privateKey, world.usdc, true);
    try {
      const id = await withdraw(accountId, to, '4.000000', 'USDC');
      await settle();
      const failed = await getOperation(t, token, id);
      expect(failed.status).toBe('FAILED');
      expect(failed.reason).toMatchObject({ code: 'PAYOUT_REVERTED' });
    } finally {
      await setTokenPaused(world.clients, world.chain.accounts[0]!.privateKey, world.usdc, false);
    }
    const balances = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/balances`,
    });
    const usdt = balances
      .json<{ data: { asset: string; available: string }[] }>()
      .data.find((b) => b.asset === 'USDC');
    expect(usdt?.available).toBe('10.000000');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  /** Moves every USDT the hot wallet holds elsewhere: it can pay nothing until funded again. */
  const drainHotWallet = async () => {
    const held = await tokenBalance(world.clients, world.usdt, HOT.address);
    if (held > 0n)
      await transferToken(
        world.clients,
        HOT.privateKey,
        world.usdt,
        world.chain.accounts[3]!.address,
        held,
      );
  };

  it('keeps a payout the hot wallet cannot fund waiting (not FAILED), and pays it once funded', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 10_000_000n);
    await drainHotWallet();
    const to = getAddress('0x4000000000000000000000000000000000000004');
    const id = await withdraw(accountId, to, '2.000000');
    await settle();
    expect((await getOperation(t, token, id)).status).toBe('REQUESTED');
    const waiting = await t.handle.db
      .selectFrom('rail_evm_payouts')
      .select(['status', 'waiting'])
      .where('operation_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: 'QUEUED', waiting: 'TOKENS' });
    expect(await paidTo(to)).toHaveLength(0);

    await mintToken(
      world.clients,
      world.chain.accounts[0]!.privateKey,
      world.usdt,
      HOT.address,
      5_000_000n,
    );
    // Draining used the hot wallet's key outside cofre, so the nonce cofre signs with first was
    // taken already: the payout is signed again with the next free one, then confirmed.
    await settle();
    await settle();
    expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    expect(await tokenBalance(world.clients, world.usdt, to)).toBe(2_000_000n);
  });

  it('lets the back-office fail a payout not signed yet, never complete one, and never sends it', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 10_000_000n);
    await drainHotWallet();
    const to = getAddress('0x5000000000000000000000000000000000000005');
    const id = await withdraw(accountId, to, '3.000000');
    await settle();
    const completed = await operatorAction(t, 'complete', id);
    expect(completed.statusCode, completed.body).toBe(409);
    expect(completed.json<{ detail: string }>().detail).toMatch(/paid by the hot wallet/);
    const failed = await operatorAction(t, 'fail', id, {
      reason: { code: 'OPERATOR', message: 'cancelled' },
    });
    expect(failed.statusCode, failed.body).toBe(200);

    await mintToken(
      world.clients,
      world.chain.accounts[0]!.privateKey,
      world.usdt,
      HOT.address,
      5_000_000n,
    );
    await settle();
    expect((await getOperation(t, token, id)).status).toBe('FAILED');
    expect(await paidTo(to)).toHaveLength(0);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses to mark a deposit of the rail received by hand', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 1_000_000n);
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId, asset: 'USDT', amount: '9.000000' },
    });
    const received = await operatorAction(t, 'receive', res.json<OperationBody>().id);
    expect(received.statusCode, received.body).toBe(409);
    expect(received.json<{ code: string }>().code).toBe('INVALID_STATE');
  });

  it('pays a cross-asset withdrawal that pays USDT out of a BRL balance, once', async () => {
    const minter = world.chain.accounts[0]!.privateKey;
    await mintToken(world.clients, minter, world.usdt, HOT.address, 20_000_000n);
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    for (const asset of ['BRL', 'USDT']) {
      const activated = await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/accounts/${accountId}/assets/${asset}/activate`,
      });
      expect(activated.statusCode, activated.body).toBe(200);
    }
    // BRL has no rail here: the back-office receives its deposit, as before.
    const deposit = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId, asset: 'BRL', amount: '1000.00' },
    });
    const received = await operatorAction(t, 'receive', deposit.json<OperationBody>().id);
    expect(received.statusCode, received.body).toBe(200);
    const rate = await asAdmin(t, {
      method: 'PUT',
      url: '/admin/v1/rates/BRL/USDT',
      payload: { rate: '0.2' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const quote = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', targetAmount: '10.000000' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const to = getAddress('0x7000000000000000000000000000000000000007');
    const beneficiary = await approvedWallet(t, token, to);
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'USDT',
      amount: '10.000000',
      beneficiary,
      quoteId: quote.json<{ id: string }>().id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<OperationBody>().id;
    // The tests above drained the hot wallet with its key outside cofre: the first nonce tried
    // may be taken, and the payout signed again with the next one.
    await settle();
    await settle();
    expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    expect((await paidTo(to)).map((log) => log.args.value)).toEqual([10_000_000n]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });
});
