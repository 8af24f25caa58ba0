import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

/** The committed bin, which loads the built CLI; the test command runs `tsc -b` first. */
const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** The worker's lease owner id, from its start line. */
  owner: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/**
 * Starts `cofre worker` with exactly `env` as its COFRE_* settings (an inherited COFRE_* variable
 * would change what is under test, or be reported as unknown) and waits for its start line. The
 * start line is an info-level JSON log line, so the log level and format are set here.
 */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, 'worker'], {
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
  const owner = await waitFor(
    'the worker start line',
    () => {
      if (gone) throw new Error(`cofre worker exited early:\n${out}\n${err}`);
      const complete = out.slice(0, out.lastIndexOf('\n') + 1).split('\n');
      for (const line of complete.filter((l) => l.startsWith('{'))) {
        const parsed = JSON.parse(line) as { msg?: string; owner?: string };
        if (parsed.msg === 'worker started') return parsed.owner;
      }
      return undefined;
    },
    { timeoutMs: 15_000 },
  );
  return { child, owner, stdout: () => out, stderr: () => err, exited };
}

/** Sends `signal` and resolves with how the process ended (within a deadline). */
export async function stopWorkerProcess(
  worker: WorkerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  worker.child.kill(signal);
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`cofre worker did not exit after ${signal}`)),
      10_000,
    ).unref(),
  );
  return Promise.race([worker.exited, deadline]);
}

/** SIGKILLs every worker process still running; for afterAll, so none outlives its test file. */
export async function killAllWorkerProcesses(): Promise<void> {
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
