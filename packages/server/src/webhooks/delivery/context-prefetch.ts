import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { loadMessageContexts, type MessageContext } from './message-context.js';

/**
 * Loads the contexts of a whole claimed batch in one query instead of one per attempt. An entry
 * is used only while fresh (`maxAgeMs`): a job that started late (a slow claim, a busy event
 * loop) reads its message again, so a pause or delete in the meantime is seen.
 */
export class ContextPrefetch {
  private readonly entries = new Map<string, { context: MessageContext; loadedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxAgeMs = 1_000,
  ) {}

  async load(messageIds: string[]): Promise<void> {
    const loadedAt = this.clock.now();
    // Entries never taken (a job skipped after losing its lease) must not pile up.
    for (const [id, entry] of this.entries)
      if (loadedAt - entry.loadedAt > this.maxAgeMs) this.entries.delete(id);
    for (const context of await loadMessageContexts(this.db, messageIds)) {
      this.entries.set(context.id, { context, loadedAt });
    }
  }

  /** The prefetched context, once; undefined when absent or stale. */
  take(messageId: string): MessageContext | undefined {
    const entry = this.entries.get(messageId);
    if (!entry) return undefined;
    this.entries.delete(messageId);
    return this.clock.now() - entry.loadedAt <= this.maxAgeMs ? entry.context : undefined;
  }
}
