import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

describe('COFRE_MAX_IN_FLIGHT_PER_CUSTOMER', () => {
  it('defaults to half the database pool, at least one; 0 turns it off', () => {
    expect(loadConfig({}).rateLimit.inFlightPerCustomer).toBe(5);
    expect(loadConfig({ COFRE_DATABASE_POOL_SIZE: '40' }).rateLimit.inFlightPerCustomer).toBe(20);
    expect(loadConfig({ COFRE_DATABASE_POOL_SIZE: '1' }).rateLimit.inFlightPerCustomer).toBe(1);
    expect(
      loadConfig({ COFRE_MAX_IN_FLIGHT_PER_CUSTOMER: '0' }).rateLimit.inFlightPerCustomer,
    ).toBe(0);
    expect(() => loadConfig({ COFRE_MAX_IN_FLIGHT_PER_CUSTOMER: 'many' })).toThrow(
      /COFRE_MAX_IN_FLIGHT_PER_CUSTOMER/,
    );
  });

  it('shares one at a time while another customer is active, unless COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED says more', () => {
    expect(loadConfig({}).rateLimit.inFlightPerCustomerShared).toBe(1);
    const config = loadConfig({ COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED: '3' });
    expect(config.rateLimit.inFlightPerCustomerShared).toBe(3);
    expect(() => loadConfig({ COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED: '0' })).toThrow(
      /COFRE_MAX_IN_FLIGHT_PER_CUSTOMER_SHARED/,
    );
  });
});

describe.each(ENGINES)('a busy customer alone and beside another on %s', (engine) => {
  let t: TestApp;
  // Each subscription create waits in the resolver until the test answers it.
  const held: (() => void)[] = [];
  let onHeld: () => void = () => {};

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { COFRE_MAX_IN_FLIGHT_PER_CUSTOMER: '2' },
      resolve: () =>
        new Promise<string[]>((resolve) => {
          held.push(() => resolve(['93.184.216.34']));
          onHeld();
        }),
    });
  });
  afterAll(() => t.close());

  const heldNow = (count: number) =>
    new Promise<void>((resolve) => {
      onHeld = () => held.length >= count && resolve();
      onHeld();
    });

  it('uses its whole allowance alone, and one request at a time once another customer is active', async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const list = (token: string) => t.as(token, { method: 'GET', url: '/v1/accounts' });
    const subscribe = () =>
      t.as(alice.token, {
        method: 'POST',
        url: '/v1/subscriptions',
        payload: { url: 'https://hooks.example.com/cofre', includeAll: true },
      });
    const first = subscribe();
    await heldNow(1);
    // Alone: her second request runs beside the held one.
    expect((await list(alice.token)).statusCode).toBe(200);
    // Bob is now active: Alice's next request waits for her held one, Bob's never does.
    expect((await list(bob.token)).statusCode).toBe(200);
    let aliceListed = false;
    const aliceList = list(alice.token).then((res) => ((aliceListed = true), res));
    expect((await list(bob.token)).statusCode).toBe(200);
    expect(aliceListed).toBe(false);
    held.shift()!();
    expect((await first).statusCode).toBe(201);
    expect((await aliceList).statusCode).toBe(200);
  });
});

describe.each(ENGINES)('one customer in flight at a time on %s', (engine) => {
  let t: TestApp;
  // Creating a subscription resolves its host: this resolver answers when the test says so,
  // which holds that request in flight, inside its handler, on either engine.
  let dnsCalled: () => void = () => {};
  let answerDns: () => void = () => {};
  const called = new Promise<void>((resolve) => (dnsCalled = resolve));
  const answered = new Promise<void>((resolve) => (answerDns = resolve));

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { COFRE_MAX_IN_FLIGHT_PER_CUSTOMER: '1' },
      resolve: async () => {
        dnsCalled();
        await answered;
        return ['93.184.216.34'];
      },
    });
  });
  afterAll(() => t.close());

  it("makes the customer's next request wait for the first, never another customer's", async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const list = (token: string) => t.as(token, { method: 'GET', url: '/v1/accounts' });
    const subscribing = t.as(alice.token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://hooks.example.com/cofre', includeAll: true },
    });
    await called;
    let aliceListed = false;
    const aliceList = list(alice.token).then((res) => ((aliceListed = true), res));
    // Sent after Alice's list, answered before it: Bob does not wait behind Alice.
    expect((await list(bob.token)).statusCode).toBe(200);
    expect(aliceListed).toBe(false);
    answerDns();
    expect((await subscribing).statusCode).toBe(201);
    expect((await aliceList).statusCode).toBe(200);
  });
});
