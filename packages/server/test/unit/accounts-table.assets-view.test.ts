import { describe, expect, it } from 'vitest';
import { assetsView, parseAssets } from '../../src/modules/accounts/accounts.table.js';

// The view's assets (modules/accounts/accounts.table.ts) are parsed once per distinct text and
// shared between rows, so they must be what a parse gives and impossible to change in place.
describe('assetsView', () => {
  const row = {
    assets: '[{"asset":"BRL","status":"ACTIVE"},{"asset":"USDT","status":"ONBOARDING"}]',
  };

  it('is what parsing the text gives, in the stored order', () => {
    expect(assetsView(row)).toEqual(parseAssets(row));
    expect(assetsView(row).map((a) => a.asset)).toEqual(['BRL', 'USDT']);
  });

  it('parses a text once and shares the result between rows that hold it', () => {
    expect(assetsView({ assets: row.assets })).toBe(assetsView(row));
    expect(assetsView({ assets: '[{"asset":"BRL","status":"ACTIVE"}]' })).not.toBe(assetsView(row));
  });

  it('cannot be changed in place by one view and seen by another', () => {
    const shared = assetsView(row) as { asset: string; status: string }[];
    expect(() => shared.push({ asset: 'BTC', status: 'ACTIVE' })).toThrow(TypeError);
    expect(() => {
      shared[0]!.status = 'FAILED';
    }).toThrow(TypeError);
    expect(assetsView(row)[0]).toEqual({ asset: 'BRL', status: 'ACTIVE' });
  });

  it('leaves parseAssets a fresh copy its callers may change', () => {
    const copy = parseAssets(row);
    copy[0]!.status = 'FAILED';
    expect(parseAssets(row)[0]!.status).toBe('ACTIVE');
  });
});
