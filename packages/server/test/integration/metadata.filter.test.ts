import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { created, ENV, METADATA_RESOURCES } from '../helpers/metadata.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Page {
  data: { id: string; metadata: Record<string, string> }[];
  meta: { nextCursor: string | null; previousCursor: string | null; total: number };
}

// Issue 16 point 3: lists filter by `metadata[key]=value` (several pairs ANDed), only ever over
// the caller's own resources, and a cursor is bound to the filter it was handed out for.
describe.each(ENGINES)('metadata list filter on %s', (engine) => {
  const t = useTestApp(engine, { env: ENV });

  describe.each(METADATA_RESOURCES)('$name', (resource) => {
    let token: string;
    let web: string[];
    let webVip: string;
    let mobile: string;

    beforeAll(async () => {
      ({ token } = await t.customer(`Filter ${resource.name}`));
      web = [];
      for (let i = 0; i < 3; i++) {
        web.push((await created(t, token, resource, { channel: 'web', n: String(i) })).id);
      }
      webVip = (await created(t, token, resource, { channel: 'web', tier: 'vip' })).id;
      mobile = (await created(t, token, resource, { channel: 'mobile', tier: 'vip' })).id;
      await created(t, token, resource);
      // Another customer's resources with the same pairs never appear.
      const other = await t.customer(`Other ${resource.name}`);
      await created(t, other.token, resource, { channel: 'web', tier: 'vip' });
    });

    const list = async (query: string) => {
      const res = await t.as(token, { method: 'GET', url: `${resource.path}?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const ids = (page: Page) => page.data.map((item) => item.id);

    it('lists only the items with the pair', async () => {
      const page = await list('metadata[channel]=web&sortOrder=ASCENDING');
      expect(ids(page)).toEqual([...web, webVip]);
    });

    it('ANDs several pairs, in any order', async () => {
      expect(ids(await list('metadata[channel]=web&metadata[tier]=vip'))).toEqual([webVip]);
      expect(ids(await list('metadata[tier]=vip&metadata[channel]=web'))).toEqual([webVip]);
      expect(ids(await list('metadata[tier]=vip&sortOrder=ASCENDING'))).toEqual([webVip, mobile]);
    });

    it('answers an empty page when nothing matches, value compared exactly', async () => {
      for (const query of [
        'metadata[channel]=fax',
        'metadata[channel]=WEB',
        'metadata[nokey]=web',
      ]) {
        const page = await list(query);
        expect(page.data, query).toEqual([]);
        expect(page.meta).toEqual({ total: 0, nextCursor: null, previousCursor: null });
      }
    });

    it('reads percent-encoded keys and values', async () => {
      const { id } = await created(t, token, resource, { 'order id': 'a&b=c' });
      const page = await list(
        `${encodeURIComponent('metadata[order id]')}=${encodeURIComponent('a&b=c')}`,
      );
      expect(ids(page)).toEqual([id]);
    });

    it('follows a PATCH: a removed pair no longer matches, a new one does', async () => {
      const { id } = await created(t, token, resource, { stage: 'draft' });
      expect(ids(await list('metadata[stage]=draft'))).toEqual([id]);
      await t.as(token, {
        method: 'PATCH',
        url: `${resource.path}/${id}`,
        payload: { metadata: { stage: 'final' } },
      });
      expect(ids(await list('metadata[stage]=draft'))).toEqual([]);
      expect(ids(await list('metadata[stage]=final'))).toEqual([id]);
      await t.as(token, {
        method: 'PATCH',
        url: `${resource.path}/${id}`,
        payload: { metadata: null },
      });
      expect(ids(await list('metadata[stage]=final'))).toEqual([]);
    });

    it('pages through a filtered list forward and back with its cursors', async () => {
      const first = await list('metadata[channel]=web&limit=2&sortOrder=ASCENDING');
      expect(ids(first)).toEqual(web.slice(0, 2));
      const cursor = first.meta.nextCursor!;
      const second = await list(
        `metadata[channel]=web&limit=2&sortOrder=ASCENDING&cursor=${cursor}`,
      );
      expect(ids(second)).toEqual([web[2], webVip]);
      const back = await list(
        `metadata[channel]=web&limit=2&sortOrder=ASCENDING&cursor=${second.meta.previousCursor}`,
      );
      expect(ids(back)).toEqual(ids(first));
    });

    it('refuses a cursor with another metadata filter, or with none', async () => {
      const first = await list('metadata[channel]=web&limit=1');
      const cursor = first.meta.nextCursor!;
      for (const query of [
        `metadata[channel]=mobile&limit=1&cursor=${cursor}`,
        `metadata[channel]=web&metadata[tier]=vip&limit=1&cursor=${cursor}`,
        `limit=1&cursor=${cursor}`,
      ]) {
        const res = await t.as(token, { method: 'GET', url: `${resource.path}?${query}` });
        expectProblem(res, 400, 'INVALID_CURSOR');
      }
    });

    it('refuses a filter that is not key/value pairs within the limits', async () => {
      const cases: [string, string][] = [
        ['metadata=web', '/metadata'],
        ['metadata[channel]=', '/metadata/channel'],
        [`metadata[${'k'.repeat(41)}]=v`, `/metadata/${'k'.repeat(41)}`],
        [`metadata[a]=${'x'.repeat(501)}`, '/metadata/a'],
        ['metadata[a]=1&metadata[a]=2', '/metadata/a'],
        ['metadata[]=v', '/metadata/'],
      ];
      for (const [query, pointer] of cases) {
        const res = await t.as(token, { method: 'GET', url: `${resource.path}?${query}` });
        const problem = expectProblem(res, 400, 'INVALID_DATA');
        expect(problem.errors, query).toContainEqual(
          expect.objectContaining({ pointer, in: 'query' }),
        );
      }
    });

    it('still refuses an unknown bracketed parameter', async () => {
      const res = await t.as(token, { method: 'GET', url: `${resource.path}?meta[a]=1` });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors).toContainEqual(
        expect.objectContaining({ pointer: '/meta[a]', code: 'UNKNOWN_FIELD' }),
      );
    });
  });
});
