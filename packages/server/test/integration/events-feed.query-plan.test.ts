import { CompiledQuery, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import { planPage } from '../../src/lib/pagination.js';
import { expiredEventsQuery } from '../../src/webhooks/events/event-retention.repository.js';
import {
  deliveriesQuery,
  eventsPageQuery,
  type EventFilters,
} from '../../src/webhooks/events/events-feed.repository.js';
import { numbered } from '../helpers/fan-out.js';
import { planOf as planOfStatement } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { ACCOUNT_CREATED_ONLY, createSubscription } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const CUSTOMERS = 4;
const EVENTS_PER_CUSTOMER = 1_500;
const TYPES = ['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED', 'OPERATION_REQUESTED'] as const;
const T0 = Date.UTC(2026, 0, 1);

/**
 * The feed's queries read their rows in index order on both engines: no table scan and no sort
 * for the unfiltered feed, one type, one resource, a time window, and a cursor; the deliveries
 * of a page and the retention job's candidates come from an index too (migration 0016).
 */
describe.each(ENGINES)('events feed query plans on %s', (engine) => {
  let customerId: string;
  let eventIds: string[];
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  beforeAll(async () => {
    const customers = [];
    for (let c = 0; c < CUSTOMERS; c++) customers.push(await t.customer(`C${c}`));
    customerId = customers[0]!.customerId;
    const sub = await createSubscription(t, customers[0]!.token, {
      url: 'http://127.0.0.1:8999/hooks',
      resources: ACCOUNT_CREATED_ONLY,
    });
    const events = [];
    const messages = [];
    for (const customer of customers) {
      for (let i = 0; i < EVENTS_PER_CUSTOMER; i++) {
        const at = T0 + i * 1_000;
        const id = newId('event', at);
        const type = TYPES[i % TYPES.length]!;
        events.push({
          id,
          customer_id: customer.customerId,
          type,
          resource: type.startsWith('ACCOUNT') ? 'ACCOUNT' : 'OPERATION',
          resource_id: `acc_${customer.customerId.slice(4)}${i % 50}`,
          payload: '{}',
          created_at: at,
        });
        if (customer === customers[0]) {
          messages.push({
            id: newId('message', at),
            customer_id: customer.customerId,
            subscription_id: sub.id,
            event_id: id,
            event_type: type,
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
    }
    for (let i = 0; i < events.length; i += 500) {
      await t.handle.db
        .insertInto('events')
        .values(events.slice(i, i + 500))
        .execute();
    }
    const rows = await numbered(t.handle.db, messages);
    for (let i = 0; i < rows.length; i += 500) {
      await t.handle.db
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    eventIds = events.filter((e) => e.customer_id === customerId).map((e) => e.id);
    await t.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  /** The engine's plan of a query, as text lines. */
  const planOf = (query: Compilable): Promise<string> =>
    planOfStatement(t.handle.db, engine, query.compile());

  const page = (filters: EventFilters, cursor?: string) => {
    const binding = { customerId, scope: 'plan' };
    const plan = planPage(
      cursor === undefined ? { limit: 10 } : { limit: 10, cursor },
      codec,
      binding,
    );
    return eventsPageQuery(t.handle.db, customerId, filters, plan);
  };
  const cursorAt = (index: number) =>
    codec.encode(
      { sortValue: T0 + index * 1_000, id: eventIds[index]!, direction: 'NEXT' },
      { customerId, scope: 'plan' },
    );

  /** Read through `index` in order: no full scan of the table, no sort step. */
  const expectIndexOrder = (plan: string, index: string) => {
    expect(plan).toContain(index);
    if (engine === 'postgres') {
      expect(plan).not.toMatch(/Seq Scan on events|Sort/);
    } else {
      expect(plan).not.toMatch(/SCAN events(?! USING)|TEMP B-TREE/);
    }
  };

  it.each([
    ['the unfiltered feed', {}, 'events_customer_created'],
    ['one type', { types: ['ACCOUNT_CREATED'] }, 'events_customer_type_created'],
    ['one resource', { resourceId: `acc_x1` }, 'events_customer_resource_created'],
    ['a time window', { from: T0 + 100_000, to: T0 + 900_000 }, 'events_customer_created'],
  ] as [string, EventFilters, string][])('reads %s in index order', async (_, filters, index) => {
    expectIndexOrder(await planOf(page(filters)), index);
  });

  it('continues from a cursor in index order', async () => {
    expectIndexOrder(await planOf(page({}, cursorAt(700))), 'events_customer_created');
    expectIndexOrder(
      await planOf(page({ types: ['ACCOUNT_CREATED'] }, cursorAt(699))),
      'events_customer_type_created',
    );
  });

  it('finds a page’s deliveries through messages_event', async () => {
    const plan = await planOf(deliveriesQuery(t.handle.db, customerId, eventIds.slice(0, 10)));
    expect(plan).toContain('messages_event');
    expect(plan).not.toMatch(/Seq Scan on messages|SCAN messages(?! USING)/);
  });

  it('finds the retention job’s candidates through events_created and messages_event', async () => {
    const plan = await planOf(
      expiredEventsQuery(t.handle.db, { before: T0 + 600_000, limit: 500 }),
    );
    expect(plan).toContain('events_created');
    expect(plan).toContain('messages_event');
    expect(plan).not.toMatch(/Seq Scan on (events|messages)|SCAN (e|m)(?! USING)\b/);
  });
});
