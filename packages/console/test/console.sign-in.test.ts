import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './helpers/chromium.js';
import {
  expectAccessible,
  launchChromium,
  openConsole,
  screenshot,
  signIn,
} from './helpers/browser.js';
import { startConsoleServer, type ConsoleServer } from './helpers/console-server.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

describe.skipIf(chromium.kind === 'none')('console sign-in', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let credentials: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    server = await startConsoleServer('sqlite');
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    credentials = await server.createCustomer('Console sign-in test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with client credentials, keeps only the tab’s token, and signs out clean', async () => {
    const { page, context, problems } = await openConsole(browser, server.base);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    await expect(page.locator('.env').textContent()).resolves.toBe('SANDBOX');
    await expectAccessible(page, 'the sign-in page');
    await screenshot(page, 'sign-in');

    // A wrong secret is refused with the server's answer, and nothing is kept.
    await page.getByLabel('Client id').fill(credentials.clientId);
    await page.getByLabel('Client secret').fill('wrong-secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/INVALID_CLIENT/);

    await signIn(page, credentials.clientId, credentials.clientSecret);
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).count()).toBe(1);
    await expectAccessible(page, 'the overview');
    await screenshot(page, 'overview');

    // The access token lasts the tab's life (sessionStorage), never localStorage or a cookie.
    const stored = () =>
      page.evaluate(() => ({
        local: Object.keys(localStorage).length,
        session: Object.keys(sessionStorage),
        cookie: document.cookie,
      }));
    expect(await stored()).toEqual({ local: 0, session: ['cofre.console.customer'], cookie: '' });
    expect(await context.cookies()).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    expect(await stored(), 'sign-out leaves nothing').toEqual({
      local: 0,
      session: [],
      cookie: '',
    });
    // A reload after signing out (or at any time) starts signed out.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is usable at phone width', async () => {
    const { page, context, problems } = await openConsole(browser, server.base, {
      width: 390,
      height: 844,
    });
    await signIn(page, credentials.clientId, credentials.clientSecret);
    // Nothing is wider than the screen: the page does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'overview-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});
