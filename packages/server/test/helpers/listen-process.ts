import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

const BIN = fileURLToPath(new URL('../../../cli/bin/cofre.js', import.meta.url));

/** One `--json` delivery line of `cofre listen`. */
export interface ListenLine {
  at: string;
  eventType: string;
  messageId: string;
  /** The message's number in its subscription. */
  sequence?: number;
  attempt: number;
  trigger: string;
  status: number;
  durationMs: number;
  error?: string;
  recorded: boolean | null;
}

export interface ListenProcess {
  child: ChildProcess;
  stderr(): string;
  /** Every delivery line printed so far. */
  lines(): ListenLine[];
  /** Waits until stderr contains `text` `count` times (bounded). */
  waitForStderr(text: string, count?: number, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/**
 * Runs the real `cofre listen … --json` with the client's credentials in its environment (no
 * inherited COFRE_* setting) and waits for its "Ready" line.
 */
export async function startListenProcess(
  args: string[],
  credentials: { clientId: string; clientSecret: string },
): Promise<ListenProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, 'listen', '--json', ...args], {
    env: {
      ...inherited,
      COFRE_CLIENT_ID: credentials.clientId,
      COFRE_CLIENT_SECRET: credentials.clientSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const processHandle: ListenProcess = {
    child,
    stderr: () => err,
    lines: () =>
      out
        .slice(0, out.lastIndexOf('\n') + 1)
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as ListenLine),
    waitForStderr: (text, count = 1, timeoutMs = 20_000) =>
      waitFor(
        `"${text}" ×${count} from cofre listen (stderr: ${err})`,
        () => (err.split(text).length - 1 >= count ? true : undefined),
        { timeoutMs },
      ).then(() => undefined),
    exited,
  };
  await processHandle.waitForStderr('Ready:');
  return processHandle;
}

/** SIGKILLs every listen process still running; for afterAll. */
export async function killAllListenProcesses(): Promise<void> {
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
