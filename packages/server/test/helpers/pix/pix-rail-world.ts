import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Engine } from '../../../src/db/database.js';
import type { ManualClock } from '../../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../admin.js';
import { startRails } from '../evm/evm-rail-world.js';
import { postDeposit, type OperationBody } from '../operations.js';
import { runDueJobs } from '../run-due-jobs.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { lateBound } from '../world.js';
import { startFakePsp, type FakePsp, type FakePspOptions } from './fake-psp.js';

/** The webhook secret the PIX rail tests configure (URL-safe, ≥ 32 characters). */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdefABCDEF';
/** What the rail registers as COFRE_PUBLIC_URL; the fake PSP calls the listening app instead. */
export const TEST_PUBLIC_URL = 'https://cofre.example';
/** COFRE_PIX_RECONCILE_INTERVAL_MS in these tests (the window lags the clock by as much). */
export const TEST_RECONCILE_MS = 2_000;

/** A production deployment whose BRL settles through `psp` (docs/rails.md "PIX"). */
export function pixRailEnv(psp: FakePsp): Record<string, string> {
  return {
    ...ADMIN_ENV,
    COFRE_ENVIRONMENT: 'production',
    ...psp.env(),
    COFRE_PIX_KEY: psp.pixKey,
    COFRE_PIX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    COFRE_PUBLIC_URL: TEST_PUBLIC_URL,
    COFRE_PIX_RECONCILE_INTERVAL_MS: String(TEST_RECONCILE_MS),
  };
}

/** The app listening on 127.0.0.1, so the fake PSP can call its webhook: the origin to give it. */
export async function listeningOrigin(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export { startRails };

/**
 * The describe block's PIX rail: a fake PSP (contract-checked), a production test app whose BRL
 * settles through it, listening so the PSP can call its webhook, and the rail's worker start
 * (webhook registered, standing jobs queued); closed after the block. Every test ends with the
 * PSP having seen nothing outside API Pix 2.9.0. Use `psp` and `t` in tests and later hooks.
 */
export function usePixRail(
  engine: Engine,
  options: { clock: ManualClock; psp?: FakePspOptions; env?: Record<string, string> },
): { psp: FakePsp; t: TestApp } {
  let made: FakePsp | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    made = await startFakePsp({ clock: options.clock, ...options.psp });
    app = await createTestApp(engine, {
      clock: options.clock,
      env: { ...pixRailEnv(made), ...options.env },
    });
    made.callbackTo(await listeningOrigin(app));
    await startRails(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await made?.close();
  });
  afterEach(() => expect(made?.violations() ?? []).toEqual([]));
  return { psp: lateBound('fake PSP', () => made), t: lateBound('test app', () => app) };
}

/** Runs what is due, then a poll of the charges and inbound jobs later (5 s) what that made due. */
export async function settle(t: TestApp, clock: ManualClock, ms = 5_000): Promise<void> {
  await runDueJobs(t);
  clock.advance(ms);
  await runDueJobs(t);
}

/** An ACTIVE BRL account of the customer (the operator activates it in production). */
export async function activeBrlAccount(t: TestApp, token: string): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING', assets: ['BRL'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accountId = res.json<{ id: string }>().id;
  const activated = await asAdmin(t, {
    method: 'POST',
    url: `/admin/v1/accounts/${accountId}/assets/BRL/activate`,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return accountId;
}

/** A BRL deposit as requested (REQUESTED, brCode null until the charges job made its charge). */
export async function requestBrlDeposit(
  t: TestApp,
  token: string,
  accountId: string,
  amount: string,
): Promise<OperationBody & { fundingInstruction: { brCode: string | null; key: string } }> {
  const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The txid of a deposit's charge: its id without the `op_` prefix. */
export const txidOf = (operationId: string) => operationId.slice('op_'.length);
