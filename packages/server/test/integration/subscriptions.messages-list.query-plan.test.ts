import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import { planPage, type SortOrder } from '../../src/lib/pagination.js';
import { subscriptionMessagesQuery } from '../../src/webhooks/messages/subscription-messages.repository.js';
import { numbered } from '../helpers/fan-out.js';
import { planOf as planOfStatement } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { createSubscription } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const MESSAGES_PER_SUBSCRIPTION = 2_000;
const T0 = Date.UTC(2026, 0, 1);

/**
 * A page of `GET /v1/subscriptions/{id}/messages` is one range of the index
 * messages_subscription_sequence on both engines, in order: no scan of the subscription's
 * messages and no sort, whatever `afterSequence`, the cursor or the order (migration 0031).
 */
describe.each(ENGINES)('the messages list’s query plans on %s', (engine) => {
  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });
  const codec = new CursorCodec(Buffer.alloc(32, 7));
  let customerId: string;
  let subscriptionId: string;

  beforeAll(async () => {
    const customer = await t.customer();
    customerId = customer.customerId;
    const ids = [];
    for (let s = 0; s < 3; s++) {
      const sub = await createSubscription(t, customer.token, {
        url: 'http://127.0.0.1:8999/hooks',
        includeAll: true,
      });
      ids.push(sub.id);
    }
    subscriptionId = ids[0]!;
    const events = [];
    const messages = [];
    for (let i = 0; i < MESSAGES_PER_SUBSCRIPTION; i++) {
      const at = T0 + i * 1_000;
      const eventId = newId('event', at);
      events.push({
        id: eventId,
        customer_id: customerId,
        type: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        resource_id: `acc_${i}`,
        payload: '{}',
        created_at: at,
      });
      for (const id of ids) {
        messages.push({
          id: newId('message', at),
          customer_id: customerId,
          subscription_id: id,
          event_id: eventId,
          event_type: 'ACCOUNT_CREATED',
          headers: '{}',
          status: 'SUCCEEDED' as const,
          attempts: 1,
          last_attempt_at: at,
          last_attempt_status: 'SUCCESS' as const,
          created_at: at,
          updated_at: at,
        });
      }
    }
    for (let i = 0; i < events.length; i += 500)
      await t.handle.db
        .insertInto('events')
        .values(events.slice(i, i + 500))
        .execute();
    const rows = await numbered(t.handle.db, messages);
    for (let i = 0; i < rows.length; i += 500)
      await t.handle.db
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    await t.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  /** The statement of one page, as the service asks the repository for it. */
  const pageQuery = (afterSequence: number, sortOrder: SortOrder, cursorAt?: number) => {
    const binding = { customerId, scope: 'plan' };
    const cursor =
      cursorAt === undefined
        ? undefined
        : codec.encode({ sortValue: cursorAt, id: 'msg_x', direction: 'NEXT' }, binding);
    const plan = planPage(
      { limit: 10, sortOrder, ...(cursor === undefined ? {} : { cursor }) },
      codec,
      binding,
    );
    return subscriptionMessagesQuery(t.handle.db, customerId, subscriptionId, afterSequence, plan);
  };

  it.each([
    ['the first page', 0, 'ASCENDING', undefined],
    ['a page after a sequence', 1_500, 'ASCENDING', undefined],
    ['a page from a cursor', 0, 'ASCENDING', 900],
    ['the newest first', 0, 'DESCENDING', undefined],
    ['the newest first from a cursor', 100, 'DESCENDING', 1_200],
  ] as [string, number, SortOrder, number | undefined][])(
    'reads %s as one range of messages_subscription_sequence, in order',
    async (_, afterSequence, sortOrder, cursorAt) => {
      const query = pageQuery(afterSequence, sortOrder, cursorAt);
      const plan = await planOfStatement(t.handle.db, engine, query.compile());
      expect(plan).toContain('messages_subscription_sequence');
      if (engine === 'postgres') expect(plan).not.toMatch(/Seq Scan on messages|Sort/);
      else expect(plan).not.toMatch(/SCAN m(?! USING)\b|TEMP B-TREE/);
      // And it answers the page it plans: the limit and one more (is there a next page?).
      expect(await query.execute()).toHaveLength(11);
    },
  );
});
