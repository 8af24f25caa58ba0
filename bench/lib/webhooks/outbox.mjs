import { JobSignal, newId, systemClock } from '@cofre/server';
import { sql } from 'kysely';
import { dialectFor, JobQueue, recordEvent, transact } from './internals.mjs';

const EVENTS_PER_TRANSACTION = 200;

/**
 * Fills the outbox with `events` ACCOUNT_CREATED events of one customer through the server's own
 * `recordEvent()` (`@cofre/server/internals`), so the bench writes exactly what a request writes
 * and cannot drift from it: each event and its durable `webhook.fanout` job, which the worker
 * expands into one message and one attempt job per subscription (webhooks/events/fan-out.ts).
 * The subscriptions must exist before the events' time (bench insertSubscriptions dates them an
 * hour back). Event i happens at startMs + i, so jobs come due in event order and each event's
 * messages span every subscription: the worker sees the interleaving a real burst produces.
 * Many events share a transaction: seeding is not what is measured.
 */
export async function seedOutbox(db, engine, { customerId, subscriptions, events, startMs }) {
  const queue = new JobQueue(db, dialectFor(engine), systemClock, new JobSignal());
  for (let first = 0; first < events; first += EVENTS_PER_TRANSACTION) {
    await transact(db, async (tx) => {
      for (let i = first; i < Math.min(events, first + EVENTS_PER_TRANSACTION); i++) {
        const at = startMs + i;
        const accountId = newId('account', at);
        const atTime = new Date(at).toISOString();
        await recordEvent(tx, queue, {
          customerId,
          type: 'ACCOUNT_CREATED',
          resource: 'ACCOUNT',
          resourceId: accountId,
          // An account snapshot as the API shows it.
          data: {
            id: accountId,
            type: 'CHECKING',
            status: 'OPENING',
            assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
            createdAt: atTime,
            updatedAt: atTime,
          },
          at,
        });
      }
    });
  }
  // What autovacuum would do soon after a bulk load: the claim query is planned with statistics.
  if (engine === 'postgres') await sql`ANALYZE jobs, messages, events`.execute(db);
  return { events, messages: events * subscriptions.length };
}
