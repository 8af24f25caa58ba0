import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { mergeMetadata, metadataOf, parseMetadata } from '../../src/lib/metadata.js';
import { foldMetadataQuery, metadataScope } from '../../src/lib/metadata-query.js';
import type { FastifyRequest } from 'fastify';

describe('metadata merge rule', () => {
  it('replaces given keys, removes keys set to "", keeps the others', () => {
    expect(mergeMetadata({ a: '1', b: '2', c: '3' }, { a: 'x', b: '', d: '4' })).toEqual({
      a: 'x',
      c: '3',
      d: '4',
    });
  });

  it('changes nothing for undefined or {}, and removes every key for null', () => {
    const current = { a: '1' };
    expect(mergeMetadata(current, undefined)).toEqual(current);
    expect(mergeMetadata(current, {})).toEqual(current);
    expect(mergeMetadata(current, null)).toEqual({});
  });

  it('refuses a merged result of more than 50 keys, pointing at /metadata', () => {
    const current = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect(mergeMetadata(current, { k0: 'replaced' })).toHaveProperty('k0', 'replaced');
    expect(mergeMetadata(current, { k0: '', extra: 'v' })).not.toHaveProperty('k0');
    try {
      mergeMetadata(current, { extra: 'v' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errors?.[0]).toMatchObject({ pointer: '/metadata' });
    }
  });

  it('keeps a key named __proto__ as a pair, never as the prototype', () => {
    const merged = mergeMetadata({}, JSON.parse('{"__proto__":"x"}') as Record<string, string>);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__']);
    expect(JSON.stringify(merged)).toBe('{"__proto__":"x"}');
  });

  it('drops empty values at creation and reads a stored column back', () => {
    expect(metadataOf({ a: '', b: '1' })).toEqual({ b: '1' });
    expect(metadataOf(undefined)).toEqual({});
    expect(parseMetadata('{"a":"1"}')).toEqual({ a: '1' });
    expect(parseMetadata('')).toEqual({});
  });
});

describe('metadata query', () => {
  const fold = (query: Record<string, unknown>) => {
    const request = { query } as unknown as FastifyRequest;
    foldMetadataQuery(request);
    return request.query;
  };

  it('folds metadata[key] parameters into one object and leaves the others', () => {
    expect(fold({ limit: '2', 'metadata[a]': '1', 'metadata[b c]': '2' })).toEqual({
      limit: '2',
      metadata: { a: '1', 'b c': '2' },
    });
    expect(fold({ 'meta[a]': '1' })).toEqual({ 'meta[a]': '1' });
  });

  it('leaves a plain metadata parameter for the schema to refuse', () => {
    expect(fold({ metadata: 'x', 'metadata[a]': '1' })).toEqual({ metadata: 'x' });
  });

  it('binds the same pairs in any order to one scope', () => {
    expect(metadataScope({ b: '2', a: '1' })).toEqual(metadataScope({ a: '1', b: '2' }));
    expect(metadataScope({})).toBeUndefined();
    expect(metadataScope(undefined)).toBeUndefined();
  });
});
