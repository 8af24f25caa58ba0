import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { onCleanup, onExit } from '../cleanup.mjs';

const SCRIPT = fileURLToPath(new URL('../../neighbour-load.mjs', import.meta.url));

/**
 * A load-generating child (bench/neighbour-load.mjs) driven over IPC. `next(type)` resolves with
 * the next message of that type; a message `{type: 'error'}` or the child's exit rejects it.
 */
function forkLoad(name) {
  const child = fork(SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const forget = onExit(() => child.kill('SIGKILL'));
  const inbox = [];
  const waiters = [];
  let failure;
  const deliver = () => {
    for (let i = 0; i < waiters.length; i++) {
      const waiter = waiters[i];
      if (failure) {
        waiters.splice(i--, 1);
        waiter.reject(failure);
        continue;
      }
      const at = inbox.findIndex((m) => m.type === waiter.type);
      if (at >= 0) {
        waiters.splice(i--, 1);
        waiter.resolve(inbox.splice(at, 1)[0]);
      }
    }
  };
  child.on('message', (message) => {
    if (message.type === 'error') failure = new Error(`${name}: ${message.error}`);
    else inbox.push(message);
    deliver();
  });
  child.once('exit', (code, signal) => {
    failure ??= new Error(`${name} exited (${code ?? signal})`);
    deliver();
  });
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    forget();
  });
  return {
    pid: child.pid,
    send: (message) => child.send(message),
    next: (type) =>
      new Promise((resolve, reject) => {
        waiters.push({ type, resolve, reject });
        deliver();
      }),
    stop,
  };
}

/**
 * Customer B's open-loop traffic in its own process, started now: resolves once its warm-up is
 * over (its connections open). `measure()` then starts the measured window: `onMeasuring(pid)`
 * is called when it starts and `onMeasured()` when it ends (the child still running); the
 * result comes back once every request of the window is answered.
 */
export async function startOrdinaryClient(input) {
  const client = forkLoad('customer B load');
  try {
    client.send({ type: 'ordinary', input });
    await client.next('warm');
  } catch (error) {
    await client.stop();
    throw error;
  }
  return {
    async measure({ onMeasuring, onMeasured }) {
      try {
        const measuring = client.next('measuring');
        const measured = client.next('measured');
        const result = client.next('result');
        // Awaited below; a failure before then is reported by the first one awaited.
        measured.catch(() => {});
        result.catch(() => {});
        client.send({ type: 'go' });
        await measuring;
        onMeasuring(client.pid);
        await measured;
        onMeasured();
        return (await result).result;
      } finally {
        await client.stop();
      }
    },
    stop: () => client.stop(),
  };
}

/** Customer A's heavy kinds in their own process: resolves once they run (streams opened). */
export async function startHeavyClient(input) {
  const client = forkLoad('customer A load');
  // A's client stands for an integrator's own machines: at the lowest CPU priority it reads and
  // parses A's pages only on a core nobody else here wants (bench/README.md "bench:neighbour").
  if (input.nice > 0) setPriority(client.pid, input.nice);
  try {
    client.send({ type: 'heavy', input });
    await client.next('ready');
  } catch (error) {
    await client.stop();
    throw error;
  }
  return {
    pid: client.pid,
    mark: () => client.send({ type: 'mark' }),
    async stop() {
      try {
        client.send({ type: 'stop' });
        return (await client.next('result')).result;
      } finally {
        await client.stop();
      }
    },
  };
}
