import type pg from 'pg';
import { waitUntil } from './wait-for.js';

/**
 * Waits until another backend of the database waits on a lock inside a transaction (`what` says
 * which, for the timeout's message), then terminates it: the connection that transaction was on
 * dies mid-statement, as when the database goes away under a request or a claim. PostgreSQL only.
 */
export async function terminateLockWaiter(direct: pg.Client, what: string): Promise<void> {
  const pid = await waitUntil(what, async () => {
    const { rows } = await direct.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and wait_event_type = 'Lock' and xact_start is not null`,
    );
    return rows[0]?.pid;
  });
  await direct.query('select pg_terminate_backend($1)', [pid]);
}
