import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { killAllCofreProcesses, startCofreProcess } from './cofre-process.js';

export interface ApiProcess {
  child: ChildProcess;
  /** Where it listens, from its start line. */
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const LISTENING = 'Server listening at ';

/**
 * Starts `cofre api` on 127.0.0.1 and a free port with exactly `env` as its COFRE_* settings
 * (startCofreProcess) and waits for Fastify's "Server listening at" line.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const api = await startCofreProcess(
    'api',
    { HOST: '127.0.0.1', PORT: '0', ...env },
    (line) =>
      typeof line.msg === 'string' && line.msg.startsWith(LISTENING)
        ? line.msg.slice(LISTENING.length)
        : undefined,
    // Generous: on a shared machine under heavy load a cold start has taken over 14 s.
    { timeoutMs: 30_000 },
  );
  return {
    child: api.child,
    url: api.ready,
    stdout: api.stdout,
    stderr: api.stderr,
    exited: api.exited,
  };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export async function stopApiProcess(
  api: ApiProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  api.child.kill(signal);
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`cofre api did not exit after ${signal}`)), 15_000).unref(),
  );
  return Promise.race([api.exited, deadline]);
}

/** SIGKILLs every cofre process still running (apis and workers); for afterAll. */
export const killAllApiProcesses = killAllCofreProcesses;

/**
 * An api process and a client's keep-alive connections to it, with the requests in flight: a
 * test can stop sending to the process, wait for its answers, then close the connections.
 */
export interface ApiClient {
  api: ApiProcess;
  agent: Agent;
  inFlight: number;
}

export function apiClient(api: ApiProcess): ApiClient {
  return { api, agent: new Agent({ keepAlive: true }), inFlight: 0 };
}

/** POST with node:http on the client's own agent, so its connections can be closed at will. */
export function postJson(
  client: ApiClient,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${client.api.url}${path}`,
      {
        method: 'POST',
        agent: client.agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
