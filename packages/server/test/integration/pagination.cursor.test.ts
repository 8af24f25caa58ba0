import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('page parameters and cursors on %s', (engine) => {
  let alice: Awaited<ReturnType<TestApp['customer']>>;
  let bob: Awaited<ReturnType<TestApp['customer']>>;

  const t = useTestApp(engine, { env: { COFRE_RATE_LIMIT_PER_MINUTE: '0' } });

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
    for (let i = 0; i < 25; i++) {
      await t.as(alice.token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: i % 2 ? 'SAVING' : 'CHECKING' },
      });
      await t.as(bob.token, { method: 'POST', url: '/v1/accounts', payload: { type: 'SAVING' } });
    }
  });

  const get = (token: string, query: string) =>
    t.as(token, { method: 'GET', url: `/v1/accounts?${query}` });

  it('defaults to 10 items, newest first, with previousCursor null on the first page', async () => {
    const body = (await get(alice.token, '')).json();
    expect(body.meta).toMatchObject({
      total: 10,
      previousCursor: null,
      nextCursor: expect.any(String),
    });
    const times = body.data.map((a: { createdAt: string; id: string }) => `${a.createdAt}|${a.id}`);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('returns nextCursor null on the last page', async () => {
    const body = (await get(alice.token, 'limit=100')).json();
    expect(body.meta).toEqual({ total: 25, previousCursor: null, nextCursor: null });
  });

  it('rejects limits outside 1..100 and non-numbers', async () => {
    for (const limit of ['0', '101', '-1', 'ten', '2.5']) {
      const res = await get(alice.token, `limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ pointer: '/limit', in: 'query' });
    }
  });

  it('rejects unknown direction and sortOrder values', async () => {
    expect((await get(alice.token, 'sortOrder=UP')).json().code).toBe('INVALID_DATA');
    expect((await get(alice.token, 'direction=SIDEWAYS')).json().code).toBe('INVALID_DATA');
  });

  it('rejects a tampered, truncated or invented cursor', async () => {
    const cursor: string = (await get(alice.token, 'limit=5')).json().meta.nextCursor;
    const [payload, mac] = cursor.split('.');
    const altered = Buffer.from(
      JSON.stringify([0, 'acc_00000000000000000000000000', 'N']),
    ).toString('base64url');
    for (const bad of [
      `${altered}.${mac}`,
      cursor.slice(0, -2),
      'abc',
      `${payload}.`,
      `${payload}`,
    ]) {
      const res = await get(alice.token, `cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
  });

  it('rejects another customer’s cursor instead of answering a first page', async () => {
    const cursor = (await get(alice.token, 'limit=5')).json().meta.nextCursor;
    const res = await get(bob.token, `limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CURSOR');
  });

  it('binds a cursor to the filters and the sort order it was made for', async () => {
    const cursor = encodeURIComponent(
      (await get(alice.token, 'limit=3&type=SAVING')).json().meta.nextCursor,
    );
    expect((await get(alice.token, `limit=3&type=SAVING&cursor=${cursor}`)).statusCode).toBe(200);
    expect((await get(alice.token, `limit=3&type=CHECKING&cursor=${cursor}`)).json().code).toBe(
      'INVALID_CURSOR',
    );
    expect((await get(alice.token, `limit=3&cursor=${cursor}`)).json().code).toBe('INVALID_CURSOR');
    expect(
      (await get(alice.token, `limit=3&type=SAVING&sortOrder=ASCENDING&cursor=${cursor}`)).json()
        .code,
    ).toBe('INVALID_CURSOR');
  });

  it('lets the page size change between pages', async () => {
    const first = (await get(alice.token, 'limit=3')).json();
    const second = (
      await get(alice.token, `limit=7&cursor=${encodeURIComponent(first.meta.nextCursor)}`)
    ).json();
    expect(second.meta.total).toBe(7);
    const all = (await get(alice.token, 'limit=10')).json();
    expect([...first.data, ...second.data].map((a: { id: string }) => a.id)).toEqual(
      all.data.map((a: { id: string }) => a.id),
    );
  });

  it('refuses a direction that contradicts the cursor, and PREVIOUS without a cursor', async () => {
    const next = encodeURIComponent((await get(alice.token, 'limit=5')).json().meta.nextCursor);
    expect((await get(alice.token, `cursor=${next}&direction=PREVIOUS`)).json().code).toBe(
      'INVALID_CURSOR',
    );
    expect((await get(alice.token, 'direction=PREVIOUS')).json().code).toBe('INVALID_CURSOR');
    expect((await get(alice.token, 'direction=NEXT')).statusCode).toBe(200);
  });

  it('makes cursors opaque: no ids or customer in plain sight', async () => {
    const cursor: string = (await get(alice.token, 'limit=5')).json().meta.nextCursor;
    expect(cursor).not.toContain(alice.customerId);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});
