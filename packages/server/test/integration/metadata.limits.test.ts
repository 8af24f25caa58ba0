import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { createWith, created, ENV, manyKeys, METADATA_RESOURCES } from '../helpers/metadata.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Issue 16 point 3: Stripe's limits (50 keys, 40-character keys, 500-character values) on every
// resource with metadata, at creation and in a PATCH, each refusal pointing at the member.
describe.each(ENGINES)('metadata limits on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine, { env: ENV });

  beforeAll(async () => {
    ({ token } = await t.customer('Limits'));
  });

  const count = async (path: string) =>
    (await t.as(token, { method: 'GET', url: `${path}?limit=100` })).json<{ data: unknown[] }>()
      .data.length;

  describe.each(METADATA_RESOURCES)('$name', (resource) => {
    const longKey = 'k'.repeat(41);
    const cases: [string, Record<string, string>, string, string][] = [
      ['51 keys', manyKeys(51), '/metadata', 'INVALID_LENGTH'],
      ['a 41-character key', { [longKey]: 'v' }, `/metadata/${longKey}`, 'INVALID_LENGTH'],
      ['a 501-character value', { note: 'x'.repeat(501) }, '/metadata/note', 'INVALID_LENGTH'],
      ['a key with a bracket', { 'a[b': 'v' }, '/metadata/a[b', 'INVALID_FORMAT'],
      ['an empty key', { '': 'v' }, '/metadata/', 'INVALID_LENGTH'],
    ];

    it.each(cases)(
      'refuses %s with 400 pointing at it, creating nothing',
      async (_what, metadata, pointer, code) => {
        const before = await count(resource.path);
        const res = await createWith(t, token, resource, { metadata });
        const problem = expectProblem(res, 400, 'INVALID_DATA');
        expect(problem.errors).toContainEqual(
          expect.objectContaining({ pointer, code, in: 'body' }),
        );
        expect(await count(resource.path)).toBe(before);
      },
    );

    it('accepts exactly 50 keys, a 40-character key and a 500-character value', async () => {
      const metadata = { ...manyKeys(48), ['k'.repeat(40)]: 'v', note: 'x'.repeat(500) };
      const body = await created(t, token, resource, metadata);
      expect(body.metadata).toEqual(metadata);
    });

    it('refuses a value that is not a string', async () => {
      const res = await createWith(t, token, resource, { metadata: { n: 1 } });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors).toContainEqual(
        expect.objectContaining({ pointer: '/metadata/n', code: 'INVALID_TYPE' }),
      );
    });

    it('refuses a PATCH whose merged result would pass 50 keys, changing nothing', async () => {
      const { id } = await created(t, token, resource, manyKeys(30));
      const res = await t.as(token, {
        method: 'PATCH',
        url: `${resource.path}/${id}`,
        payload: {
          metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`n${i}`, 'v'])),
        },
      });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors).toEqual([
        expect.objectContaining({ pointer: '/metadata', code: 'INVALID_LENGTH' }),
      ]);
      const after = await t.as(token, { method: 'GET', url: `${resource.path}/${id}` });
      expect(after.json().metadata).toEqual(manyKeys(30));
    });

    it('refuses a 501-character value in a PATCH with its pointer', async () => {
      const { id } = await created(t, token, resource, { a: '1' });
      const res = await t.as(token, {
        method: 'PATCH',
        url: `${resource.path}/${id}`,
        payload: { metadata: { a: 'x'.repeat(501) } },
      });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors).toContainEqual(
        expect.objectContaining({ pointer: '/metadata/a', code: 'INVALID_LENGTH' }),
      );
    });
  });
});
