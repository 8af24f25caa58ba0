import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ADMIN_ENV, ADMIN_TOKEN } from '../../server/test/helpers/admin.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

// Issue 8 point 1: an operator sets production prices with `cofre admin rates …`.
describe.each(ENGINES)('cofre admin rates on %s', (engine) => {
  let t: TestApp;
  let url: string;
  const admin = (...args: string[]) =>
    cofre(['admin', ...args, '--url', url], { COFRE_ADMIN_TOKEN: ADMIN_TOKEN });

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ...ADMIN_ENV, COFRE_ENVIRONMENT: 'production' } });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('says so when no rate is set, instead of printing nothing', async () => {
    const listed = await admin('rates', 'list');
    expect(listed.code, listed.err.join('\n')).toBe(0);
    expect(listed.out).toEqual(['no rates set; `cofre admin rates set BASE QUOTE RATE` sets one']);
    expect(JSON.parse((await admin('rates', 'list', '--json')).out[0]!)).toEqual({ data: [] });
  });

  it('sets and lists rates; a refusal prints its code and exits 1', async () => {
    const set = await admin('rates', 'set', 'BRL', 'USDT', '0.1850', '--actor', 'ana');
    expect(set.code, set.err.join('\n')).toBe(0);
    expect(set.out).toEqual([expect.stringMatching(/^BRL\/USDT {2}0\.185 {2}\(set \S+Z\)$/)]);
    const listed = await admin('rates', 'list', '--json');
    expect(JSON.parse(listed.out[0]!)).toMatchObject({
      data: [{ base: 'BRL', quote: 'USDT', rate: '0.185' }],
    });
    const same = await admin('rates', 'set', 'BRL', 'BRL', '1');
    expect(same.code).toBe(1);
    expect(same.err.join('\n')).toMatch(/400 INVALID_DATA/);
  });
});
