import { createRequire } from 'node:module';
import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  keccak256,
  erc20Abi,
  getAddress,
  http,
  numberToHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { onCleanup, onExit } from '../cleanup.mjs';

const require = createRequire(import.meta.url);
// A 6-decimal ERC-20 from a published build artifact (Aave's test token: anyone may mint).
const TOKEN = require('@aave/core-v3/artifacts/contracts/mocks/tokens/MintableERC20.sol/MintableERC20.json');

/**
 * An in-process Ganache chain with one 6-decimal token ("USDT") and a funded sender, as the rail
 * tests have it (test/helpers/evm/), in JavaScript for the bench.
 */
export async function startChain() {
  const chainId = 31337;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId },
    wallet: { deterministic: true, totalAccounts: 3, defaultBalance: 1_000_000 },
  });
  await server.listen(0, '127.0.0.1');
  const close = onCleanup(() => server.close());
  onExit(() => void server.close());
  const url = `http://127.0.0.1:${server.address().port}`;
  const chain = defineChain({
    id: chainId,
    name: 'bench',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url, { retryCount: 0, timeout: 30_000 });
  const pub = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 20 });
  const keys = Object.values(server.provider.getInitialAccounts()).map((a) => a.secretKey);
  const wallet = (key) =>
    createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
  const rpc = (method, params = []) => server.provider.request({ method, params });
  const deployer = wallet(keys[0]);
  const hash = await deployer.deployContract({
    abi: TOKEN.abi,
    bytecode: TOKEN.bytecode,
    args: ['USDT', 'USDT', 6],
  });
  const token = getAddress((await pub.waitForTransactionReceipt({ hash })).contractAddress);
  const mint = async (to, amount) => {
    const h = await deployer.writeContract({
      address: token,
      abi: TOKEN.abi,
      functionName: 'mint',
      args: [to, amount],
    });
    await pub.waitForTransactionReceipt({ hash: h });
  };
  const sender = privateKeyToAccount(keys[1]);
  await mint(sender.address, 10n ** 18n);
  return {
    url,
    chainId,
    token,
    pub,
    mint,
    mine: (blocks = 1) => rpc('evm_mine', [{ blocks }]),
    setBalance: (address, wei) => rpc('evm_setAccountBalance', [address, numberToHex(wei)]),
    head: async () => Number(await pub.getBlockNumber()),
    /**
     * Token transfers from the sender, signed with consecutive nonces and sent together; with
     * `oneBlock`, all mined in one block.
     */
    async sendTransfers(transfers, { oneBlock = false } = {}) {
      if (oneBlock) await rpc('miner_stop');
      const nonce = await pub.getTransactionCount({ address: sender.address, blockTag: 'latest' });
      const fees = await pub.estimateFeesPerGas();
      const raws = await Promise.all(
        transfers.map(({ to, amount }, i) =>
          sender.signTransaction({
            chainId,
            type: 'eip1559',
            nonce: nonce + i,
            to: token,
            value: 0n,
            gas: 100_000n,
            maxFeePerGas: fees.maxFeePerGas * 2n,
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [to, amount],
            }),
          }),
        ),
      );
      for (const raw of raws) await pub.sendRawTransaction({ serializedTransaction: raw });
      if (oneBlock) {
        await rpc('evm_mine');
        await rpc('miner_start');
      }
      // The block of the last one (all of them, with `oneBlock`).
      const last = await pub.waitForTransactionReceipt({ hash: keccak256(raws.at(-1)) });
      return Number(last.blockNumber);
    },
    /** A first transaction of the hot wallet (Ganache re-runs a re-sent nonce-0 transaction). */
    async warmWallet(key) {
      const account = privateKeyToAccount(key);
      await rpc('evm_setAccountBalance', [account.address, numberToHex(10n ** 21n)]);
      const h = await wallet(key).sendTransaction({ to: account.address, value: 0n });
      await pub.waitForTransactionReceipt({ hash: h });
      return account.address;
    },
    close,
  };
}
