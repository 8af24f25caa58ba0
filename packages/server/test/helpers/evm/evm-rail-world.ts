import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.js';
import { JobSignal } from '../../../src/jobs/job-signal.js';
import { createJobRunner } from '../../../src/worker.js';
import { ADMIN_ENV, asAdmin } from '../admin.js';
import { runDueJobs } from '../run-due-jobs.js';
import type { TestApp } from '../test-app.js';
import { deploySixDecimalToken, type TestToken } from './deploy-test-token.js';
import { TEST_XPUB } from './hd-fixture.js';
import type { LocalChain } from './local-chain.js';
import { mintToken } from './token-actions.js';
import { testClients, type TestClients } from './test-clients.js';

/** Confirmations the rail tests ask for: small, so a test mines few blocks. */
export const TEST_CONFIRMATIONS = 3;
/** The watcher's poll interval in these tests (a ManualClock advances it). */
export const TEST_POLL_MS = 1_000;

/** A chain with USDT and USDC (6 decimals each) and a sender holding plenty of both. */
export interface EvmWorld {
  chain: LocalChain;
  clients: TestClients;
  usdt: TestToken;
  usdc: TestToken;
  sender: { address: Address; privateKey: Hex };
}

export async function evmWorld(chain: LocalChain): Promise<EvmWorld> {
  const clients = testClients(chain.url, chain.chainId);
  const deployer = chain.accounts[0]!;
  const sender = chain.accounts[1]!;
  const usdt = await deploySixDecimalToken(clients, deployer.privateKey, 'USDT');
  const usdc = await deploySixDecimalToken(clients, deployer.privateKey, 'USDC');
  for (const token of [usdt, usdc]) {
    await mintToken(clients, deployer.privateKey, token, sender.address, 10n ** 15n);
  }
  return { chain, clients, usdt, usdc, sender };
}

/** A production deployment whose USDT and USDC settle on `rpcUrl` (the chain, or a proxy to it). */
export function evmRailEnv(world: EvmWorld, rpcUrl = world.chain.url): Record<string, string> {
  return {
    ...ADMIN_ENV,
    COFRE_ENVIRONMENT: 'production',
    COFRE_EVM_RPC_URL: rpcUrl,
    COFRE_EVM_CHAIN_ID: String(world.chain.chainId),
    COFRE_EVM_NETWORK: 'ETHEREUM',
    COFRE_EVM_TOKENS: `USDT=${world.usdt.address},USDC=${world.usdc.address}`,
    COFRE_EVM_CONFIRMATIONS: String(TEST_CONFIRMATIONS),
    COFRE_EVM_DEPOSIT_XPUB: TEST_XPUB,
    COFRE_EVM_POLL_MS: String(TEST_POLL_MS),
  };
}

/** What a worker does at start for the rails: checks the node, queues the watcher. */
export async function startRails(t: TestApp): Promise<void> {
  const runner = createJobRunner({
    config: t.config,
    db: t.handle.db,
    engine: t.handle.engine,
    clock: t.clock,
    signal: new JobSignal(),
    logger: t.app.log,
  });
  try {
    for (const rail of runner.rails) {
      await rail.startWorker({
        db: t.handle.db,
        queue: runner.queue,
        clock: t.clock,
        logger: t.app.log,
        leaseMs: t.config.worker.leaseMs,
      });
    }
  } finally {
    await runner.close();
  }
}

/** One poll of the watcher later: it reads up to the node's head (as many runs as that takes). */
export async function watch(t: TestApp, clock: ManualClock): Promise<void> {
  clock.advance(TEST_POLL_MS);
  await runDueJobs(t);
}

/** An ACTIVE account of the customer in USDT and USDC (the operator activates it in production). */
export async function activeCryptoAccount(t: TestApp, token: string): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING', assets: ['USDT', 'USDC'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accountId = res.json<{ id: string }>().id;
  for (const asset of ['USDT', 'USDC']) {
    const activated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/assets/${asset}/activate`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
  }
  return accountId;
}

/** A token transfer signed now and not yet sent: the same bytes can be sent again after a reorg. */
export async function signedTransfer(
  world: EvmWorld,
  token: TestToken,
  to: Address,
  amount: bigint,
): Promise<{ raw: Hex; hash: Hex }> {
  const account = world.clients.wallet(world.sender.privateKey).account;
  const nonce = await world.clients.public.getTransactionCount({
    address: account.address,
    blockTag: 'latest',
  });
  const fees = await world.clients.public.estimateFeesPerGas();
  const raw = await account.signTransaction({
    chainId: world.chain.chainId,
    type: 'eip1559',
    nonce,
    to: token.address,
    value: 0n,
    gas: 100_000n,
    maxFeePerGas: fees.maxFeePerGas * 2n,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  });
  return { raw, hash: keccak256(raw) };
}

export async function send(world: EvmWorld, raw: Hex): Promise<void> {
  await world.clients.public.sendRawTransaction({ serializedTransaction: raw });
}
