import pg from 'pg';
import { JOBS_CHANNEL } from './job-queue.js';
import type { JobSignal } from './job-signal.js';

/**
 * LISTENs for job notifications from every process on the PostgreSQL database and wakes this
 * process's worker. Reconnects after a lost connection (polling covers the gap).
 */
export async function listenForJobs(
  url: string,
  signal: JobSignal,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', () => signal.notify());
    c.on('error', (error) => {
      onError(error);
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${JOBS_CHANNEL}`);
    client = c;
    // Anything committed while we were away is picked up now.
    signal.notify();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
