import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../../../src/db/database.js';
import type { ManualClock } from '../../../src/lib/clock.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { lateBound } from '../world.js';
import { evmRailEnv, evmWorld, startRails, type EvmWorld } from './evm-rail-world.js';
import { writeOperatorKeyFiles, type OperatorKeyFiles } from './hd-fixture.js';
import { startLocalChain, type LocalChain } from './local-chain.js';

/** Something standing between the rail and the chain (a proxy a test can stop or gate). */
interface NodeInFront {
  url: string;
  close(): Promise<void>;
}

/**
 * The describe block's EVM rail: a local chain with its tokens (evmWorld), optionally a node in
 * front of it (`node`: a proxy the rail talks to instead), the operator's key files, and a
 * production test app whose USDT/USDC settle on it with the hot wallet's key (plus `env(keys)`),
 * after the rail's worker start; everything closed after the block. Use the answers in tests and
 * later hooks.
 */
export function useEvmRail<N extends NodeInFront = NodeInFront>(
  engine: Engine,
  options: {
    clock: ManualClock;
    node?: (chainUrl: string) => Promise<N>;
    env?: (keys: OperatorKeyFiles) => Record<string, string>;
  },
): { world: EvmWorld; t: TestApp; node: N; keys: OperatorKeyFiles } {
  let chain: LocalChain | undefined;
  let made: EvmWorld | undefined;
  let front: N | undefined;
  let keys: OperatorKeyFiles | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    chain = await startLocalChain();
    made = await evmWorld(chain);
    front = await options.node?.(chain.url);
    keys = await writeOperatorKeyFiles();
    const env = {
      ...evmRailEnv(made, front?.url),
      COFRE_EVM_HOT_WALLET_KEY_FILE: keys.hotWalletKeyFile,
      ...options.env?.(keys),
    };
    app = await createTestApp(engine, { clock: options.clock, env });
    await startRails(app);
  });
  afterAll(async () => {
    await app?.close();
    await front?.close();
    await chain?.close();
    await keys?.remove();
  });
  return {
    world: lateBound('EVM world', () => made),
    t: lateBound('test app', () => app),
    node: lateBound('node in front of the chain', () => front),
    keys: lateBound('operator key files', () => keys),
  };
}
