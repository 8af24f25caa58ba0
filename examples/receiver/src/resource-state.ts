import type { WebhookEvent } from '@cofre/sdk/webhooks';
import type Database from 'better-sqlite3';

/**
 * The receiver's own state, in the same SQLite file as its handled ids:
 *
 * - `resources`: the latest snapshot of each resource (`data` of its latest event). Events can
 *   arrive out of order (a retried one after later ones), so a snapshot only replaces an
 *   older one: events compare by `atTime`, then by `id` (time-sortable), never by arrival.
 * - `message_runs`: how many times a message was acted on. With the SDK's store that is once
 *   per message id, unless a run crashed midway and was run again: what the check endpoint
 *   (`cofre webhooks check`) reads.
 *
 * Both change in one transaction, so a crash leaves neither half done.
 */
export interface ResourceState {
  /** Takes an event in (a newer snapshot replaces an older one; an older one changes nothing). */
  apply(event: WebhookEvent, messageId: string): void;
  /** `data.status` of the latest snapshot of a resource, or `null` when it has none. */
  statusOf(resourceId: string): string | null;
  /** How many times the message was acted on (0: never). */
  runsOf(messageId: string): number;
  /** Forgets run counts last changed before `before` (epoch ms); snapshots stay. */
  prune(before: number): number;
}

export function createResourceState(db: Database.Database): ResourceState {
  db.exec(`
    CREATE TABLE IF NOT EXISTS resources (
      id TEXT PRIMARY KEY, resource TEXT NOT NULL, status TEXT,
      event_id TEXT NOT NULL, at_time TEXT NOT NULL, data TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS message_runs (
      message_id TEXT PRIMARY KEY, runs INTEGER NOT NULL, last_run_at INTEGER NOT NULL);
  `);
  // ISO times of one format (UTC, milliseconds) and ULID-style ids both sort as text.
  const upsert = db.prepare(`
    INSERT INTO resources (id, resource, status, event_id, at_time, data) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, event_id = excluded.event_id,
      at_time = excluded.at_time, data = excluded.data
    WHERE (excluded.at_time, excluded.event_id) > (resources.at_time, resources.event_id)`);
  const countRun = db.prepare(`
    INSERT INTO message_runs (message_id, runs, last_run_at) VALUES (?, 1, ?)
    ON CONFLICT (message_id) DO UPDATE SET runs = runs + 1, last_run_at = excluded.last_run_at`);
  const status = db.prepare('SELECT status FROM resources WHERE id = ?').pluck();
  const runs = db.prepare('SELECT runs FROM message_runs WHERE message_id = ?').pluck();
  const prune = db.prepare('DELETE FROM message_runs WHERE last_run_at < ?');

  const apply = db.transaction((event: WebhookEvent, messageId: string) => {
    const data = event.data as { id: string; status?: unknown };
    const current = typeof data.status === 'string' ? data.status : null;
    upsert.run(data.id, event.resource, current, event.id, event.atTime, JSON.stringify(data));
    countRun.run(messageId, Date.now());
  });

  return {
    apply: (event, messageId) => apply(event, messageId),
    statusOf: (resourceId) => (status.get(resourceId) as string | null | undefined) ?? null,
    runsOf: (messageId) => (runs.get(messageId) as number | undefined) ?? 0,
    prune: (before) => prune.run(before).changes,
  };
}
