import { spawnServer } from '../servers.mjs';
import { requestJson } from './http.mjs';

/** Starts bench/receiver.mjs in a child process; `url` is where subscriptions point. */
export async function startReceiver() {
  const child = spawnServer('receiver.mjs', { PORT: '0' }, { name: 'receiver' });
  const base = await child.url;
  return {
    url: `${base}/hook`,
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
