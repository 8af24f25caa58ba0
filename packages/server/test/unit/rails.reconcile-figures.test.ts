import { describe, expect, it } from 'vitest';
import { compareAsset, decimal } from '../../src/rails/evm/reconcile/compare-asset.js';
import { nodeErrorText } from '../../src/rails/evm/node-error-text.js';

// Issue 25: a reconciliation's figures are exact in the finer of the asset's and the token's
// units, and a node's error is recorded without the URL (a hosted provider's key is in it).
describe('reconciliation figures', () => {
  it.each([
    [0n, 6, '0.000000'],
    [1n, 6, '0.000001'],
    [-12_500_000n, 6, '-12.500000'],
    [10n ** 18n, 18, '1.000000000000000000'],
    [-5n, 0, '-5'],
  ])('writes %s units of 10^-%i as %s', (value, decimals, text) => {
    expect(decimal(value, decimals)).toBe(text);
  });

  const records = { customers: 50_000_000n, house: 0n, arriving: 0n, unattributed: 0n };
  it('compares a 6-decimal token in minor units', () => {
    const figures = compareAsset({
      asset: 'USDT',
      token: { contract: '0xt', decimals: 6 },
      records: { ...records, arriving: 1_000_000n },
      leaving: 2_000_000n,
      depositAddresses: 45_000_000n,
      hotWallet: 5_000_000n,
    });
    expect(figures).toMatchObject({
      expected: '49.000000',
      held: { total: '50.000000' },
      difference: '1.000000',
      differenceMinor: '1000000',
    });
  });

  it('compares an 18-decimal token in its own units, the remainder explained, never rounded', () => {
    const figures = compareAsset({
      asset: 'USDC',
      token: { contract: '0xt', decimals: 18 },
      records: { ...records, unattributed: 7n },
      leaving: 0n,
      depositAddresses: 50n * 10n ** 18n + 7n,
      hotWallet: 3n,
    });
    expect(figures.difference).toBe('0.000000000000000003');
    // Less than a minor unit: 0 in minor units, the exact figure in `difference`.
    expect(figures.differenceMinor).toBe('0');
    expect(figures.unattributed).toBe('0.000000000000000007');
  });

  it('records a node error by its class, without URLs, cut short', () => {
    const error = new Error(
      'HTTP request failed.\n\nURL: https://mainnet.provider.example/v3/SECRETKEY\n' +
        'x'.repeat(900),
    );
    error.name = 'HttpRequestError';
    const text = nodeErrorText(error);
    expect(text.startsWith('HttpRequestError: HTTP request failed.')).toBe(true);
    expect(text).not.toContain('SECRETKEY');
    expect(text).toContain('URL: <url>');
    expect(text.length).toBe(500);
  });
});
