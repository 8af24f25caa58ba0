import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

/** The committed bin, which loads the built CLI; the test command runs `tsc -b` first. */
const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

/** One JSON log line of a cofre process. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface CofreProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Every complete JSON log line written so far. */
  lines(): LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/**
 * Starts `cofre <command>` with exactly `env` as its COFRE_* settings (an inherited COFRE_*
 * variable would change what is under test, or be reported as unknown), logging info-level JSON,
 * and waits until `ready` finds its value in a log line.
 */
export async function startCofreProcess<T>(
  command: 'serve' | 'api' | 'worker',
  env: Record<string, string>,
  ready: (line: LogLine) => T | undefined,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<CofreProcess & { ready: T }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, command], {
    env: { ...inherited, ...env, COFRE_LOG_LEVEL: 'info', COFRE_LOG_FORMAT: 'json' },
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
  const lines = (): LogLine[] =>
    out
      .slice(0, out.lastIndexOf('\n') + 1)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  const value = await waitFor(
    `the start of cofre ${command}`,
    () => {
      for (const line of lines()) {
        const found = ready(line);
        if (found !== undefined) return found;
      }
      if (gone) throw new Error(`cofre ${command} exited early:\n${out}\n${err}`);
      return undefined;
    },
    { timeoutMs },
  );
  return { child, stdout: () => out, stderr: () => err, lines, exited, ready: value };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export async function stopCofreProcess(
  process: CofreProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  process.child.kill(signal);
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`cofre did not exit after ${signal}`)), 10_000).unref(),
  );
  return Promise.race([process.exited, deadline]);
}

/** SIGKILLs every cofre process still running; for afterAll, so none outlives its test file. */
export async function killAllCofreProcesses(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
