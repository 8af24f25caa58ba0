import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.js';
import { JobSignal } from '../../../src/jobs/job-signal.js';
import { createJobRunner } from '../../../src/worker.js';
import { ADMIN_ENV, asAdmin } from '../admin.js';
import { runDueJobs } from '../run-due-jobs.js';
import type { TestApp } from '../test-app.js';
import {
  deployEighteenDecimalToken,
  deploySixDecimalToken,
  type TestToken,
} from './deploy-test-token.js';
import { TEST_XPUB } from './hd-fixture.js';
import type { LocalChain } from './local-chain.js';
import { mintToken } from './token-actions.js';
import { testClients, type TestClients } from './test-clients.js';

/** Confirmations the rail tests ask for: small, so a test mines few blocks. */
export const TEST_CONFIRMATIONS = 3;
/** The watcher's poll interval in these tests (a ManualClock advances it). */
export const TEST_POLL_MS = 1_000;

/**
 * A chain with USDT (6 decimals, like Ethereum's) and USDC deployed as an 18-decimal pausable
 * token (like USDT on BNB Chain: amounts are converted exactly; pausing makes a transfer revert),
 * and a sender holding plenty of both.
 */
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
  const usdc = await deployEighteenDecimalToken(clients, deployer.privateKey, 'USDC');
  await mintToken(clients, deployer.privateKey, usdt, sender.address, 10n ** 15n);
  await mintToken(clients, deployer.privateKey, usdc, sender.address, 10n ** 27n);
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
  const runner = await createJobRunner({
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

/**
 * The hot wallet of the tests (hd-fixture.ts's key, written to a file as an operator would):
 * given gas and `tokens` minor units of USDT and of USDC, and one transaction of its own sent first — Ganache
 * runs a re-broadcast nonce-0 transaction again, and a payout must never be the wallet's first.
 */
export async function fundHotWallet(
  world: EvmWorld,
  hot: { address: Address; privateKey: Hex },
  tokens: bigint,
): Promise<void> {
  await world.chain.setBalance(hot.address, 10n ** 19n);
  const minter = world.chain.accounts[0]!.privateKey;
  if (tokens > 0n) {
    await mintToken(world.clients, minter, world.usdt, hot.address, tokens);
    await mintToken(world.clients, minter, world.usdc, hot.address, tokens * 10n ** 12n);
  }
  const first = await world.clients
    .wallet(hot.privateKey)
    .sendTransaction({ to: hot.address, value: 0n });
  await world.clients.public.waitForTransactionReceipt({ hash: first });
}

/** A beneficiary with an APPROVED wallet on ETHEREUM at `address` (the operator approves). */
export async function approvedWallet(
  t: TestApp,
  token: string,
  address: Address,
  asset: 'USDT' | 'USDC' = 'USDT',
): Promise<{ id: string; paymentInstructionId: string }> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/beneficiaries',
    payload: {
      holder: { type: 'COMPANY', name: 'Chain Payee Ltda', taxId: '11222333000181' },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { rail: 'CRYPTO_WALLET', asset, network: 'ETHEREUM', address },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const beneficiary = res.json<{ id: string; paymentInstructions: { id: string }[] }>();
  const paymentInstructionId = beneficiary.paymentInstructions[0]!.id;
  const approved = await asAdmin(t, {
    method: 'POST',
    url: `/admin/v1/paymentInstructions/${paymentInstructionId}/approve`,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id: beneficiary.id, paymentInstructionId };
}

/**
 * An account of the customer holding `minor` units (6 decimals) of USDT, and as much USDC,
 * deposited on chain and credited.
 */
export async function fundedCryptoAccount(
  t: TestApp,
  clock: ManualClock,
  world: EvmWorld,
  token: string,
  minor: bigint,
): Promise<string> {
  const accountId = await activeCryptoAccount(t, token);
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/accounts/${accountId}/fundingInstructions`,
  });
  const funding = res.json<{ data: { asset: string; address: string }[] }>().data;
  const addressOf = (asset: string) => funding.find((f) => f.asset === asset)!.address as Address;
  await transferTokenTo(world, world.usdt, addressOf('USDT'), minor);
  await transferTokenTo(world, world.usdc, addressOf('USDC'), minor * 10n ** 12n);
  await world.chain.mine(TEST_CONFIRMATIONS);
  await watch(t, clock);
  return accountId;
}

async function transferTokenTo(
  world: EvmWorld,
  token: TestToken,
  to: Address,
  amount: bigint,
): Promise<void> {
  const hash = await world.clients.wallet(world.sender.privateKey).writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  });
  await world.clients.public.waitForTransactionReceipt({ hash });
}
