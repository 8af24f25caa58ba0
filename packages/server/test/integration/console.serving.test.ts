import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP, consoleAssetsDir } from '../../src/modules/console/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// The console's files come from the @cofre/console build (`npm run build`, which `npm test` runs
// first); these tests read the same build the server serves.
const dist = consoleAssetsDir();

describe('the web console at /console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { COFRE_ADMIN_TOKEN: 'x'.repeat(40) } });
  });
  afterAll(() => t.close());

  it('is built (npm run build) and found by the server', () => {
    expect(dist).toBeDefined();
  });

  it('serves the app page at /console/ with no-cache and the strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CSP).not.toContain('unsafe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<div id="app">');
    // Nothing inline and nothing from another origin: the CSP above can stay strict.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/(src|href)="https?:/);
  });

  it('answers every app route with the same page (the app routes in the browser)', async () => {
    for (const url of ['/console/accounts', '/console/webhooks/sub_x/logs', '/console/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app">');
    }
  });

  it("answers a reload of a page with the app's query string with the page (it reads its own query)", async () => {
    for (const url of [
      '/console/operations/new/deposit?accountId=acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
      '/console/operations?status=FAILED&type=WITHDRAWAL',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app">');
    }
    // Still bounded: no more than 20 parameters, names of the app's shape.
    const many = Array.from({ length: 21 }, (_, i) => `p${i}=x`).join('&');
    expect((await t.app.inject({ url: `/console/operations?${many}` })).statusCode).toBe(400);
  });

  it('redirects /console to /console/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/console/');
  });

  it('serves the hashed bundle for a year, immutable, and 404s a name the build does not have', async () => {
    const names = readdirSync(join(dist!, 'assets'));
    expect(names.some((n) => n.endsWith('.js'))).toBe(true);
    for (const name of names) {
      const res = await t.app.inject({ method: 'GET', url: `/console/assets/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], name).toMatch(
        name.endsWith('.js') ? /javascript/ : /text\/css/,
      );
    }
    for (const url of ['/console/assets/nope.js', '/console/assets/..%2f..%2fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('tells the app its environment and whether the back-office is on, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ environment: 'sandbox', adminEnabled: true, version: '0.1.0' });
  });

  it('is not part of the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/console'))).toEqual([]);
  });
});

describe('COFRE_CONSOLE=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { COFRE_CONSOLE: 'false' } });
  });
  afterAll(() => t.close());

  it('serves no console: /console is an unknown route', async () => {
    for (const url of ['/console/', '/console/config.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    }
  });
});
