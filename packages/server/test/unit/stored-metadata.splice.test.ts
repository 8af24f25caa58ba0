import { describe, expect, it } from 'vitest';
import { StoredMetadata } from '../../src/lib/stored-metadata.js';

// lib/stored-metadata.ts: a list page's metadata is written into the serialised page as stored.
describe('stored metadata in a serialised page', () => {
  const serialise = (value: unknown) => JSON.stringify(value);

  it('puts each stored text in its own slot, whatever the order the slots are written in', () => {
    const stored = new StoredMetadata();
    const a = { id: 'a', metadata: stored.slot('{"k":"one"}') };
    const b = { id: 'b', metadata: stored.slot('{"k":"two \\"quoted\\""}') };
    const page = { data: [b, a], meta: { total: 2 } };
    expect(JSON.parse(stored.splice(serialise(page))!.join(''))).toEqual({
      data: [
        { id: 'b', metadata: { k: 'two "quoted"' } },
        { id: 'a', metadata: { k: 'one' } },
      ],
      meta: { total: 2 },
    });
  });

  it('is not fooled by data that spells a slot: only the structure is replaced', () => {
    const stored = new StoredMetadata();
    const item = { name: '{"\\u0000":"0"}', metadata: stored.slot('{"real":"yes"}') };
    const out = JSON.parse(stored.splice(serialise({ data: [item] }))!.join('')) as {
      data: unknown[];
    };
    expect(out.data).toEqual([{ name: '{"\\u0000":"0"}', metadata: { real: 'yes' } }]);
  });

  it('refuses a serialisation whose slots it cannot all find (the caller sends the page parsed)', () => {
    const stored = new StoredMetadata();
    const items = [{ metadata: stored.slot('{"x":"1"}') }, { metadata: stored.slot('{}') }];
    expect(stored.splice(serialise({ data: items.slice(0, 1) }))).toBeUndefined();
    expect(stored.restore({ data: items }, items)).toEqual({
      data: [{ metadata: { x: '1' } }, { metadata: {} }],
    });
  });

  it('shows a column that is not an object as {} (as the read does)', () => {
    const stored = new StoredMetadata();
    const item = { metadata: stored.slot('null') };
    expect(JSON.parse(stored.splice(serialise(item))!.join(''))).toEqual({ metadata: {} });
  });
});
