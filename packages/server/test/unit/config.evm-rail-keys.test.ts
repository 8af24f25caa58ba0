import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Env } from '../../src/config/load-config.js';
import { TEST_XPRV, TEST_XPUB } from '../helpers/evm/hd-fixture.js';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const RAIL: Env = {
  COFRE_ENVIRONMENT: 'production',
  COFRE_EVM_RPC_URL: 'https://eth.example.com/rpc',
  COFRE_EVM_CHAIN_ID: '1',
  COFRE_EVM_NETWORK: 'ETHEREUM',
  COFRE_EVM_TOKENS: `USDT=${USDT},USDC=${USDC.toLowerCase()}`,
  COFRE_EVM_DEPOSIT_XPUB: TEST_XPUB,
};

function problemsOf(env: Env): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

// Issue 25: the EVM rail's configuration (docs/config.md, docs/rails.md), validated at start.
describe('EVM rail configuration', () => {
  it('is off unless COFRE_EVM_RPC_URL is set', () => {
    expect(loadConfig({ COFRE_ENVIRONMENT: 'production' }).rails).toEqual({ evm: undefined });
  });

  it('reads every key, with their defaults, and the token addresses in EIP-55 form', () => {
    expect(loadConfig(RAIL).rails.evm).toEqual({
      rpcUrl: 'https://eth.example.com/rpc',
      chainId: 1,
      network: 'ETHEREUM',
      tokens: { USDT, USDC },
      confirmations: 12,
      depositXpub: TEST_XPUB,
      depositXprvFile: undefined,
      hotWalletKeyFile: undefined,
      pollMs: 2_000,
      sweepThresholdMinor: 100_000_000n,
    });
  });

  it('reads the sweep threshold in token units, and refuses one that is not a positive amount', () => {
    expect(loadConfig({ ...RAIL, COFRE_EVM_SWEEP_THRESHOLD: '25.5' }).rails.evm).toMatchObject({
      sweepThresholdMinor: 25_500_000n,
    });
    for (const bad of ['0', '-1', '1.0000001', 'ten']) {
      expect(problemsOf({ ...RAIL, COFRE_EVM_SWEEP_THRESHOLD: bad })).toEqual([
        expect.stringMatching(/COFRE_EVM_SWEEP_THRESHOLD: must be an amount/),
      ]);
    }
  });

  it('refuses rail keys in the sandbox, whose simulator settles everything', () => {
    expect(problemsOf({ ...RAIL, COFRE_ENVIRONMENT: 'sandbox' })).toEqual([
      expect.stringMatching(/rails run only in production/),
    ]);
  });

  it('asks for the URL when other rail keys are set without it', () => {
    expect(problemsOf({ COFRE_ENVIRONMENT: 'production', COFRE_EVM_CHAIN_ID: '1' })).toEqual([
      expect.stringMatching(/set COFRE_EVM_RPC_URL too/),
    ]);
  });

  it('reports every missing or bad key at once, and never echoes a key given as the xpub', () => {
    const problems = problemsOf({
      COFRE_ENVIRONMENT: 'production',
      COFRE_EVM_RPC_URL: 'ws://eth.example.com',
      COFRE_EVM_NETWORK: 'TRON',
      COFRE_EVM_TOKENS: `USDT=${USDT},DAI=${USDC},USDC=0x1234`,
      COFRE_EVM_CONFIRMATIONS: '0',
      COFRE_EVM_DEPOSIT_XPUB: TEST_XPRV,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/COFRE_EVM_RPC_URL: must be an http or https URL/),
        expect.stringMatching(/COFRE_EVM_CHAIN_ID: required/),
        expect.stringMatching(/COFRE_EVM_NETWORK: must be one of ETHEREUM, POLYGON/),
        expect.stringMatching(/COFRE_EVM_TOKENS: "DAI=/),
        expect.stringMatching(/COFRE_EVM_TOKENS: USDC's contract address is not a valid/),
        expect.stringMatching(/COFRE_EVM_CONFIRMATIONS/),
        expect.stringMatching(/COFRE_EVM_DEPOSIT_XPUB: must be a BIP-32 extended public key/),
      ]),
    );
    expect(problems.join('\n')).not.toContain(TEST_XPRV.slice(4, 30));
  });

  it('refuses one contract named for both assets', () => {
    expect(problemsOf({ ...RAIL, COFRE_EVM_TOKENS: `USDT=${USDT},USDC=${USDT}` })).toEqual([
      expect.stringMatching(/two assets share one contract/),
    ]);
  });
});
