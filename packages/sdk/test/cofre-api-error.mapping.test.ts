import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, CofreConnectionError } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type Responder } from './helpers/fake-fetch.js';

function clientAnswering(api: Responder) {
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

const caught = (promise: Promise<unknown>): Promise<CofreApiError> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(CofreApiError);
      return error as CofreApiError;
    },
  );

describe('error answers', () => {
  it('maps a problem+json answer to a CofreApiError carrying every member', async () => {
    const problemBody = {
      type: 'urn:cofre:problem:invalid-data',
      title: 'The request is not valid',
      status: 400,
      detail: 'type must be one of CHECKING, SAVING.',
      code: 'INVALID_DATA',
      requestId: 'req_body',
      errors: [
        {
          pointer: '/type',
          in: 'body',
          code: 'INVALID_ENUM',
          detail: 'type must be one of CHECKING, SAVING.',
        },
      ],
    };
    const { client } = clientAnswering(
      () =>
        new Response(JSON.stringify(problemBody), {
          status: 400,
          headers: {
            'content-type': 'application/problem+json; charset=utf-8',
            'x-request-id': 'req_header',
          },
        }),
    );
    const error = await caught(client.accounts.create({ type: 'CHECKING' }));
    expect(error).toMatchObject({
      name: 'CofreApiError',
      method: 'POST',
      url: 'https://api.test/v1/accounts',
      status: 400,
      code: 'INVALID_DATA',
      title: 'The request is not valid',
      detail: 'type must be one of CHECKING, SAVING.',
      type: 'urn:cofre:problem:invalid-data',
      errors: problemBody.errors,
      requestId: 'req_header',
      body: problemBody,
    });
    expect(error.message).toBe(
      'POST https://api.test/v1/accounts answered 400 INVALID_DATA: type must be one of CHECKING, SAVING.',
    );
  });

  it('takes the request id from the problem body when the header is missing', async () => {
    const { client } = clientAnswering(
      () =>
        new Response(
          JSON.stringify({
            title: 'Resource not found',
            status: 404,
            code: 'RESOURCE_NOT_FOUND',
            requestId: 'req_body',
          }),
          {
            status: 404,
            headers: { 'content-type': 'application/problem+json' },
          },
        ),
    );
    const error = await caught(client.accounts.get('acc_x'));
    expect(error).toMatchObject({ requestId: 'req_body', errors: [], detail: undefined });
  });

  it('maps an error answer that is not a problem document to UNEXPECTED_RESPONSE with the raw text', async () => {
    const { client } = clientAnswering(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await caught(client.accounts.get('acc_x'));
    expect(error).toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      title: 'HTTP 502 Bad Gateway',
      body: '<html>Bad gateway</html>',
    });
  });

  it('keeps a JSON error body that has no code as the raw body', async () => {
    const { client } = clientAnswering(() => json(500, { message: 'boom' }));
    const error = await caught(client.accounts.get('acc_x'));
    expect(error).toMatchObject({
      status: 500,
      code: 'UNEXPECTED_RESPONSE',
      body: { message: 'boom' },
    });
  });

  it('treats a success answer whose body is not JSON as UNEXPECTED_RESPONSE', async () => {
    const { client } = clientAnswering(
      () =>
        new Response('<html>Sign in to the Wi-Fi</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await caught(client.accounts.get('acc_x'));
    expect(error).toMatchObject({
      status: 200,
      code: 'UNEXPECTED_RESPONSE',
      body: '<html>Sign in to the Wi-Fi</html>',
    });
  });

  it('does not follow redirects, so the bearer token never goes elsewhere', async () => {
    const { fake, client } = clientAnswering(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }),
    );
    const error = await caught(client.accounts.get('acc_x'));
    expect(error).toMatchObject({ status: 302, code: 'UNEXPECTED_RESPONSE' });
    expect(fake.calls.every((c) => c.init.redirect === 'manual')).toBe(true);
  });

  it('wraps a network failure in CofreConnectionError, with what fetch threw as its cause', async () => {
    const failure = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNRESET'), { code: 'ECONNRESET' }),
    });
    const { client } = clientAnswering(() => Promise.reject(failure));
    const error = await client.accounts.get('acc_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreConnectionError);
    expect(error).toMatchObject({
      message: 'could not reach api.test (ECONNRESET)',
      host: 'api.test',
      reason: 'ECONNRESET',
      method: 'GET',
    });
    expect((error as Error).cause).toBe(failure);
  });

  it('wraps a network failure of the token request the same way', async () => {
    const failure = new TypeError('fetch failed');
    const client = new CofreClient({
      baseUrl: 'https://api.test:8443',
      clientId: 'c',
      clientSecret: 's',
      fetch: () => Promise.reject(failure),
      retry: false,
    });
    const error = await client.accounts.get('acc_x').catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'CofreConnectionError',
      message: 'could not reach api.test:8443 (fetch failed)',
      cause: failure,
    });
  });
});
