import { spawnServer } from '../servers.mjs';
import { cofreEnv } from '../webhooks/databases.mjs';

/**
 * Starts `count` `cofre worker` processes on the fixture's database and waits until each has
 * announced itself. `stop()` ends them: gracefully (SIGTERM, at most 10 s, then SIGKILL) or at
 * once with `{ kill: true }`, for workers stuck on receivers that never answer.
 */
export async function startWorkers(fixture, settings, count, extraEnv = {}) {
  const env = cofreEnv(fixture.database.url, 'worker', {
    COFRE_SANDBOX_STEP_DELAY_MS: String(settings.stepDelayMs),
    ...(settings.concurrency ? { COFRE_WORKER_CONCURRENCY: String(settings.concurrency) } : {}),
    ...extraEnv,
  });
  const children = Array.from({ length: count }, (_, i) =>
    spawnServer('cofre-role.mjs', env, { name: `cofre worker ${i + 1}`, ready: /^worker / }),
  );
  await Promise.all(children.map((child) => child.url));
  return {
    pids: () => children.map((child) => child.child.pid),
    allRunning: () => children.every((child) => child.running()),
    async stop({ kill = false } = {}) {
      if (kill) for (const child of children) child.child.kill('SIGKILL');
      await Promise.all(children.map((child) => child.stop()));
    },
  };
}
