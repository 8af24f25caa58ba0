import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './helpers/chromium.js';
import { expectAccessible, launchChromium, openConsole, screenshot } from './helpers/browser.js';
import {
  accessTokenFor,
  startConsoleServer,
  type ConsoleServer,
} from './helpers/console-server.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

interface Client {
  id: string;
  name: string;
  permissions: Record<string, string>;
  scope: string;
  expiresAt: string | null;
  allowedNetworks: string[] | null;
  rateLimit: number | null;
  accountIds: string[] | null;
}

describe.skipIf(chromium.kind === 'none')('console operator: restricted API clients', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer('sqlite');
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const clientsOf = async (customerId: string): Promise<Client[]> => {
    const response = await server.admin(`/admin/v1/customers/${customerId}/clients`);
    return ((await response.json()) as { data: Client[] }).data;
  };

  it('creates a restricted client, shows the server’s refusals per field, and edits it', async () => {
    const customer = await server.createCustomer('Clients Test Ltda');
    const { page, context, problems } = await openConsole(browser, server.base);
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByLabel('Your name in the audit log').fill('ana');
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: 'Clients Test Ltda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clients Test Ltda' }).waitFor();
    // The first client has full access, no expiry, any network.
    await page
      .getByRole('row', { name: new RegExp(`${customer.clientId}.*full access.*never.*any`) })
      .waitFor();

    const form = page.getByRole('form', { name: 'Add an API client' });
    await form.getByLabel('Client name').fill('Reporting');
    await form.getByLabel('Restricted: a level per resource').check();
    for (const [resource, level] of Object.entries({
      accounts: 'read',
      beneficiaries: 'none',
      operations: 'write',
      quotes: 'none',
      subscriptions: 'none',
      events: 'read',
    })) {
      await form.getByLabel(resource, { exact: true }).selectOption(level);
    }
    await form.getByLabel('Expires at').fill('2031-01-01T12:00');
    await form.getByLabel('Allowed networks').fill('203.0.113.7/24\nnot-a-network');
    await form.getByRole('button', { name: 'Add client' }).click();

    // The server's 400 is shown at the field it names, and whole.
    const networks = form.getByLabel('Allowed networks');
    await expect.poll(() => networks.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/INVALID_DATA/);
    await expect(form.locator('.field-invalid').textContent()).resolves.toMatch(
      /allowedNetworks\/1|not-a-network|pattern/i,
    );
    expect(await clientsOf(customer.customerId), 'nothing was created').toHaveLength(1);
    await expectAccessible(page, 'a refused client form');
    await screenshot(page, 'operator-client-refused');

    await networks.fill('203.0.113.7/24\n2001:db8::/32');
    await form.getByRole('button', { name: 'Add client' }).click();
    const secretBox = page.getByRole('region', { name: /^Client cli_\w+ created$/ });
    await secretBox.waitFor();
    const created = (await clientsOf(customer.customerId)).find((c) => c.name === 'Reporting')!;
    expect(created).toMatchObject({
      permissions: {
        accounts: 'read',
        beneficiaries: 'none',
        operations: 'write',
        quotes: 'none',
        subscriptions: 'none',
        events: 'read',
      },
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
    });
    // Typed in the reader's zone (São Paulo, UTC-3), sent as the UTC instant.
    expect(created.expiresAt).toBe('2031-01-01T15:00:00.000Z');
    const row = page.getByRole('row', { name: new RegExp(created.id) });
    await expect
      .poll(() => row.textContent())
      .toMatch(/accounts: read · operations: write · events: read/);
    await expect(row.textContent()).resolves.toMatch(/203\.0\.113\.0\/24, 2001:db8::\/32/);
    await secretBox.getByRole('button', { name: 'I have stored it' }).click();
    await expectAccessible(page, 'the restricted client in the list');

    // Edit: the form opens with the client as it is; full access and no networks lift both.
    await page.getByRole('button', { name: `Edit ${created.id}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${created.id}` });
    await expect(edit.getByLabel('operations', { exact: true }).inputValue()).resolves.toBe(
      'write',
    );
    await expect(edit.getByLabel('Allowed networks').inputValue()).resolves.toBe(
      '203.0.113.0/24\n2001:db8::/32',
    );
    await expectAccessible(page, 'the client edit form');
    await screenshot(page, 'operator-client-edit');
    await edit.getByLabel('Expires at').fill('');
    await edit.getByLabel('Full access (write on every resource)').check();
    await edit.getByLabel('Allowed networks').fill('');
    await edit.getByRole('button', { name: 'Save client' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${created.id} saved` })
      .waitFor();
    const saved = (await clientsOf(customer.customerId)).find((c) => c.id === created.id)!;
    expect(saved).toMatchObject({ expiresAt: null, allowedNetworks: null });
    expect(Object.values(saved.permissions).every((level) => level === 'write')).toBe(true);
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(created.id) }).textContent())
      .toMatch(/full access.*never.*any/);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
  /** An account of the customer, opened with its first client over /v1. */
  const openAccount = async (c: { clientId: string; clientSecret: string }) => {
    const accessToken = await accessTokenFor(server.base, c);
    const account = await fetch(`${server.base}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'CHECKING' }),
    });
    return ((await account.json()) as { id: string }).id;
  };

  it('sets a client’s own rate limit and the accounts it is bound to, shows both, and lifts them', async () => {
    const customer = await server.createCustomer('Bound Clients Ltda');
    const account = await openAccount(customer);
    const { page, context, problems } = await openConsole(browser, server.base);
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByLabel('Your name in the audit log').fill('ana');
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: 'Bound Clients Ltda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bound Clients Ltda' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(`${customer.clientId}.*any.*default.*all`) })
      .waitFor();

    // Bound with full access: the server refuses it at the accounts field (events span them all).
    const form = page.getByRole('form', { name: 'Add an API client' });
    await form.getByLabel('Client name').fill('Payouts for one account');
    await form.getByLabel('Rate limit (requests per minute)').fill('120');
    await form.getByLabel('Bound to accounts').fill(account);
    await form.getByRole('button', { name: 'Add client' }).click();
    const accounts = form.getByLabel('Bound to accounts');
    await expect.poll(() => accounts.getAttribute('aria-invalid')).toBe('true');
    await expect(form.locator('.field-invalid').textContent()).resolves.toMatch(/events/);
    expect(await clientsOf(customer.customerId), 'nothing was created').toHaveLength(1);

    await form.getByLabel('Restricted: a level per resource').check();
    for (const [resource, level] of Object.entries({
      accounts: 'read',
      beneficiaries: 'read',
      operations: 'write',
      quotes: 'none',
      subscriptions: 'none',
      events: 'none',
    })) {
      await form.getByLabel(resource, { exact: true }).selectOption(level);
    }
    await form.getByRole('button', { name: 'Add client' }).click();
    const secretBox = page.getByRole('region', { name: /^Client cli_\w+ created$/ });
    await secretBox.waitFor();
    const created = (await clientsOf(customer.customerId)).find(
      (c) => c.name === 'Payouts for one account',
    )!;
    expect(created).toMatchObject({ rateLimit: 120, accountIds: [account] });
    const row = page.getByRole('row', { name: new RegExp(created.id) });
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`120/min.*${account}`));
    await secretBox.getByRole('button', { name: 'I have stored it' }).click();
    await expectAccessible(page, 'a bound client with its own rate limit');
    await screenshot(page, 'operator-client-bound');

    // Edit: the form shows both; emptying them goes back to the default and every account.
    await page.getByRole('button', { name: `Edit ${created.id}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${created.id}` });
    await expect(edit.getByLabel('Rate limit (requests per minute)').inputValue()).resolves.toBe(
      '120',
    );
    await expect(edit.getByLabel('Bound to accounts').inputValue()).resolves.toBe(account);
    await edit.getByLabel('Rate limit (requests per minute)').fill('');
    await edit.getByLabel('Bound to accounts').fill('');
    await edit.getByRole('button', { name: 'Save client' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${created.id} saved` })
      .waitFor();
    const saved = (await clientsOf(customer.customerId)).find((c) => c.id === created.id)!;
    expect(saved).toMatchObject({ rateLimit: null, accountIds: null });
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(created.id) }).textContent())
      .toMatch(/default.*all/);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
