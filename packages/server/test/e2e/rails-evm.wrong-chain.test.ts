import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_XPUB } from '../helpers/evm/hd-fixture.js';
import { startLocalChain, type LocalChain } from '../helpers/evm/local-chain.js';

const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

/** Runs `cofre <role>` to its end (it must not start): its exit code and stderr. */
function runToExit(role: string, env: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, role], {
    env: { ...inherited, ...env, COFRE_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: err });
    }),
  );
}

// Issue 25: a process whose node reports another chain than COFRE_EVM_CHAIN_ID does not start
// (docs/rails.md "Node down, slow or lying"): `cofre api` alone as well as the roles with a worker.
describe('the EVM rail on a node of another chain', () => {
  let chain: LocalChain | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    chain = await startLocalChain({ chainId: 1 });
    dir = await mkdtemp(join(tmpdir(), 'cofre-wrong-chain-'));
  });
  afterAll(async () => {
    await chain?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(['api', 'worker', 'serve'])(
    'stops `cofre %s` at start-up with the reason',
    async (role) => {
      const run = await runToExit(role, {
        COFRE_ENVIRONMENT: 'production',
        COFRE_DATABASE_URL: join(dir!, `${role}.db`),
        PORT: '0',
        COFRE_EVM_RPC_URL: chain!.url,
        COFRE_EVM_CHAIN_ID: '31337',
        COFRE_EVM_NETWORK: 'ETHEREUM',
        COFRE_EVM_TOKENS: 'USDT=0xdAC17F958D2ee523a2206206994597C13D831ec7',
        COFRE_EVM_DEPOSIT_XPUB: TEST_XPUB,
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(
        'COFRE_EVM_CHAIN_ID is 31337, but the node at COFRE_EVM_RPC_URL reports chain id 1',
      );
    },
  );
});
