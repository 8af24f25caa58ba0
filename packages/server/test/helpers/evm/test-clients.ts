import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** viem clients for a test chain, set up as a rail should be (each setting says why). */
export interface TestClients {
  readonly chain: Chain;
  readonly public: PublicClient<Transport, Chain>;
  /** A wallet client signing locally with `privateKey` (the node holds no key). */
  wallet(privateKey: Hex): WalletClient<Transport, Chain, PrivateKeyAccount>;
}

export function testClients(
  url: string,
  chainId: number,
  { timeoutMs = 5_000 }: { timeoutMs?: number } = {},
): TestClients {
  const chain = defineChain({
    id: chainId,
    name: `local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  // viem's HTTP transport retries three times by default, so a node that hangs costs four
  // timeouts; a failure is reported at once here and the caller decides.
  const transport = http(url, { retryCount: 0, timeout: timeoutMs });
  // cacheTime 0: viem otherwise answers getBlockNumber from a cache for the polling interval
  // (4 s), and a test that has just mined blocks would read the old head.
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 20 });
  return {
    chain,
    public: publicClient,
    wallet: (privateKey) =>
      createWalletClient({
        chain,
        transport,
        account: privateKeyToAccount(privateKey),
        cacheTime: 0,
        pollingInterval: 20,
      }),
  };
}
