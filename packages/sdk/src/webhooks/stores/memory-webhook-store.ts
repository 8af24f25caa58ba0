import type { ClaimOutcome, StoredWebhook, WebhookStore } from './webhook-store.js';

interface Entry extends StoredWebhook {
  doneAt: number | null;
}

/**
 * A `WebhookStore` in process memory: for tests and for receivers that run as one process and
 * can afford to forget on restart (a restart loses the record of handled messages, so a
 * redelivery would run again, and a claim in flight is lost). Use `createSqliteStore` or your
 * own durable store in production.
 *
 * @example
 * ```ts
 * const receiver = createWebhookReceiver({ secret, store: createMemoryStore(), handler });
 * ```
 */
export function createMemoryStore(): WebhookStore {
  const entries = new Map<string, Entry>();
  return {
    async claim(message, { now, leaseMs }): Promise<ClaimOutcome> {
      const entry = entries.get(message.id);
      if (entry === undefined) {
        entries.set(message.id, { ...message, attempts: 1, claimedAt: now, doneAt: null });
        return { kind: 'claimed', attempt: 1 };
      }
      if (entry.doneAt !== null) return { kind: 'done' };
      if (entry.claimedAt > now - leaseMs) return { kind: 'busy' };
      entry.attempts += 1;
      entry.claimedAt = now;
      return { kind: 'claimed', attempt: entry.attempts };
    },
    async complete(id, now) {
      const entry = entries.get(id);
      if (entry !== undefined) entry.doneAt = now;
    },
    async release(id) {
      if (entries.get(id)?.doneAt === null) entries.delete(id);
    },
    async expired({ now, leaseMs, limit }) {
      return [...entries.values()]
        .filter((e) => e.doneAt === null && e.claimedAt <= now - leaseMs)
        .sort((a, b) => a.claimedAt - b.claimedAt)
        .slice(0, limit)
        .map(({ id, body, attempts, claimedAt }) => ({ id, body, attempts, claimedAt }));
    },
    async prune(doneBefore) {
      let removed = 0;
      for (const [id, entry] of entries) {
        if (entry.doneAt !== null && entry.doneAt < doneBefore) {
          entries.delete(id);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
