import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, ADMIN_TOKEN } from '../helpers/admin.js';
import { beneficiaryBody, cpf } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { STEP_MS, type OperationBody } from '../helpers/operations.js';
import { postRefund } from '../helpers/refunds.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, receivedDeposit, useTestApp } from '../helpers/world.js';

/** Blank values: white space only, of every kind JSON Schema's `\S` knows. */
const BLANKS = [' ', '   ', '\t', '\r\n', '\u00a0', '\u2003\u3000', '\ufeff'];

const ID = 'op_01JD6Q3W8ZK2C1V7R4X9B5N0AR';
const ACCOUNT = 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR';
const REASON = (message: string) => ({ reason: { code: 'COMPLIANCE_REJECTED', message } });
const ORDER = { accountId: ACCOUNT, side: 'BUY', baseAsset: 'USDT', quoteAsset: 'BRL' };

/**
 * Every free-text field of a request (names, descriptions, reasons): `[route, pointer, body
 * with the value there]`. One rule for all (docs/api.md "Input limits"): not blank.
 */
const FREE_TEXT: [string, string, (v: string) => object][] = [
  ['POST /v1/operations/{id}/refunds', '/reason', (v) => ({ reason: v })],
  ['POST /v1/accounts', '/name', (v) => ({ type: 'CHECKING', name: v })],
  [
    'POST /v1/operations/withdrawal',
    '/description',
    (v) => ({
      accountId: ACCOUNT,
      asset: 'BRL',
      amount: '1.00',
      beneficiary: { id: 'ben_x', paymentInstructionId: 'pin_x' },
      description: v,
    }),
  ],
  [
    'POST /v1/operations/swap',
    '/description',
    (v) => ({ accountId: ACCOUNT, quoteId: 'q', description: v }),
  ],
  [
    'POST /v1/operations/order',
    '/description',
    (v) => ({ ...ORDER, type: 'MARKET', amount: '1', description: v }),
  ],
  [
    'POST /v1/operations/pixPayment',
    '/description',
    (v) => ({
      accountId: ACCOUNT,
      amount: '1.00',
      pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
      description: v,
    }),
  ],
  [
    'POST /v1/operations/transfer',
    '/description',
    (v) => ({
      accountId: ACCOUNT,
      destinationAccountId: ACCOUNT,
      asset: 'BRL',
      amount: '1.00',
      description: v,
    }),
  ],
  [
    'POST /v1/beneficiaries',
    '/holder/name',
    (v) => beneficiaryBody({ holder: { type: 'INDIVIDUAL', name: v, taxId: cpf('529982247') } }),
  ],
  ['POST /admin/v1/customers', '/name', (v) => ({ name: v })],
  ['POST /admin/v1/customers/{id}/clients', '/name', (v) => ({ name: v })],
  ['POST /admin/v1/paymentInstructions/{id}/reject', '/reason/message', REASON],
  ['POST /admin/v1/accounts/{id}/assets/BRL/fail', '/reason/message', REASON],
  ['POST /admin/v1/operations/{id}/fail', '/reason/message', REASON],
  ['POST /admin/v1/operations/{id}/reverse', '/reason/message', REASON],
  [
    'PUT /admin/v1/pix/keys/maria@example.com',
    '/holder/name',
    (v) => ({ holder: { type: 'INDIVIDUAL', name: v, taxId: cpf('529982247') } }),
  ],
];

describe.each(ENGINES)('free text in a request on %s', (engine) => {
  let token: string;
  const clock = new ManualClock();

  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
  });

  beforeAll(async () => {
    ({ token } = await t.customer());
  });

  it('is refused when blank, on every free-text field, with 400 INVALID_DATA naming it', async () => {
    for (const [route, pointer, body] of FREE_TEXT) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT', string];
      const admin = path.startsWith('/admin/');
      for (const blank of BLANKS) {
        const res = await t.app.inject({
          method,
          url: path.replace('{id}', ID),
          headers: { authorization: `Bearer ${admin ? ADMIN_TOKEN : token}` },
          payload: body(blank),
        });
        const label = `${route} ${pointer} ${JSON.stringify(blank)}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
        expect(expectProblem(res, 400, 'INVALID_DATA').errors, label).toContainEqual(
          expect.objectContaining({ pointer, in: 'body', code: 'INVALID_FORMAT' }),
        );
      }
    }
  });

  it('refunds with a reason that has spaces around it, stored as given', async () => {
    const accountId = await activeAccount(t, clock, token);
    const depositId = await receivedDeposit(t, clock, token, accountId, '10.00');
    const blank = await postRefund(t, token, depositId, { reason: ' ', amount: '1.00' });
    expect(expectProblem(blank, 400, 'INVALID_DATA').detail).toContain('must not be blank');
    const spaced = await postRefund(t, token, depositId, {
      reason: ' Order 1187 ',
      amount: '1.00',
    });
    expect(spaced.statusCode, spaced.body).toBe(201);
    expect(spaced.json<OperationBody & { refundReason: string }>().refundReason).toBe(
      ' Order 1187 ',
    );
  });
});
