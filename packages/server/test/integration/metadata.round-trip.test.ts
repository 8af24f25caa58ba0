import { beforeAll, describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { activateAssets } from '../../src/modules/accounts/accounts.lifecycle.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { created, ENV, METADATA_RESOURCES } from '../helpers/metadata.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 16 point 3: metadata given at creation comes back in every view and in the events'
// snapshots; a PATCH merges it (Stripe's rule); an idempotent replay answers the same body.
describe.each(ENGINES)('metadata round trip on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine, { env: ENV });

  beforeAll(async () => {
    ({ token } = await t.customer('Round trip'));
  });

  const get = async (path: string, id: string) =>
    (await t.as(token, { method: 'GET', url: `${path}/${id}` })).json<{
      metadata: Record<string, string>;
      updatedAt: string;
    }>();
  const patch = (path: string, id: string, payload: unknown) =>
    t.as(token, { method: 'PATCH', url: `${path}/${id}`, payload: payload as object });

  describe.each(METADATA_RESOURCES)('$name', (resource) => {
    it('shows the metadata given at creation in the answer, the read and the list', async () => {
      const metadata = { orderId: '6735', 'ünïcode key': 'välue with spaces', 'a/b~c': 'x' };
      const body = await created(t, token, resource, metadata);
      expect(body.metadata).toEqual(metadata);
      expect((await get(resource.path, body.id)).metadata).toEqual(metadata);
      const page = await t.as(token, { method: 'GET', url: `${resource.path}?limit=100` });
      const listed = page
        .json<{ data: { id: string; metadata: unknown }[] }>()
        .data.find((item) => item.id === body.id);
      expect(listed?.metadata).toEqual(metadata);
    });

    it('lists metadata that JSON escapes, or that looks like a slot, exactly as the read shows it, in both directions', async () => {
      // Lists write the stored metadata into the page as stored (lib/stored-metadata.ts): the
      // page must still be the JSON of what was given, whatever the characters.
      const tricky = {
        '"quoted" \\ key': 'back\\slash "and" quotes',
        lines: 'a\nb\u2028c\u2029d\te',
        slot: '{"\\u0000":"0"}',
        emoji: '💸 ünïcode',
      } as Record<string, string>;
      const ids = [
        (await created(t, token, resource, { plain: 'first' })).id,
        (await created(t, token, resource, tricky)).id,
        (await created(t, token, resource)).id,
      ];
      const expected = new Map<string, unknown>();
      for (const id of ids) expected.set(id, (await get(resource.path, id)).metadata);
      expect(expected.get(ids[1]!)).toEqual(JSON.parse(JSON.stringify(tricky)));
      const first = await t.as(token, { method: 'GET', url: `${resource.path}?limit=2` });
      expect(first.statusCode, first.body).toBe(200);
      const next = first.json<{ meta: { nextCursor: string } }>().meta.nextCursor;
      const second = await t.as(token, {
        method: 'GET',
        url: `${resource.path}?limit=2&cursor=${encodeURIComponent(next)}&direction=NEXT`,
      });
      const back = await t.as(token, {
        method: 'GET',
        url: `${resource.path}?limit=2&cursor=${encodeURIComponent(
          second.json<{ meta: { previousCursor: string } }>().meta.previousCursor,
        )}&direction=PREVIOUS`,
      });
      for (const res of [first, second, back]) {
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        for (const item of res.json<{ data: { id: string; metadata: unknown }[] }>().data) {
          if (expected.has(item.id)) expect(item.metadata).toEqual(expected.get(item.id));
        }
      }
      expect(back.json().data).toEqual(first.json().data);
    });

    it('shows {} when none was given, and drops empty values at creation', async () => {
      expect((await created(t, token, resource)).metadata).toEqual({});
      expect((await created(t, token, resource, { gone: '', kept: 'yes' })).metadata).toEqual({
        kept: 'yes',
      });
    });

    it('merges a PATCH: a key given replaces, "" removes, others stay', async () => {
      const { id } = await created(t, token, resource, { a: '1', b: '2', c: '3' });
      const res = await patch(resource.path, id, { metadata: { a: 'one', b: '', d: '4' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().metadata).toEqual({ a: 'one', c: '3', d: '4' });
      expect((await get(resource.path, id)).metadata).toEqual({ a: 'one', c: '3', d: '4' });
    });

    it('changes nothing on metadata {} and removes every key on null', async () => {
      const { id } = await created(t, token, resource, { a: '1', b: '2' });
      expect((await patch(resource.path, id, { metadata: {} })).json().metadata).toEqual({
        a: '1',
        b: '2',
      });
      expect((await patch(resource.path, id, { metadata: null })).json().metadata).toEqual({});
      expect((await get(resource.path, id)).metadata).toEqual({});
    });

    it('keeps every key of concurrent PATCHes of one resource (none loses the other)', async () => {
      const { id } = await created(t, token, resource, { base: '0' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          patch(resource.path, id, { metadata: { [`key${i}`]: String(i) } }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect((await get(resource.path, id)).metadata).toEqual({
        base: '0',
        ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`key${i}`, String(i)])),
      });
      const filtered = await t.as(token, {
        method: 'GET',
        url: `${resource.path}?metadata[key7]=7&metadata[base]=0`,
      });
      expect(filtered.json().data.map((item: { id: string }) => item.id)).toEqual([id]);
    });

    it("answers 404 for a PATCH of another customer's resource, changing nothing", async () => {
      const { id } = await created(t, token, resource, { a: '1' });
      const other = await t.customer('Other');
      const res = await t.as(other.token, {
        method: 'PATCH',
        url: `${resource.path}/${id}`,
        payload: { metadata: { a: 'stolen' } },
      });
      expectProblem(res, 404, 'RESOURCE_NOT_FOUND');
      expect((await get(resource.path, id)).metadata).toEqual({ a: '1' });
    });

    it('replays an idempotent creation with the same metadata and creates one resource', async () => {
      const headers = { 'idempotency-key': `meta-${resource.name}-${engine}` };
      const payload = resource.body({ metadata: { ref: 'R-1' } }, 9_999);
      const send = () => t.as(token, { method: 'POST', url: resource.path, payload, headers });
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      const replay = await send();
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(replay.json().metadata).toEqual({ ref: 'R-1' });
      const filtered = await t.as(token, {
        method: 'GET',
        url: `${resource.path}?metadata[ref]=R-1`,
      });
      expect(filtered.json().data.map((item: { id: string }) => item.id)).toEqual([
        first.json().id,
      ]);
    });
  });

  it('carries the metadata in the account events, creation and lifecycle alike', async () => {
    const { id } = await created(t, token, METADATA_RESOURCES[0]!, { team: 'ops' });
    await patch('/v1/accounts', id, { metadata: { team: 'finance' } });
    // The sandbox's onboarding step emits ACCOUNT_ASSET_ACTIVATED with the account as it is then.
    const queue = new JobQueue(t.handle.db, dialectFor(engine), t.clock, new JobSignal());
    await transact(t.handle.db, (tx) => activateAssets(tx, { queue }, id, t.clock.now()));
    const events = await eventsOf(id);
    expect(events.map((e) => [e.type, e.data.metadata])).toEqual([
      ['ACCOUNT_CREATED', { team: 'ops' }],
      ['ACCOUNT_ASSET_ACTIVATED', { team: 'finance' }],
    ]);
  });

  it('carries the metadata in the beneficiary events', async () => {
    const { id } = await created(t, token, METADATA_RESOURCES[1]!, { supplier: 'S-77' });
    const events = await eventsOf(id);
    expect(events.map((e) => [e.type, e.data.metadata])).toEqual([
      ['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', { supplier: 'S-77' }],
    ]);
  });

  async function eventsOf(resourceId: string) {
    const rows = await t.handle.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('resource_id', '=', resourceId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      type: r.type,
      data: (JSON.parse(r.payload) as { data: { metadata: unknown } }).data,
    }));
  }
});
