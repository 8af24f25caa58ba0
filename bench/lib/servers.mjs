import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { onCleanup, onExit } from './cleanup.mjs';

// Node 20 globals the lint config does not declare.
const { fetch, AbortSignal } = globalThis;

// Child servers still running, so Ctrl-C can kill them all at once.
const live = new Set();

/**
 * Kills every child server now (SIGKILL). On Ctrl-C this runs first, so the servers do not
 * flood the terminal with errors while embedded PostgreSQL shuts down under them.
 */
export function killServers() {
  for (const child of live) child.kill('SIGKILL');
}

/** A port nobody listens on right now (the child binds it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The Node.js options a cofre server runs with, as `npm start` and docs/operations.md run it: a
 * young generation of up to 32 MiB per semi-space (docs/operations.md "Topology").
 */
export const COFRE_NODE_ARGS = ['--max-semi-space-size=32'];

/**
 * Starts `node bench/<script>` as a child, so the server has an event loop (and a CPU) of its
 * own instead of sharing autocannon's. The parent's COFRE_* variables are dropped so only the
 * settings given here reach the server. `url` resolves with the first line it prints that
 * matches `ready` (by default the first http:// line; a worker, which has no URL, prints another).
 */
export function spawnServer(
  script,
  env,
  { name = script, execArgv = [], ready: readyLine = /^http:\/\// } = {},
) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(
    process.execPath,
    [...execArgv, fileURLToPath(new URL(`../${script}`, import.meta.url))],
    {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  live.add(child);
  child.once('exit', () => live.delete(child));
  const forget = onExit(() => child.kill('SIGKILL'));
  const exited = once(child, 'exit');
  const running = () => child.exitCode === null && child.signalCode === null;

  const url = new Promise((resolve, reject) => {
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!ready && readyLine.test(line)) {
        ready = true;
        resolve(line.trim());
      } else {
        // Anything else is a log line (warnings and errors only): worth seeing, not parsing.
        process.stderr.write(`[${name}] ${line}\n`);
      }
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready`)),
    );
  });
  url.catch(() => {}); // callers that only poll must not see an unhandled rejection

  const stop = onCleanup(async () => {
    if (running()) {
      child.kill('SIGTERM');
      // A graceful stop (which also writes --cpu-prof output) gets 10 s, then it is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    forget();
  });
  return { child, url, stop, running };
}

/**
 * Milliseconds from spawning the cofre child to its first 200 on /readyz, polling every 10 ms;
 * the child is stopped afterwards. `env` must hold the database URL and the other settings.
 */
export async function coldStart(env) {
  const port = await freePort();
  const readyz = `http://127.0.0.1:${port}/readyz`;
  const started = performance.now();
  const server = spawnServer('cofre-server.mjs', { ...env, PORT: String(port) }, { name: 'cofre' });
  try {
    while (performance.now() - started < 30_000) {
      if (!server.running()) await server.url; // rethrows why it exited
      try {
        const response = await fetch(readyz, { signal: AbortSignal.timeout(1_000) });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
    throw new Error('cofre did not become ready within 30 s');
  } finally {
    await server.stop();
  }
}
