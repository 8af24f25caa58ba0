import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type SubscriptionHealth } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const health: SubscriptionHealth = {
  subscriptionId: 'sub_1',
  status: 'ACTIVE',
  pendingMessages: 2,
  pendingMessagesCapped: false,
  failedMessages: 1,
  consecutiveFailures: 3,
  lastSuccess: { at: '2026-01-01T00:00:00.000Z', messageId: 'msg_1' },
  lastFailure: {
    at: '2026-01-01T00:01:00.000Z',
    messageId: 'msg_2',
    httpStatus: 503,
    error: 'The endpoint answered 503.',
  },
};

function setup(api: (call: RecordedCall) => Response) {
  const fake = new FakeFetch(tokenEndpoint(api));
  return {
    fake,
    client: new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    }),
  };
}

describe('subscriptions in the SDK', () => {
  it('reads a subscription’s delivery health with a GET on its health sub-resource', async () => {
    const { fake, client } = setup(() => json(200, health));
    expect(await client.subscriptions.health('sub_1')).toEqual(health);
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/v1/subscriptions/sub_1/health'],
    ]);
    expect(() => client.subscriptions.health('')).toThrow(TypeError);
  });

  it('surfaces another customer’s subscription as a CofreApiError RESOURCE_NOT_FOUND', async () => {
    const { client } = setup(() =>
      json(404, {
        type: 'urn:cofre:problem:resource-not-found',
        title: 'Resource not found',
        status: 404,
        detail: 'Subscription sub_2 was not found.',
        code: 'RESOURCE_NOT_FOUND',
      }),
    );
    const error = await client.subscriptions.health('sub_2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('RESOURCE_NOT_FOUND');
  });
});
