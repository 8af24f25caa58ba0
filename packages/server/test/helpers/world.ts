import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Engine } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import { asAdmin, operatorAction } from './admin.js';
import { createBeneficiary } from './beneficiaries.js';
import { STEP_MS, getOperation, postDeposit, type OperationBody } from './operations.js';
import { startReceiver, type Receiver, type Script } from './receiver.js';
import { runDueJobs } from './run-due-jobs.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  type Customer,
  type SubscriptionBody,
} from './webhook-api.js';

/**
 * The shared set-up of the integration tests, in one place: a describe block's test app (on a
 * ManualClock for the sandbox), a customer with a token, an ACTIVE account in chosen assets, a
 * balance funded by deposits the simulator pays, an approved beneficiary. Everything goes
 * through the API and the sandbox's own steps (`runDueJobs`), so a test starts from the state a
 * real customer would be in; `ledger.ts` funds a ledger account directly, below the API.
 */

/**
 * The test app of the describe block this is called in: created before its tests (beforeAll),
 * closed after them (afterAll). What it returns stands for that app and may be used in the
 * block's tests and hooks (not while the block is being declared), so a file reads
 * `const t = useTestApp(engine)` instead of a `let` and two hooks.
 */
export function useTestApp(engine: Engine, options: TestAppOptions = {}): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(engine, options);
  });
  afterAll(async () => {
    await made?.close();
    made = undefined;
  });
  return lateBound('test app', () => made);
}

/**
 * Stands for what `current` answers once a beforeAll made it: reading it before then (while the
 * block is being declared) throws, saying so.
 */
export function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      // Not a promise: `await` and `return` from an async function look for `then`.
      if (key === 'then') return undefined;
      const made = current();
      if (!made)
        throw new Error(`the ${what} is made in beforeAll: read .${String(key)} in a test`);
      return Reflect.get(made, key) as unknown;
    },
  });
}

/**
 * A receiver for the describe block this is called in, answering by `script`: started before
 * its tests (beforeAll), closed after them. Called before useTestApp, it starts first and closes
 * last, so the app's worker never delivers to a closed receiver.
 */
export function useReceiver(script?: Script): Receiver {
  let made: Receiver | undefined;
  beforeAll(async () => {
    made = await startReceiver(script);
  });
  afterAll(async () => {
    await made?.close();
    made = undefined;
  });
  return lateBound('receiver', () => made);
}

/** A describe block's sandbox app and the ManualClock it runs on. */
export interface SandboxApp {
  t: TestApp;
  clock: ManualClock;
}

/**
 * useTestApp on a ManualClock, with the simulator's steps STEP_MS apart (`options.env` may add
 * to that or override it): tests move the sandbox on with `sandboxStep`.
 */
export function useSandboxApp(
  engine: Engine,
  options: Omit<TestAppOptions, 'clock'> = {},
): SandboxApp {
  const clock = new ManualClock();
  const t = useTestApp(engine, {
    ...options,
    clock,
    env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS), ...options.env },
  });
  return { t, clock };
}

/** Moves the clock on by `ms` (one sandbox step unless said) and runs every job then due. */
export async function sandboxStep(t: TestApp, clock: ManualClock, ms = STEP_MS): Promise<number> {
  clock.advance(ms);
  return runDueJobs(t);
}

/** Moves the clock on by `steps` sandbox steps at once and runs every job then due. */
export function sandboxSteps(t: TestApp, clock: ManualClock, steps: number): Promise<number> {
  return sandboxStep(t, clock, steps * STEP_MS);
}

/** A deposit the simulator pays: its asset and amount. */
export interface Fund {
  asset: string;
  amount: string;
}

/** How an account is set up: its assets, name and the money paid into it. */
export interface AccountSetUp {
  /** The account's assets, all ACTIVE once set up (default `['BRL']`). */
  assets?: string[];
  /** The account's name (a magic name makes the sandbox fail a step: docs/sandbox.md). */
  name?: string;
  /** Deposits made once the account is ACTIVE, all paid by one more sandbox step. */
  fund?: Fund | readonly Fund[];
}

/**
 * Deposits that the simulator pays: all requested, then one sandbox step, then each checked
 * COMPLETED. Returns their ids, in the order given.
 */
export async function paidDeposits(
  t: TestApp,
  clock: ManualClock,
  token: string,
  accountId: string,
  funds: readonly Fund[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const fund of funds) {
    const res = await postDeposit(t, token, { accountId, ...fund });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<OperationBody>().id);
  }
  await sandboxStep(t, clock);
  for (const id of ids) expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
  return ids;
}

