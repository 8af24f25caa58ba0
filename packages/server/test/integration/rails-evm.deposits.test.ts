import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { railDeepReorgs } from '../../src/observability/metrics.js';
import {
  activeCryptoAccount,
  evmRailEnv,
  evmWorld,
  send,
  signedTransfer,
  startRails,
  TEST_CONFIRMATIONS,
  watch,
  type EvmWorld,
} from '../helpers/evm/evm-rail-world.js';
import { TEST_DEPOSIT_ADDRESSES } from '../helpers/evm/hd-fixture.js';
import { startLocalChain, type LocalChain } from '../helpers/evm/local-chain.js';
import { transferToken } from '../helpers/evm/token-actions.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  type OperationBody,
} from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { lateBound } from '../helpers/world.js';

interface FundingInstruction {
  asset: string;
  rail: string;
  network: string;
  address: string;
}

// Issue 25: USDT/USDC deposits settle by themselves on a real (in-process) EVM chain — each
// transfer to an account's derived address is credited once, after the configured
// confirmations, across reorgs (docs/rails.md "Money arriving", "Reorgs").
describe.each(ENGINES)('EVM rail deposits on %s', (engine) => {
  let chain: LocalChain | undefined;
  let made: EvmWorld | undefined;
  const world = lateBound('EVM world', () => made);
  let app: TestApp | undefined;
  const t = lateBound('test app', () => app);
  const clock = new ManualClock();
  let token: string;
  let subscriptionId: string;
  beforeAll(async () => {
    chain = await startLocalChain();
    made = await evmWorld(chain);
    app = await createTestApp(engine, {
      clock,
      env: evmRailEnv(made),
      // The subscription's host, as public DNS would answer it (production refuses local URLs).
      resolve: () => Promise.resolve(['93.184.216.34']),
    });
    await startRails(app);
    token = (await app.customer('Chain customer')).token;
    const subscription = await app.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://hooks.example.com/cofre', includeAll: true },
    });
    expect(subscription.statusCode, subscription.body).toBe(201);
    subscriptionId = subscription.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app?.close();
    await chain?.close();
  });

  const fundingOf = async (accountId: string, asset: string): Promise<FundingInstruction> => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/fundingInstructions`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ data: FundingInstruction[] }>().data.find((f) => f.asset === asset);
    expect(found, `${asset} funding instruction`).toBeDefined();
    return found!;
  };
  const units = (amount: string) => BigInt(amount.replace('.', ''));
  const available = async (accountId: string, asset: string) =>
    (await balancesOf(t, token, accountId)).find((b) => b.asset === asset)?.available ?? '0.000000';

  it('gives each account and asset its own derived address, the same every time', async () => {
    const first = await activeCryptoAccount(t, token);
    const second = await activeCryptoAccount(t, token);
    const a = await fundingOf(first, 'USDT');
    const b = await fundingOf(second, 'USDT');
    const c = await fundingOf(first, 'USDC');
    expect(a).toMatchObject({ rail: 'CRYPTO', network: 'ETHEREUM' });
    // Children of the test xpub (the vector in hd-fixture.ts) in the order first asked for: the
    // first account's USDT then USDC (0/0, 0/1), then the second's (0/2 …); EIP-55 each.
    const child = (n: number) => TEST_DEPOSIT_ADDRESSES.find(([i]) => i === n)![1];
    expect([a.address, c.address]).toEqual([child(0), child(1)]);
    expect(new Set([a.address, b.address, c.address]).size).toBe(3);
    expect(b.address).toBe(getAddress(b.address));
    expect((await fundingOf(first, 'USDT')).address).toBe(a.address);
  });

  it('credits a requested deposit once, after the confirmations, and never again', async () => {
    const accountId = await activeCryptoAccount(t, token);
    const requested = await postDeposit(t, token, {
      accountId,
      asset: 'USDT',
      amount: '25.000000',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const deposit = requested.json<OperationBody & { fundingInstruction: FundingInstruction }>();
    const address = deposit.fundingInstruction.address as Address;
    expect(address).toBe((await fundingOf(accountId, 'USDT')).address);

    const receipt = await transferToken(
      world.clients,
      world.sender.privateKey,
      world.usdt,
      address,
      units('25.000000'),
    );
    await watch(t, clock);
    const seen = await getOperation(t, token, deposit.id);
    expect(seen.status).toBe('PROCESSING');
    expect(seen.onChain).toEqual({
      network: 'ETHEREUM',
      transactionHash: receipt.transactionHash,
      logIndex: expect.any(Number) as number,
      blockNumber: Number(receipt.blockNumber),
      confirmations: 1,
    });

    await world.chain.mine(TEST_CONFIRMATIONS - 2);
    await watch(t, clock);
    const waiting = await getOperation(t, token, deposit.id);
    expect(waiting.status).toBe('PROCESSING');
    expect((waiting.onChain as { confirmations: number }).confirmations).toBe(
      TEST_CONFIRMATIONS - 1,
    );
    expect(await available(accountId, 'USDT')).toBe('0.000000');

    await world.chain.mine(1);
    await watch(t, clock);
    const done = await getOperation(t, token, deposit.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.receivedAmount).toBe('25.000000');
    // Its webhook: OPERATION_COMPLETED in the outbox, one message for the customer's subscription.
    const completed = await t.handle.db
      .selectFrom('events')
      .innerJoin('messages', 'messages.event_id', 'events.id')
      .select(['messages.subscription_id'])
      .where('events.type', '=', 'OPERATION_COMPLETED')
      .where('events.resource_id', '=', deposit.id)
      .execute();
    expect(completed).toEqual([{ subscription_id: subscriptionId }]);
    expect(await available(accountId, 'USDT')).toBe('25.000000');

    await world.chain.mine(5);
    await watch(t, clock);
    await watch(t, clock);
    expect(await available(accountId, 'USDT')).toBe('25.000000');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('makes a deposit of its own for money no deposit asked for, converted exactly', async () => {
    const accountId = await activeCryptoAccount(t, token);
    const address = (await fundingOf(accountId, 'USDC')).address as Address;
    await transferToken(
      world.clients,
      world.sender.privateKey,
      world.usdc,
      address,
      // 18 decimals here: 7.25 USDC and 1e-18 more, which cofre's 6 decimals cannot hold.
      7_250_000n * 10n ** 12n + 1n,
    );
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);
    expect(await available(accountId, 'USDC')).toBe('7.250000');
    const list = await t.as(token, { method: 'GET', url: `/v1/operations?accountId=${accountId}` });
    const ops = list.json<{ data: OperationBody[] }>().data;
    expect(ops.map((op) => [op.type, op.status, op.asset, op.amount])).toEqual([
      ['DEPOSIT', 'COMPLETED', 'USDC', '7.250000'],
    ]);
    // What the 6 decimals cannot hold is kept on the transfer, in token units.
    const transfer = await t.handle.db
      .selectFrom('rail_evm_transfers')
      .select(['remainder', 'token_amount'])
      .where('to_address', '=', address.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({ remainder: '1', token_amount: '7250000000000000001' });
  });

  it('never credits a transfer a reorg removed, and credits it once when it is mined again', async () => {
    const accountId = await activeCryptoAccount(t, token);
    const requested = await postDeposit(t, token, { accountId, asset: 'USDT', amount: '3.000000' });
    const deposit = requested.json<OperationBody & { fundingInstruction: FundingInstruction }>();
    const address = deposit.fundingInstruction.address as Address;
    const before = await world.chain.snapshot();
    const transfer = await signedTransfer(world, world.usdt, address, units('3.000000'));
    await send(world, transfer.raw);
    await world.chain.mine(TEST_CONFIRMATIONS - 2);
    await watch(t, clock);
    expect((await getOperation(t, token, deposit.id)).status).toBe('PROCESSING');

    // The fork: the transfer's block and those after it are replaced by longer empty ones.
    await world.chain.revert(before);
    await world.chain.mine(TEST_CONFIRMATIONS + 2);
    await watch(t, clock);
    const unseen = await getOperation(t, token, deposit.id);
    expect(unseen.status).toBe('PROCESSING');
    expect(unseen.onChain).toBeNull();
    expect(await available(accountId, 'USDT')).toBe('0.000000');

    // The same signed transfer, mined again in another block: the same transfer, credited once.
    await send(world, transfer.raw);
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);
    await watch(t, clock);
    const done = await getOperation(t, token, deposit.id);
    expect(done.status).toBe('COMPLETED');
    expect((done.onChain as { transactionHash: string }).transactionHash).toBe(transfer.hash);
    expect(await available(accountId, 'USDT')).toBe('3.000000');
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('never reverses a credited transfer a deeper reorg removed: it counts it and logs an error', async () => {
    const accountId = await activeCryptoAccount(t, token);
    const address = (await fundingOf(accountId, 'USDT')).address as Address;
    const before = await world.chain.snapshot();
    await transferToken(
      world.clients,
      world.sender.privateKey,
      world.usdt,
      address,
      units('2.000000'),
    );
    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);
    expect(await available(accountId, 'USDT')).toBe('2.000000');
    const counted = async () =>
      (await railDeepReorgs.get()).values.find((v) => v.labels.rail === 'evm:ETHEREUM')?.value ?? 0;
    const deepBefore = await counted();

    await world.chain.revert(before);
    await world.chain.mine(TEST_CONFIRMATIONS + 3);
    await watch(t, clock);
    expect(await counted()).toBe(deepBefore + 1);
    expect(await available(accountId, 'USDT')).toBe('2.000000');
    const transfer = await t.handle.db
      .selectFrom('rail_evm_transfers')
      .select('status')
      .where('to_address', '=', address.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('CREDITED');
  });

  it('stops a worker whose node reports another chain id than COFRE_EVM_CHAIN_ID', async () => {
    const other = await startLocalChain({ chainId: 1 });
    const wrong = await createTestApp(engine, { clock, env: evmRailEnv(world, other.url) });
    try {
      await expect(startRails(wrong)).rejects.toThrow(
        /COFRE_EVM_CHAIN_ID is 31337, but the node at COFRE_EVM_RPC_URL reports chain id 1/,
      );
    } finally {
      await wrong.close();
      await other.close();
    }
  });
});
