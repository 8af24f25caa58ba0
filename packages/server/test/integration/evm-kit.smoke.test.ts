import { readFile } from 'node:fs/promises';
import { parseAbiItem, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDepositXpub } from '../../src/rails/evm/deposit-addresses.js';
import { parseDepositXprv } from '../../src/rails/evm/deposit-keys.js';
import { readHotWalletKey } from '../../src/rails/evm/hot-wallet-key.js';
import {
  deployEighteenDecimalToken,
  deploySixDecimalToken,
  type TestToken,
} from '../helpers/evm/deploy-test-token.js';
import { writeOperatorKeyFiles } from '../helpers/evm/hd-fixture.js';
import { startLocalChain, type LocalChain } from '../helpers/evm/local-chain.js';
import { startRpcProxy, type RpcProxy } from '../helpers/evm/rpc-proxy.js';
import { testClients, type TestClients } from '../helpers/evm/test-clients.js';
import {
  mintToken,
  sendRevertingTransfer,
  setTokenPaused,
  tokenBalance,
  transferToken,
} from '../helpers/evm/token-actions.js';

// The kit the EVM rail's tests stand on (test/helpers/evm/), checked against a real chain.
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

describe('the EVM test kit', () => {
  let chain: LocalChain;
  let clients: TestClients;
  let deployer: Hex;
  let usdt: TestToken;
  let token18: TestToken;
  let alice: Address;

  beforeAll(async () => {
    chain = await startLocalChain();
    clients = testClients(chain.url, chain.chainId);
    deployer = chain.accounts[0]!.privateKey;
    alice = chain.accounts[1]!.address;
    usdt = await deploySixDecimalToken(clients, deployer, 'USDT');
    token18 = await deployEighteenDecimalToken(clients, deployer, 'USDT18');
    await mintToken(clients, deployer, usdt, chain.accounts[0]!.address, 10n ** 12n);
    await mintToken(clients, deployer, token18, chain.accounts[0]!.address, 10n ** 24n);
  });
  afterAll(async () => {
    await chain?.close();
  });

  const transfersTo = (token: TestToken, to: Address, fromBlock = 0n) =>
    clients.public.getLogs({
      address: token.address,
      event: transferEvent,
      args: { to },
      fromBlock,
    });

  it('starts another chain in the same process, with its own chain id', async () => {
    const started = performance.now();
    const other = await startLocalChain({ chainId: 137 });
    const elapsed = performance.now() - started;
    try {
      expect(await testClients(other.url, 137).public.getChainId()).toBe(137);
      expect(other.url).not.toBe(chain.url);
      expect(elapsed).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });

  it('deploys tokens whose decimals() are 6 and 18', async () => {
    for (const token of [usdt, token18]) {
      const decimals = await clients.public.readContract({
        address: token.address,
        abi: [parseAbiItem('function decimals() view returns (uint8)')],
        functionName: 'decimals',
      });
      expect(decimals).toBe(token.decimals);
    }
  });

  it('transfers a token and shows the Transfer log', async () => {
    const receipt = await transferToken(clients, deployer, usdt, alice, 1_250_000_001n);
    expect(await tokenBalance(clients, usdt, alice)).toBe(1_250_000_001n);
    const logs = await transfersTo(usdt, alice, receipt.blockNumber);
    expect(logs.map((log) => [log.transactionHash, log.args.value])).toEqual([
      [receipt.transactionHash, 1_250_000_001n],
    ]);
  });

  it('un-sees a transfer on a revert to a snapshot, and mines other blocks at its height', async () => {
    const bob = chain.accounts[2]!.address;
    const snapshot = await chain.snapshot();
    const receipt = await transferToken(clients, deployer, token18, bob, 5n * 10n ** 18n);
    await chain.mine(2);
    const later = await chain.snapshot();
    expect(await transfersTo(token18, bob)).toHaveLength(1);

    await chain.revert(snapshot);
    expect(await clients.public.getBlockNumber()).toBe(snapshot.blockNumber);
    expect(await transfersTo(token18, bob)).toEqual([]);
    await chain.mine(3);
    const now = await clients.public.getBlock({ blockNumber: receipt.blockNumber });
    expect(now.hash).not.toBe(receipt.blockHash);
    // Ganache forgot both: the one reverted to, and the one taken after it.
    await expect(chain.revert(snapshot)).rejects.toThrow(/used up/);
    await expect(chain.revert(later)).rejects.toThrow(/used up/);
  });

  it('mines a transfer of a paused token as reverted, and an unpaused one as a success', async () => {
    await setTokenPaused(clients, deployer, token18, true);
    const reverted = await sendRevertingTransfer(clients, deployer, token18, alice, 1n);
    expect(reverted.status).toBe('reverted');
    await setTokenPaused(clients, deployer, token18, false);
    expect((await transferToken(clients, deployer, token18, alice, 1n)).status).toBe('success');
  });

  it('keeps a transaction pending while mining is stopped, until a block is mined', async () => {
    await chain.stopMining();
    try {
      const hash = await clients.wallet(deployer).sendTransaction({ to: alice, value: 1n });
      expect((await clients.public.getTransaction({ hash })).blockNumber).toBeNull();
      await chain.mine();
      expect((await clients.public.getTransactionReceipt({ hash })).status).toBe('success');
    } finally {
      await chain.startMining();
    }
  });

  it("sweeps a deposit address with the xprv file's key after setBalance gives it gas", async () => {
    const files = await writeOperatorKeyFiles();
    try {
      const xpub = parseDepositXpub(files.xpub);
      if (xpub.kind !== 'valid') throw new Error(xpub.problem);
      const keys = parseDepositXprv(await readFile(files.xprvFile, 'utf8'), xpub.addresses);
      const hot = readHotWalletKey(await readFile(files.hotWalletKeyFile, 'utf8'));
      if (keys.kind !== 'valid' || hot.kind !== 'valid') throw new Error('key files refused');
      const deposit = xpub.addresses.address(3);

      await transferToken(clients, deployer, usdt, deposit, 7_000_000n);
      await chain.setBalance(deposit, 10n ** 16n);
      await transferToken(
        clients,
        keys.keys.privateKeyOf(3),
        usdt,
        hot.account.address,
        7_000_000n,
      );
      expect(await tokenBalance(clients, usdt, hot.account.address)).toBe(7_000_000n);
      expect(await clients.public.getBalance({ address: deposit })).toBeLessThan(10n ** 16n);
    } finally {
      await files.remove();
    }
  });

  describe('behind the RPC proxy', () => {
    let proxy: RpcProxy;
    let viaProxy: TestClients;

    beforeAll(async () => {
      proxy = await startRpcProxy(chain.url);
      viaProxy = testClients(proxy.url, chain.chainId, { timeoutMs: 300 });
    });
    afterAll(async () => {
      await proxy?.close();
    });

    it('fails calls while stopped and answers again on the same URL once started', async () => {
      expect(await viaProxy.public.getChainId()).toBe(chain.chainId);
      await proxy.stop();
      await expect(viaProxy.public.getBlockNumber()).rejects.toThrow(/HTTP request failed/);
      await proxy.start();
      expect(await viaProxy.public.getBlockNumber()).toBe(await clients.public.getBlockNumber());
    });

    it('times calls out while hanging, and fails them while resetting', async () => {
      await proxy.hang();
      await expect(viaProxy.public.getBlockNumber()).rejects.toThrow(/took too long/);
      await proxy.reset();
      await expect(viaProxy.public.getBlockNumber()).rejects.toThrow(/HTTP request failed/);
      await proxy.start();
      expect(await viaProxy.public.getChainId()).toBe(chain.chainId);
    });
  });
});