/** A deposit the sandbox pays one step later: COMPLETED, its id. */
export async function receivedDeposit(
  t: TestApp,
  clock: ManualClock,
  token: string,
  accountId: string,
  amount: string,
  asset = 'BRL',
): Promise<string> {
  const [id] = await paidDeposits(t, clock, token, accountId, [{ asset, amount }]);
  return id!;
}

/**
 * A sandbox account whose assets are ACTIVE (one step on the manual clock), optionally funded
 * by deposits that the simulator pays (another step).
 */
export async function activeAccount(
  t: TestApp,
  clock: ManualClock,
  token: string,
  setUp: AccountSetUp = {},
): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: {
      type: 'CHECKING',
      assets: setUp.assets ?? ['BRL'],
      ...(setUp.name ? { name: setUp.name } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accountId = res.json<{ id: string }>().id;
  await sandboxStep(t, clock);
  if (setUp.fund) {
    await paidDeposits(
      t,
      clock,
      token,
      accountId,
      'asset' in setUp.fund ? [setUp.fund] : setUp.fund,
    );
  }
  return accountId;
}

/** A customer with a token and one account set up as asked. */
export interface AccountHolder {
  token: string;
  accountId: string;
}

/**
 * A new customer with a token and one ACTIVE account (BRL unless said), funded as asked: where
 * most money tests start.
 */
export async function accountHolder(
  t: TestApp,
  clock: ManualClock,
  setUp: AccountSetUp = {},
): Promise<AccountHolder> {
  const { token } = await t.customer();
  return { token, accountId: await activeAccount(t, clock, token, setUp) };
}

/** A beneficiary whose first instruction the sandbox approved (one step on the manual clock). */
export async function approvedBeneficiary(
  t: TestApp,
  clock: ManualClock,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; paymentInstructionId: string }> {
  const beneficiary = await createBeneficiary(t, token, overrides);
  await sandboxStep(t, clock);
  return { id: beneficiary.id, paymentInstructionId: beneficiary.paymentInstructions[0]!.id };
}

/**
 * The environment of a webhook test: receivers on loopback allowed, and the sandbox's first step
 * an hour away, so an opened account stays OPENING and ACCOUNT_CREATED is its only event.
 */
export const LOCAL_WEBHOOKS_ENV = {
  COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
  COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
} as const;

/**
 * Starts receivers for a describe block's tests: each is closed after the test that started it
 * (afterEach), so a test never answers another's deliveries.
 */
export function useReceivers(): (script?: Script) => Promise<Receiver> {
  let open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(open.map((receiver) => receiver.close()));
    open = [];
  });
  return async (script) => {
    const receiver = await startReceiver(script);
    open.push(receiver);
    return receiver;
  };
}

/** A new customer, a receiver, and the customer's subscription to it. */
export interface SubscribedCustomer {
  customer: Customer;
  receiver: Receiver;
  sub: SubscriptionBody;
}

/**
 * A new customer (Alice) subscribed to ACCOUNT_CREATED only (one message per opened account) at
 * a new receiver answering by `script`; `subscription` adds to the subscription's body.
 */
export async function subscribedCustomer(
  t: TestApp,
  receiverOf: (script?: Script) => Promise<Receiver>,
  script?: Script,
  subscription: Record<string, unknown> = {},
): Promise<SubscribedCustomer> {
  const customer = await t.customer('Alice');
  const receiver = await receiverOf(script);
  const sub = await createSubscription(t, customer.token, {
    url: `${receiver.url}/hooks`,
    resources: ACCOUNT_CREATED_ONLY,
    ...subscription,
  });
  return { customer, receiver, sub };
}

/**
 * A production account (no simulator runs there): its assets activated by the operator, then
 * funded by deposits the operator marked received (docs/admin.md). Returns the account's id.
 */
export async function operatorFundedAccount(
  t: TestApp,
  token: string,
  assets: readonly string[],
  funds: readonly Fund[],
): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING', assets },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accountId = res.json<{ id: string }>().id;
  for (const asset of assets) {
    const url = `/admin/v1/accounts/${accountId}/assets/${asset}/activate`;
    const activated = await asAdmin(t, { method: 'POST', url });
    expect(activated.statusCode, activated.body).toBe(200);
  }
  for (const fund of funds) {
    const deposit = await postDeposit(t, token, { accountId, ...fund });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const received = await operatorAction(t, 'receive', deposit.json<OperationBody>().id);
    expect(received.statusCode, received.body).toBe(200);
  }
  return accountId;
}
