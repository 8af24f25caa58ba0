import { newId } from '@cofre/server';
import { sql } from 'kysely';
import { deliveryHeaders } from './internals.mjs';

const CHUNK = 1_000; // rows per INSERT: under both engines' bound-parameter limits

/**
 * Writes what recordEvent would have written for `events` ACCOUNT_CREATED events of one
 * customer with the given subscriptions, in bulk: the events, one message per event and
 * subscription (headers and signature fixed now, as record-event.ts does), and one due
 * `webhook.attempt` job per message with queue = subscription id and its allowance. Event i happens at
 * startMs + i, so jobs come due in event order and each event's messages span every
 * subscription: the worker sees the interleaving a real burst of events produces.
 */
export async function seedOutbox(db, engine, { customerId, subscriptions, events, startMs }) {
  // Each subscription's jobs share its allowance of attempts in flight (jobs.queue_limit, copied
  // from subscriptions.max_concurrency by record-event.ts).
  const limits = new Map(
    (
      await db
        .selectFrom('subscriptions')
        .select(['id', 'max_concurrency'])
        .where(
          'id',
          'in',
          subscriptions.map((s) => s.id),
        )
        .execute()
    ).map((row) => [row.id, row.max_concurrency]),
  );
  const eventRows = [];
  const messageRows = [];
  const jobRows = [];
  for (let i = 0; i < events; i++) {
    const at = startMs + i;
    const eventId = newId('event', at);
    const atTime = new Date(at).toISOString();
    const accountId = newId('account', at);
    // The same body shape record-event.ts builds; data is an account snapshot as the API shows it.
    const body = JSON.stringify({
      id: eventId,
      type: 'ACCOUNT_CREATED',
      resource: 'ACCOUNT',
      atTime,
      data: {
        id: accountId,
        type: 'CHECKING',
        status: 'OPENING',
        assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
        createdAt: atTime,
        updatedAt: atTime,
      },
    });
    eventRows.push({
      id: eventId,
      customer_id: customerId,
      type: 'ACCOUNT_CREATED',
      resource: 'ACCOUNT',
      resource_id: accountId,
      payload: body,
      created_at: at,
    });
    for (const subscription of subscriptions) {
      const messageId = newId('message', at);
      const headers = deliveryHeaders({
        webhookKeys: [subscription.webhookKey],
        messageId,
        eventType: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        createdAtMs: at,
        body,
      });
      messageRows.push({
        id: messageId,
        customer_id: customerId,
        subscription_id: subscription.id,
        event_id: eventId,
        event_type: 'ACCOUNT_CREATED',
        headers: JSON.stringify(headers),
        status: 'PENDING',
        attempts: 0,
        last_attempt_at: null,
        last_attempt_status: null,
        created_at: at,
        updated_at: at,
      });
      jobRows.push({
        id: newId('job', at),
        kind: 'webhook.attempt',
        queue: subscription.id,
        queue_limit: limits.get(subscription.id) ?? 4,
        subject_id: messageId,
        run_at: at,
        lease_owner: null,
        lease_expires_at: null,
        claims: 0,
        created_at: at,
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of [
      ['events', eventRows],
      ['messages', messageRows],
      ['jobs', jobRows],
    ]) {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + CHUNK))
          .execute();
      }
    }
  });
  // What autovacuum would do soon after a bulk load: the claim query is planned with statistics.
  if (engine === 'postgres') await sql`ANALYZE jobs, messages, events`.execute(db);
  return { events: eventRows.length, messages: messageRows.length };
}
