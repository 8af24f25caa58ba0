import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/world.js';

/**
 * Issue 27 point 7: the /docs page (Swagger UI) logged one CSP error on every load — the top
 * bar's logo renders an inline `<style>` the page's Content-Security-Policy did not allow. The
 * page's header and the scripts it loads must agree: every `<style>` those scripts create with
 * a fixed text is allowed by `style-src`, by its hash. (Chromium's own report was checked by
 * hand: `Applying inline style violates … 'sha256-RL3ie0nH…'`, the hash now listed.)
 */
describe('the /docs page on sqlite (no storage: one engine)', () => {
  const t = useTestApp('sqlite');

  it("allows, by hash, every inline style the page's scripts render, and nothing inline else", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const styleSources = directive(csp, 'style-src');
    expect(styleSources).not.toContain("'unsafe-inline'");

    const scripts = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const styles: string[] = [];
    for (const src of scripts) {
      const script = await t.app.inject({
        method: 'GET',
        url: new URL(src, 'http://x/docs/').pathname,
      });
      expect(script.statusCode, src).toBe(200);
      // React's createElement("style", null, "<css>"): how the bundles write a fixed style.
      for (const m of script.body.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
        styles.push(JSON.parse(m[1]!) as string);
      }
    }
    // The logo's style at least: a bundle written another way would otherwise pass unseen.
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) {
      const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
      expect(styleSources, css).toContain(hash);
    }
  });

  it('keeps the rest of the policy as the plugin sets it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    const csp = String(page.headers['content-security-policy']);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });
});

/** The sources of one directive of a CSP header. */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  expect(found, `${name} in ${csp}`).toBeDefined();
  return found!.slice(1);
}
