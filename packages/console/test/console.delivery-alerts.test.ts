import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './helpers/chromium.js';
import {
  expectAccessible,
  launchChromium,
  openConsole,
  signIn,
  type ConsolePage,
} from './helpers/browser.js';
import {
  accessTokenFor,
  startConsoleServer,
  type ConsoleServer,
} from './helpers/console-server.js';
import { startScriptedReceiver, type ScriptedReceiver } from './helpers/webhooks-receiver.js';

const chromium = await ensureChromium();

/** expect.poll with room for the console's polling (its default is one second). */
const poll = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(check, { timeout: 15_000, ...options });

/**
 * Delivery alerts in the console against a real `cofre serve` whose auto-disable comes after
 * 1.5 s of failures: a subscription whose receiver refuses everything is reported FAILING, then
 * DISABLED; its page says why and when, lists the alerts, and enabling it releases what it held.
 */
describe.skipIf(chromium.kind === 'none')('console delivery alerts', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let receiver: ScriptedReceiver;
  let credentials: { clientId: string; clientSecret: string };
  let token: string;
  let ui: ConsolePage;
  let page: Page;
  let subscriptionId: string;

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : await response.json();
  };
  const openAccount = () => api('/v1/accounts', { method: 'POST', body: '{"type":"CHECKING"}' });
  const statusOf = async () =>
    ((await api(`/v1/subscriptions/${subscriptionId}`)) as { status: string }).status;

  beforeAll(async () => {
    server = await startConsoleServer('sqlite', {
      COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS: '1500',
      COFRE_WEBHOOK_ALERT_MIN_ATTEMPTS: '2',
    });
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    receiver = await startScriptedReceiver('fails');
    credentials = await server.createCustomer('Console alerts test');
    token = await accessTokenFor(server.base, credentials);
    ui = await openConsole(browser, server.base);
    page = ui.page;
  });
  afterAll(async () => {
    await ui?.context.close();
    await browser?.close();
    await receiver?.close();
    await server?.stop();
  });

  it('shows a subscription disabled for failing, with why, when and its alerts, and enables it again', async () => {
    const created = (await api('/v1/subscriptions', {
      method: 'POST',
      body: JSON.stringify({
        url: `${receiver.url}/failing`,
        resources: [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }],
      }),
    })) as { id: string };
    subscriptionId = created.id;
    // Each account is one more failed delivery; past 1.5 s of them the worker disables it.
    await poll(
      async () => {
        if ((await statusOf()) !== 'DISABLED') await openAccount();
        return statusOf();
      },
      { timeout: 30_000 },
    ).toBe('DISABLED');
    const sent = receiver.received.length;
    await openAccount();

    await signIn(page, credentials.clientId, credentials.clientSecret);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Subscriptions', exact: true })
      .click();
    // The customer's latest alerts: the disable, after the messages that ran out.
    await poll(() => page.getByRole('region', { name: 'Delivery alerts' }).textContent()).toMatch(
      /SUBSCRIPTION_DISABLED.*MESSAGE_EXHAUSTED.*ACCOUNT_CREATED message msg_.*ran out of retries/,
    );
    await page.getByRole('link', { name: receiver.url, exact: false }).first().click();
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'Disabled by cofre' }).count(),
    ).toBe(1);
    expect(
      await page.getByRole('status').filter({ hasText: 'Disabled by cofre' }).textContent(),
    ).toMatch(/Every delivery failed since .*500.*HELD/);
    await poll(() => page.getByRole('region', { name: 'Delivery alerts' }).textContent()).toMatch(
      /SUBSCRIPTION_DISABLED.*SUBSCRIPTION_FAILING/,
    );
    await expectAccessible(page, 'a disabled subscription');

    receiver.mode = 'ok';
    await page.getByRole('button', { name: 'Enable deliveries', exact: true }).click();
    await poll(() => statusOf()).toBe('ACTIVE');
    // What it held while disabled is sent now.
    await poll(() =>
      receiver.received.slice(sent).some((r) => r.body.includes('ACCOUNT_CREATED')),
    ).toBe(true);
    await poll(() =>
      page.getByRole('button', { name: 'Pause deliveries', exact: true }).count(),
    ).toBe(1);
    expect(ui.problems).toEqual([]);
  });
});
