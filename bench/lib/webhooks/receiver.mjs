import { spawnServer } from '../servers.mjs';
import { requestJson } from './http.mjs';

/**
 * Starts bench/receiver.mjs in a child process; `url` is where subscriptions point, `base` + a
 * `/lane/<name>?delay=<ms|never>` path a lane with an answer delay of its own.
 */
export async function startReceiver() {
  const child = spawnServer('receiver.mjs', { PORT: '0' }, { name: 'receiver' });
  const base = await child.url;
  return {
    url: `${base}/hook`,
    base,
    pid: child.child.pid,
    stop: child.stop,
    async stats() {
      return (await requestJson(`${base}/stats`)).body;
    },
    async reset() {
      await requestJson(`${base}/reset`);
    },
  };
}
