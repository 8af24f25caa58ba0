import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

/** The committed bin, which loads the built CLI; the test command runs `tsc -b` first. */
const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  /** Where it listens, from its start line. */
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/**
 * Starts `cofre api` on 127.0.0.1 and a free port with exactly `env` as its COFRE_* settings (like
 * `startWorkerProcess`, whose counterpart for the HTTP role this is) and waits for Fastify's
 * "Server listening at" line, an info-level JSON log line, hence the log level and format.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, 'api'], {
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
      COFRE_LOG_LEVEL: 'info',
      COFRE_LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  let gone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      gone = true;
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = await waitFor(
    'the api start line',
    () => {
      if (gone) throw new Error(`cofre api exited early:\n${out}\n${err}`);
      return /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(out)?.[1];
    },
    // Generous: on a shared machine under heavy load a cold start has taken over 14 s.
    { timeoutMs: 30_000 },
  );
  return { child, url, stdout: () => out, stderr: () => err, exited };
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

/** SIGKILLs every api process still running; for afterAll, so none outlives its test file. */
export async function killAllApiProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

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
