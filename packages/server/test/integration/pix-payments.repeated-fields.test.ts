import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { crc16 } from '../../src/pix/br-code.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, balancesOf } from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount } from '../helpers/world.js';

// Issue 16 point 0: a BR Code with a repeated field was paid as the last copy said (900.00 for
// a code showing 1.00; the second key). Such a code is refused before anything is held.
const field = (id: string, value: string) =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;
const template = (...keys: string[]) =>
  field('00', 'br.gov.bcb.pix') + keys.map((k) => field('01', k)).join('');

/** A static code; each case below repeats one part of it. */
const code = (accounts: string, amounts: string[]) =>
  withCrc(
    field('00', '01') +
      accounts +
      field('52', '0000') +
      field('53', '986') +
      amounts.map((a) => field('54', a)).join('') +
      field('58', 'BR') +
      field('59', 'MARIA') +
      field('60', 'SAO PAULO') +
      field('62', field('05', '***')),
  );
const MARIA = 'maria@example.com';
const OTHER = 'joao@example.com';

const CASES = {
  'two amounts (1.00, then 900.00)': code(field('26', template(MARIA)), ['1.00', '900.00']),
  'two merchant account templates naming br.gov.bcb.pix': code(
    field('26', template(MARIA)) + field('27', template(OTHER)),
    ['1.00'],
  ),
  'two keys in one template': code(field('26', template(MARIA, OTHER)), ['1.00']),
  'a repeated additional-data sub-tag': withCrc(
    field('00', '01') +
      field('26', template(MARIA)) +
      field('53', '986') +
      field('54', '1.00') +
      field('62', field('05', 'A') + field('05', 'B')),
  ),
};

describe.each(ENGINES)('PIX payments of BR Codes with repeated fields on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    const clock = new ManualClock();
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    token = (await t.customer()).token;
    accountId = await activeAccount(t, clock, token, { fund: { asset: 'BRL', amount: '1000.00' } });
  });
  afterAll(() => t.close());

  it('pays the same code with each field once (the control)', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/pixPayment',
      payload: { accountId, brCode: code(field('26', template(MARIA)), ['1.00']) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ amount: string }>().amount).toBe('1.00');
  });

  it.each(Object.entries(CASES))(
    'refuses %s: 400 INVALID_BR_CODE, nothing held',
    async (_, brCode) => {
      const before = await balancesOf(t, token, accountId);
      const operations = await t.handle.db.selectFrom('operations').select('id').execute();
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/operations/pixPayment',
        payload: { accountId, brCode },
      });
      const problem = expectProblem(res, 400, 'INVALID_BR_CODE');
      expect(problem.errors?.[0]?.pointer).toBe('/brCode');
      expect(await balancesOf(t, token, accountId)).toEqual(before);
      expect(await t.handle.db.selectFrom('operations').select('id').execute()).toEqual(operations);
    },
  );
});
