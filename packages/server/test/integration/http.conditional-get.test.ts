import { beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/plugins/conditional-get.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe('If-None-Match comparison (RFC 9110 13.1.2, weak)', () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"x", W/"abc" , "y"', '"abc"', true],
    ['*', '"abc"', true],
    ['"abd"', '"abc"', false],
    ['abc', '"abc"', false],
    ['', '"abc"', false],
  ])('%s against %s → %s', (header, etag, expected) => {
    expect(matches(header, etag)).toBe(expected);
  });
});

describe.each(ENGINES)('conditional GETs on %s', (engine) => {
  let token: string;
  const t = useTestApp(engine, { env: ADMIN_ENV });

  beforeAll(async () => {
    token = (await t.customer('Conditional')).token;
  });

  const list = (headers: Record<string, string> = {}) =>
    t.as(token, { method: 'GET', url: '/v1/accounts', headers });

  it('tags a 200 with an ETag, and answers 304 without a body while the list is unchanged', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await list({ 'if-none-match': condition });
      expect(again.statusCode, condition).toBe(304);
      expect(again.body, condition).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-length']).toBeUndefined();
    }
    expect((await list({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    // A change is a new representation: a new tag, a 200 with the new body.
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.headers.etag).toBeUndefined();
    const changed = await list({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data).toHaveLength(1);
  });

  it('never tags an error', async () => {
    const missing = await t.as(token, {
      method: 'GET',
      url: '/v1/accounts/acc_01JD0000000000000000000000',
      headers: { 'if-none-match': '*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('applies to the back-office reads too', async () => {
    const first = await asAdmin(t, { method: 'GET', url: '/admin/v1/auditLog' });
    expect(first.statusCode).toBe(200);
    const again = await asAdmin(t, {
      method: 'GET',
      url: '/admin/v1/auditLog',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
