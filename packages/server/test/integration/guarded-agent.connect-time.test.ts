import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGuardedAgent,
  UnsafeAddressError,
} from '../../src/webhooks/delivery/guarded-agent.js';
import { checkCallbackUrl, type Resolver } from '../../src/lib/url-guard.js';

/** A receiver on 127.0.0.1 that counts TCP connections and requests. */
interface Receiver {
  port: number;
  connections: number;
  requests: number;
  server: Server;
}

const open: { receivers: Receiver[]; agents: Agent[] } = { receivers: [], agents: [] };

async function startReceiver(
  answer: (res: ServerResponse) => void = (res) => res.end('ok'),
): Promise<Receiver> {
  const server = createServer((_req, res) => {
    receiver.requests += 1;
    answer(res);
  });
  const receiver: Receiver = { port: 0, connections: 0, requests: 0, server };
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  open.receivers.push(receiver);
  return receiver;
}

function agent(...args: Parameters<typeof createGuardedAgent>): Agent {
  const created = createGuardedAgent(...args);
  open.agents.push(created);
  return created;
}

/** A resolver answering every name with `addresses`, recording what it was asked. */
function resolverTo(...answers: string[][]): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<string[]> => {
    // Successive answers, the last repeating: a rebinding name answers differently over time.
    const answer = answers[Math.min(asked.length, answers.length - 1)] ?? [];
    asked.push(hostname);
    return answer;
  };
  return Object.assign(resolve, { asked });
}

async function refusal(promise: Promise<unknown>): Promise<UnsafeAddressError> {
  const error: unknown = await promise.then(
    () => expect.fail('the request was sent'),
    (e: unknown) => e,
  );
  const unsafe = error instanceof UnsafeAddressError ? error : (error as Error).cause;
  expect(unsafe).toBeInstanceOf(UnsafeAddressError);
  expect((unsafe as UnsafeAddressError).code).toBe('UNSAFE_ADDRESS');
  return unsafe as UnsafeAddressError;
}

afterEach(async () => {
  await Promise.all(open.agents.splice(0).map((a) => a.close()));
  for (const { server } of open.receivers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('guarded agent without local webhooks', () => {
  const policy = { allowLocal: false };

  it('refuses an IP-literal loopback origin before opening a socket', async () => {
    const receiver = await startReceiver();
    const dispatcher = agent({ policy, resolve: resolverTo(['127.0.0.1']) });
    await refusal(request(`http://127.0.0.1:${receiver.port}/`, { dispatcher }));
    await refusal(request(`https://127.0.0.1:${receiver.port}/`, { dispatcher }));
    await refusal(request(`https://[::ffff:127.0.0.1]:${receiver.port}/`, { dispatcher }));
    expect(receiver.connections).toBe(0);
  });

  it('refuses a name that resolves to loopback at connect time', async () => {
    const receiver = await startReceiver();
    const resolve = resolverTo(['127.0.0.1']);
    const dispatcher = agent({ policy, resolve });
    await refusal(request(`http://rebind.test:${receiver.port}/`, { dispatcher }));
    await refusal(request(`https://rebind.test:${receiver.port}/`, { dispatcher }));
    expect(resolve.asked).toEqual(['rebind.test']); // http never got as far as DNS
    expect(receiver.connections).toBe(0);
  });

  it('refuses a name that answered public at create time and rebinds to loopback', async () => {
    const receiver = await startReceiver();
    const resolve = resolverTo(['93.184.216.34'], ['127.0.0.1']);
    const url = `https://rebind.test:${receiver.port}/hook`;
    expect((await checkCallbackUrl(url, policy, resolve)).kind).toBe('allowed');
    const error = await refusal(request(url, { dispatcher: agent({ policy, resolve }) }));
    expect(error.hostname).toBe('rebind.test');
    expect(receiver.connections).toBe(0);
  });

  it('refuses a name whose answer mixes a public and a loopback address', async () => {
    const receiver = await startReceiver();
    const resolve = resolverTo(['93.184.216.34', '127.0.0.1']);
    await refusal(
      request(`https://mixed.test:${receiver.port}/`, { dispatcher: agent({ policy, resolve }) }),
    );
    expect(receiver.connections).toBe(0);
  });

  it('refuses localhost without asking the resolver', async () => {
    const receiver = await startReceiver();
    const resolve = resolverTo(['93.184.216.34']);
    await refusal(
      request(`https://localhost:${receiver.port}/`, { dispatcher: agent({ policy, resolve }) }),
    );
    expect(resolve.asked).toEqual([]);
    expect(receiver.connections).toBe(0);
  });
});

describe('guarded agent with local webhooks', () => {
  const policy = { allowLocal: true };

  it('delivers over plain http to a loopback IP literal', async () => {
    const receiver = await startReceiver();
    const dispatcher = agent({ policy });
    const response = await request(`http://127.0.0.1:${receiver.port}/`, { dispatcher });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe('ok');
    expect(receiver.requests).toBe(1);
  });

  it('delivers to a name resolving to loopback, and to localhost', async () => {
    const receiver = await startReceiver();
    const dispatcher = agent({ policy, resolve: resolverTo(['127.0.0.1']) });
    for (const host of ['dev.test', 'localhost']) {
      const response = await request(`http://${host}:${receiver.port}/`, { dispatcher });
      expect(response.statusCode).toBe(200);
      await response.body.dump();
    }
    expect(receiver.requests).toBe(2);
  });

  it('keeps the connection alive across deliveries to one origin', async () => {
    const receiver = await startReceiver();
    const dispatcher = agent({ policy, connections: 1 });
    for (let i = 0; i < 3; i += 1) {
      const response = await request(`http://127.0.0.1:${receiver.port}/`, { dispatcher });
      await response.body.dump();
    }
    expect(receiver.requests).toBe(3);
    expect(receiver.connections).toBe(1);
  });

  it('still refuses plain http to a name whose answer includes a private address', async () => {
    const receiver = await startReceiver();
    const resolve = resolverTo(['127.0.0.1', '10.0.0.5']);
    await refusal(
      request(`http://half.test:${receiver.port}/`, { dispatcher: agent({ policy, resolve }) }),
    );
    expect(receiver.connections).toBe(0);
  });

  // These two would reach past 127.0.0.1 only if the guard were broken; the short connect
  // timeout makes such a regression fail fast instead of hanging.
  it('still refuses plain http to a public address', async () => {
    const resolve = resolverTo(['93.184.216.34']);
    const dispatcher = agent({ policy, resolve, connectTimeoutMs: 500 });
    await refusal(request('http://93.184.216.34:8080/', { dispatcher }));
    await refusal(request('http://public.test:8080/', { dispatcher }));
  });

  it('still refuses a private IP literal', async () => {
    const dispatcher = agent({ policy, connectTimeoutMs: 500 });
    await refusal(request('https://10.0.0.1:8443/', { dispatcher }));
    await refusal(request('https://169.254.169.254/', { dispatcher }));
  });
});
