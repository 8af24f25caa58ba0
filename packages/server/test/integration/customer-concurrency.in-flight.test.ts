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
