import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_WEIGHT } from '../../src/lib/pagination.js';
import { entityTag } from '../../src/plugins/conditional-get.js';
import { PACED_WRITE_BYTES } from '../../src/lib/paced-body.js';
import { listAccounts } from '../../src/modules/accounts/accounts.repository.js';
import { listOperations } from '../../src/operations/operations.repository.js';
import { listEvents } from '../../src/webhooks/events/events-feed.repository.js';
import { ENV, METADATA_RESOURCES, createWith } from '../helpers/metadata.js';
import { postDeposit } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, useSandboxApp } from '../helpers/world.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 23 point 6: a page stops early once its items' large members (metadata, an event's
// body) reach PAGE_WEIGHT, short with a cursor onward; walking the list still gives every item
// once, in order, both ways (docs/api.md "Pagination").

/** Metadata at every maximum: 50 keys of 40 characters, values of 500 (about 27 KB stored). */
const maximal = (salt: number): Record<string, string> =>
  Object.fromEntries(
    Array.from({ length: 50 }, (_, j) => [
      `${String(j).padStart(2, '0')}-${'k'.repeat(37)}`,
      `${salt}-${j}-`.padEnd(500, 'v'),
    ]),
  );

/** A body's largest allowed size: the budget, one item past it, and the page's own members. */
const MAX_PAGE_BYTES = PAGE_WEIGHT + 2 * 30_000;

interface Page {
  data: { id: string }[];
  meta: { nextCursor: string | null; previousCursor: string | null; total: number };
}

/**
 * Walks `path` forward from the first page with the largest limit, then back from the last
 * page; answers each walk's ids in display order and the size of every page.
 */
async function walk(t: TestApp, token: string, path: string) {
  const sizes: number[] = [];
  const bodies: number[] = [];
  const read = async (query: string) => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.as(token, { method: 'GET', url: `${path}${sep}limit=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    bodies.push(Buffer.byteLength(res.body));
    const page = res.json<Page>();
    expect(page.meta.total).toBe(page.data.length);
    sizes.push(page.data.length);
    return page;
  };
  const forward: string[] = [];
  let page = await read('');
  let last = page;
  forward.push(...page.data.map((item) => item.id));
  while (page.meta.nextCursor) {
    page = await read(`&cursor=${encodeURIComponent(page.meta.nextCursor)}`);
    forward.push(...page.data.map((item) => item.id));
    if (page.data.length > 0) last = page;
  }
  const backward: string[] = [...last.data.map((item) => item.id)];
  page = last;
  while (page.meta.previousCursor) {
    page = await read(`&cursor=${encodeURIComponent(page.meta.previousCursor)}`);
    backward.unshift(...page.data.map((item) => item.id));
  }
  return { forward, backward, sizes, bodies };
}

/** The first page of a list, newest first, with the largest limit. */
const plan = {
  after: undefined,
  order: 'desc',
  fetch: 101,
  limit: 100,
  direction: 'NEXT',
  from: undefined,
} as const;

/**
 * The rows up to the one whose weighed member (metadata, an event's body) reaches the budget, and
 * one more: no more were read.
 */
function expectReadWithinWeight(members: string[]) {
  const weights = members.map((member) => Buffer.byteLength(member));
  const reaching = weights.findIndex(
    (_w, i) => weights.slice(0, i + 1).reduce((a, b) => a + b, 0) >= PAGE_WEIGHT,
  );
  expect(reaching).toBeGreaterThan(0);
  expect(members).toHaveLength(reaching + 2);
}

const HEAVY = 14;
const LIGHT = 5;

describe.each(ENGINES)('pages cut by weight on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine, { env: ENV });
  let token: string;
  let customerId: string;

  beforeAll(async () => {
    ({ token, customerId } = await t.customer('Heavy pages'));
  });

  describe.each(METADATA_RESOURCES)('$name', (resource) => {
    it('cuts a page of maximal metadata short, and a walk still gives every item once, both ways', async () => {
      const made: string[] = [];
      // Light ones first, then heavy ones: the newest (first) pages are the heavy ones.
      for (let i = 0; i < LIGHT + HEAVY; i++) {
        const metadata = i < LIGHT ? { n: String(i) } : maximal(i);
        const res = await createWith(t, token, resource, { metadata });
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json<{ id: string }>().id);
      }
      const { forward, backward, sizes, bodies } = await walk(t, token, resource.path);
      const newestFirst = forward.filter((id) => made.includes(id));
      expect(newestFirst).toEqual([...made].reverse());
      expect(new Set(forward).size).toBe(forward.length);
      expect(backward).toEqual(forward);
      // About 27 KB each: the first page stops at about 10 heavy items, with a cursor onward.
      expect(sizes[0]).toBeGreaterThan(1);
      expect(sizes[0]).toBeLessThan(HEAVY);
      for (const size of bodies) expect(size).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    });
  });

  it('reads a page of heavy accounts within the weight in the statement, not limit + 1 rows', async () => {
    // The accounts above: the newest are heavy. The plain list's statement answers the rows up
    // to the one that reaches the budget, and one more (db/page-weight.ts).
    const { rows } = await listAccounts(t.handle.db, customerId, {}, plan);
    expectReadWithinWeight(rows.map((row) => row.metadata));
  });

  it('sends a heavy page in pieces with its whole length and tag, and a 304 while unchanged', async () => {
    // The accounts above: the first page weighs about PAGE_WEIGHT, more than one piece
    // (plugins/paced-writes.ts); the ETag is still over the whole body (conditional-get.ts).
    const res = await t.as(token, { method: 'GET', url: '/v1/accounts?limit=100' });
    expect(res.statusCode).toBe(200);
    const bytes = Buffer.byteLength(res.body);
    expect(bytes).toBeGreaterThan(PACED_WRITE_BYTES);
    expect(res.headers['content-length']).toBe(String(bytes));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe(entityTag(res.body));
    const again = await t.as(token, {
      method: 'GET',
      url: '/v1/accounts?limit=100',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('weighs bytes, not characters, in the statement and in the cut alike', async () => {
    // Values of 500 two-byte characters: about 52 KB stored each, so the page ends at its fifth
    // item by bytes where a count of characters would take nine. A statement that counted
    // characters would read rows past the cut; a cut that did would ask for rows never read.
    const other = await t.customer('Multibyte pages');
    const made: string[] = [];
    for (let i = 0; i < 8; i++) {
      const metadata = Object.fromEntries(
        Object.entries(maximal(i)).map(([k, v]) => [k, v.replace(/v/g, 'ç')]),
      );
      const res = await t.as(other.token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', name: `Multibyte ${i}`, assets: ['BRL'], metadata },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ id: string }>().id);
    }
    const { rows } = await listAccounts(t.handle.db, other.customerId, {}, plan);
    expectReadWithinWeight(rows.map((row) => row.metadata));
    const first = await t.as(other.token, { method: 'GET', url: '/v1/accounts?limit=100' });
    const page = first.json<Page>();
    expect(page.data.map((a) => a.id)).toEqual([...made].reverse().slice(0, rows.length - 1));
    expect(page.meta.nextCursor).not.toBeNull();
  });

  it('cuts the events feed by its events’ bodies the same way', async () => {
    // The accounts above made one ACCOUNT_CREATED each, their snapshots with the metadata. The
    // feed's statement reads within the weight too (events-feed.repository.ts).
    const events = await listEvents(t.handle.db, customerId, { types: ['ACCOUNT_CREATED'] }, plan);
    expectReadWithinWeight(events.map((event) => event.payload));
    const { forward, backward, sizes, bodies } = await walk(
      t,
      token,
      '/v1/events?type=ACCOUNT_CREATED',
    );
    expect(forward.length).toBeGreaterThanOrEqual(LIGHT + HEAVY);
    expect(new Set(forward).size).toBe(forward.length);
    expect(backward).toEqual(forward);
    expect(sizes[0]).toBeLessThan(HEAVY);
    for (const size of bodies) expect(size).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  });

  it('cuts operations, whose metadata starts as their account’s, the same way', async () => {
    const accountId = await activeAccount(t, clock, token);
    const patched = await t.as(token, {
      method: 'PATCH',
      url: `/v1/accounts/${accountId}`,
      payload: { metadata: maximal(99) },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const made: string[] = [];
    for (let i = 0; i < HEAVY; i++) {
      const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: `${i + 1}.00` });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ id: string }>().id);
    }
    // The plain list's statement reads within the weight too (db/metadata-filter.ts).
    const { rows } = await listOperations(t.handle.db, customerId, {}, plan);
    expectReadWithinWeight(rows.map((row) => row.metadata));
    const { forward, backward, sizes, bodies } = await walk(
      t,
      token,
      `/v1/operations?accountId=${accountId}`,
    );
    expect(forward).toEqual([...made].reverse());
    expect(backward).toEqual(forward);
    expect(sizes[0]).toBeLessThan(HEAVY);
    for (const size of bodies) expect(size).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  });

  it('cuts a subscription’s messages by their payloads the same way', async () => {
    // The subscriptions above take every event: the deposits' events carry maximal metadata.
    const newest = await t.as(token, { method: 'GET', url: '/v1/subscriptions?limit=1' });
    const subscriptionId = newest.json<{ data: { id: string }[] }>().data[0]!.id;
    const { forward, backward, sizes, bodies } = await walk(
      t,
      token,
      `/v1/subscriptions/${subscriptionId}/messages`,
    );
    expect(forward.length).toBeGreaterThanOrEqual(HEAVY);
    expect(new Set(forward).size).toBe(forward.length);
    expect(backward).toEqual(forward);
    expect(Math.min(...sizes.slice(0, -1))).toBeLessThan(HEAVY);
    for (const size of bodies) expect(size).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  });
});
