import { spawn, type ChildProcess } from 'node:child_process';
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
