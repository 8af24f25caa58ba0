import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

/** The committed bin, which loads the built CLI; the test command runs `tsc -b` first. */
const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

export type CofreCommand = 'serve' | 'api' | 'worker';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface CofreProcess {
  child: ChildProcess;
  /** Where it listens (`serve`, `api`); undefined for `worker`. */
  url: string | undefined;
  port: number | undefined;
  /** The worker's lease owner id, from its start line (`serve`, `worker`). */
  owner: string | undefined;
  stdout(): string;
  stderr(): string;
  /** The complete JSON log lines so far. */
  logs(): LogLine[];
  /** Resolves with the first log line with this message (no sleeps). */
  waitForLog(msg: string, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/**
 * Starts `cofre <command>` on an ephemeral port with exactly `env` as its COFRE_* settings (an
 * inherited COFRE_* variable would change what is under test, or be reported as unknown) and
 * waits until it listens and/or its worker started. Logs are info-level JSON lines.
 */
export async function startCofreProcess(
  command: CofreCommand,
  env: Record<string, string>,
): Promise<CofreProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, command], {
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
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
  const logs = (): LogLine[] =>
    out
      .slice(0, out.lastIndexOf('\n') + 1)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  const waitForLog = (msg: string, timeoutMs = 15_000) =>
    waitFor(
      `the log line "${msg}" of cofre ${command}`,
      () => {
        const found = logs().find((line) => line.msg === msg);
        if (!found && gone) throw new Error(`cofre ${command} exited:\n${out}\n${err}`);
        return found;
      },
      { timeoutMs },
    );
  const wantsListen = command !== 'worker';
  const wantsWorker = command !== 'api';
  const url = wantsListen
    ? await waitFor(
        'the listening line',
        () => {
          if (gone) throw new Error(`cofre ${command} exited early:\n${out}\n${err}`);
          for (const line of logs()) {
            const found = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line.msg ?? '')?.[1];
            if (found) return found;
          }
          return undefined;
        },
        { timeoutMs: 15_000 },
      )
    : undefined;
  const owner = wantsWorker
    ? ((await waitForLog('worker started')).owner as string | undefined)
    : undefined;
  return {
    child,
    url,
    port: url ? Number(new URL(url).port) : undefined,
    owner,
    stdout: () => out,
    stderr: () => err,
    logs,
    waitForLog,
    exited,
  };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export async function stopCofreProcess(
  cofre: Pick<CofreProcess, 'child' | 'exited'>,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 10_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  cofre.child.kill(signal);
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`cofre did not exit within ${timeoutMs} ms after ${signal}`)),
      timeoutMs,
    ).unref(),
  );
  return Promise.race([cofre.exited, deadline]);
}

/** SIGKILLs every process still running; for afterAll, so none outlives its test file. */
export async function killAllCofreProcesses(): Promise<void> {
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
