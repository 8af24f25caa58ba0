import type { Browser, Page } from 'playwright-core';
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
import { customerApi } from './helpers/money-helpers.js';
import { startScriptedReceiver, type ScriptedReceiver } from './helpers/webhooks-receiver.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

const SETTLE = { timeout: 20_000, interval: 250 };
const STORAGE_KEY = 'cofre.console.customer';

const storage = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie,
  }));

/** The figure labelled `label` in the overview (a dt/dd pair), as its value text. */
const figure = (page: Page, label: string) =>
  page
    .locator('.dash-figure')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

describe.skipIf(chromium.kind === 'none')('console overview and session', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let failing: ScriptedReceiver;
  let healthy: ScriptedReceiver;
  let credentials: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    server = await startConsoleServer('sqlite');
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    credentials = await server.createCustomer('Console overview test');
    failing = await startScriptedReceiver('fails');
    healthy = await startScriptedReceiver('ok');
  });
  afterAll(async () => {
    await browser?.close();
    await failing?.close();
    await healthy?.close();
    await server?.stop();
  });

  it('keeps the access token for the tab only, across a reload, until sign-out or expiry', async () => {
    const { page, context, problems } = await openConsole(browser, server.base);
    await signIn(page, credentials.clientId, credentials.clientSecret);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await storage(page)).toEqual({ local: [], session: [STORAGE_KEY], cookie: '' });
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY);
    expect(stored, 'the secret is never kept').not.toContain(credentials.clientSecret);

    // A reload keeps the session: still signed in, on the same page.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // Another tab of the same browser does not share it (sessionStorage is per tab).
    const other = await context.newPage();
    await other.goto(`${server.base}/console/`);
    await other.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await other.close();

    // Sign-out removes it, and a reload then starts signed out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await storage(page)).toEqual({ local: [], session: [], cookie: '' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    // An expired token is not used after a reload, and is removed.
    await signIn(page, credentials.clientId, credentials.clientSecret);
    await page.evaluate((key) => {
      const session = JSON.parse(sessionStorage.getItem(key)!) as { expiresAt: number };
      sessionStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Date.now() - 1000 }));
    }, STORAGE_KEY);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await storage(page)).toEqual({ local: [], session: [], cookie: '' });
    expect(await context.cookies()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows balances, today’s operations, failing deliveries and delivery charts', async () => {
    const call = await customerApi(server.base, credentials.clientId, credentials.clientSecret);
    const account = await call('/v1/accounts', { type: 'CHECKING', assets: ['BRL'] });
    await expect
      .poll(async () => (await call(`/v1/accounts/${account.id}`)).status, SETTLE)
      .toBe('ACTIVE');
    const deposit = await call('/v1/operations/deposit', {
      accountId: account.id,
      asset: 'BRL',
      amount: '1250.50',
    });
    await expect
      .poll(async () => (await call(`/v1/operations/${deposit.id}`)).status, SETTLE)
      .toBe('COMPLETED');
    await call('/v1/subscriptions', { url: `${failing.url}/down`, includeAll: true });
    await call('/v1/subscriptions', { url: `${healthy.url}/up`, includeAll: true });
    // Every event from now on reaches both: one fails, one succeeds.
    await call('/v1/operations/deposit', { accountId: account.id, asset: 'BRL', amount: '10.00' });
    await call('/v1/beneficiaries', {
      holder: { type: 'INDIVIDUAL', name: 'Maria Souza', taxId: '52998224725' },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'm@example.com' },
    });

    const { page, context, problems } = await openConsole(browser, server.base);
    await signIn(page, credentials.clientId, credentials.clientSecret);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect
      .poll(() => figure(page, 'BRL available').textContent(), SETTLE)
      .toMatch(/1,260\.50 BRL|1,250\.50 BRL/);
    await expect.poll(() => figure(page, 'Operations today').textContent(), SETTLE).toBe('2');
    await expect.poll(() => figure(page, 'Failing subscriptions').textContent(), SETTLE).toBe('1');
    const success = page.getByRole('img', {
      name: /^Delivery attempts since .*: \d+ of \d+ succeeded/,
    });
    await success.waitFor(SETTLE);
    expect(await success.getAttribute('aria-label')).toMatch(/[1-9]\d* failed/);
    await page.getByRole('img', { name: /^Delivery latency since .*: median \d+ ms/ }).waitFor();
    // Each figure opens its page with the same filter.
    expect(
      await page.getByRole('link', { name: 'Failed', exact: true }).getAttribute('href'),
    ).toMatch(/^\/console\/operations\?status=FAILED&createdAtFrom=/);
    await expectAccessible(page, 'the overview dashboard');
    await screenshot(page, 'overview-dashboard');

    // CPF shown as people write it.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Beneficiaries' })
      .click();
    await page.getByText('529.982.247-25').first().waitFor();

    // The events table fits a 1280 px screen: nothing hidden behind a sideways scroll.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Events' })
      .click();
    await page.locator('table.events-table').waitFor();
    const clipped = await page.evaluate(() => {
      const wrap = document.querySelector('table.events-table')!.parentElement!;
      return {
        table: wrap.scrollWidth - wrap.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    await screenshot(page, 'events-1280');
    expect(clipped).toEqual({ table: 0, page: 0 });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows an operator alone the back-office figures, not the customer menus', async () => {
    const { page, context, problems } = await openConsole(browser, server.base);
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByLabel('Your name in the audit log').fill('ana');
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    for (const label of ['Accounts', 'Operations', 'Subscriptions', 'Events']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).toBe(0);
    }
    // The overview counts what waits for a person and whether the jobs keep up.
    await expect.poll(() => figure(page, 'Waiting for review').textContent()).toMatch(/^\d+\+?$/);
    await expect.poll(() => figure(page, 'Overdue jobs').textContent()).toMatch(/^\d+$/);
    await expect.poll(() => figure(page, 'Webhook backlog').textContent()).toMatch(/^\d+$/);
    await expectAccessible(page, 'the operator overview');
    await screenshot(page, 'overview-operator');
    await nav.getByRole('link', { name: 'Customer sign-in' }).click();
    await page.getByLabel('Client id').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
