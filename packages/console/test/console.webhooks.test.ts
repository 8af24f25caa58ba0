import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './helpers/chromium.js';
import {
  expectAccessible,
  launchChromium,
  openConsole,
  screenshot,
  signIn,
  type ConsolePage,
} from './helpers/browser.js';
import {
  accessTokenFor,
  startConsoleServer,
  type ConsoleServer,
} from './helpers/console-server.js';
import {
  signedWith,
  startScriptedReceiver,
  type ScriptedReceiver,
} from './helpers/webhooks-receiver.js';

const chromium = await ensureChromium();

/** expect.poll with room for the console's two-second polling (its default is one second). */
const poll = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(check, { timeout: 10_000, ...options });

/** A link of the side navigation. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

interface FeedDelivery {
  subscriptionId: string;
  messageId: string;
  status: string;
  attempts: number;
}
interface FeedEvent {
  id: string;
  type: string;
  resourceId: string;
  deliveries: FeedDelivery[];
}

/**
 * The webhooks area against a real `cofre serve` and a scripted local receiver, one integrator's
 * session from subscribing to deleting. The steps share the page (the session lives in its
 * memory, so the test navigates by clicking, as a person does); each waits for a condition,
 * never a fixed time.
 */
describe.skipIf(chromium.kind === 'none')('console webhooks', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let receiver: ScriptedReceiver;
  let credentials: { clientId: string; clientSecret: string };
  let token: string;
  let ui: ConsolePage;
  let page: Page;
  let subscriptionId: string;
  let firstSecret: string;
  let rotated: { current: string; previous: string };

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
  const openAccount = async (): Promise<string> =>
    ((await api('/v1/accounts', { method: 'POST', body: '{"type":"CHECKING"}' })) as { id: string })
      .id;
  /** The account's two events (created, asset activated) once each has a delivery of `status`. */
  const eventsOf = async (accountId: string, status: string): Promise<FeedEvent[]> => {
    let events: FeedEvent[] = [];
    await poll(
      async () => {
        events = ((await api(`/v1/events?resourceId=${accountId}`)) as { data: FeedEvent[] }).data;
        return events.flatMap((e) => e.deliveries.map((d) => d.status));
      },
      { timeout: 20_000 },
    ).toEqual([status, status]);
    return events;
  };
  const messageIds = (events: FeedEvent[]) => events.map((e) => e.deliveries[0]!.messageId);
  const logTable = () => page.getByRole('table', { name: 'Delivery attempts, newest first' });
  const logRows = (text: string) => logTable().locator('tbody tr').filter({ hasText: text });
  const toSubscription = async () => {
    await nav(page, 'Subscriptions').click();
    await page.getByRole('link', { name: receiver.url, exact: false }).first().click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription');
  };

  beforeAll(async () => {
    server = await startConsoleServer('sqlite');
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    receiver = await startScriptedReceiver('first-fails');
    credentials = await server.createCustomer('Console webhooks test');
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

  it('creates a subscription from the event catalogue and shows its secret once', async () => {
    await signIn(page, credentials.clientId, credentials.clientSecret);
    await nav(page, 'Subscriptions').click();
    await poll(() => page.getByText('No subscriptions yet.').count()).toBe(1);
    await expectAccessible(page, 'the empty subscriptions list');
    await page.getByRole('link', { name: 'New subscription' }).click();
    await poll(() => page.getByRole('group', { name: 'ACCOUNT', exact: true }).count()).toBe(1);

    // The catalogue's resources are fieldsets of checkboxes; nothing selected is refused here.
    const everything = page.getByLabel(
      'Every business event, including types added later (includeAll)',
      {
        exact: true,
      },
    );
    await expect(everything.isChecked()).resolves.toBe(true);
    await expect(
      page.getByLabel('Retry failed deliveries (allowRetry)', { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await everything.uncheck();
    await page.getByLabel('Every OPERATION event', { exact: true }).check();
    await expect(
      page.getByRole('checkbox', { name: /OPERATION_FAILED/ }).isDisabled(),
    ).resolves.toBe(true);
    await page.getByLabel('Every OPERATION event', { exact: true }).uncheck();
    await page.getByLabel('Callback URL', { exact: true }).fill(`${receiver.url}/hooks`);
    await page.getByRole('button', { name: 'Create subscription', exact: true }).click();
    await poll(() => page.getByText('Select at least one event.').count()).toBe(1);
    await everything.check();
    await expect(page.getByLabel('Max concurrency', { exact: true }).inputValue()).resolves.toBe(
      '4',
    );
    await expectAccessible(page, 'the new subscription form');
    await screenshot(page, 'webhooks-new');

    await page.getByRole('button', { name: 'Create subscription', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Subscription created' }).count()).toBe(1);
    firstSecret =
      (await page.getByLabel('New signing secret', { exact: true }).textContent()) ?? '';
    expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await page.getByText('Store this secret now').count()).toBe(1);
    await expectAccessible(page, 'the created subscription and its secret');
    await screenshot(page, 'webhooks-created');

    const list = (await api('/v1/subscriptions')) as {
      data: { id: string; url: string; includeAll: boolean; allowRetry: boolean }[];
    };
    expect(list.data).toHaveLength(1);
    subscriptionId = list.data[0]!.id;
    expect(list.data[0]).toMatchObject({
      url: `${receiver.url}/hooks`,
      includeAll: true,
      allowRetry: true,
    });
    expect(await api(`/v1/subscriptions/${subscriptionId}/secret`)).toEqual({
      secret: firstSecret,
    });

    await page.getByRole('link', { name: 'Open the subscription' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription');
    // Shown once: the subscription's page keeps it hidden until asked.
    expect(await page.getByText(firstSecret).count()).toBe(0);
    expect(ui.problems).toEqual([]);
  });

  it('shows delivery attempts live, each with the exact body and headers the receiver got', async () => {
    // The page is never reloaded: a reload would drop this marker (and the session).
    await page.evaluate(() => ((globalThis as { marker?: string }).marker = 'same page'));
    await poll(() => page.getByText(/No attempts yet/).count()).toBe(1);
    const accountId = await openAccount();
    const [created] = await eventsOf(accountId, 'SUCCEEDED').then((events) =>
      events.filter((e) => e.type === 'ACCOUNT_CREATED'),
    );
    const messageId = created!.deliveries[0]!.messageId;
    // Created and activated: each refused once (500), then taken by a retry.
    await poll(() => logTable().locator('tbody tr').count(), { timeout: 10_000 }).toBe(4);
    const rows = logRows(messageId);
    await poll(() => rows.allTextContents()).toEqual([
      expect.stringMatching(/ACCOUNT_CREATED.*200.*RETRY\s*SUCCESS/),
      expect.stringMatching(/ACCOUNT_CREATED.*500.*AUTOMATIC\s*FAILED/),
    ]);
    expect(await page.evaluate(() => (globalThis as { marker?: string }).marker)).toBe('same page');
    // Both refused once, both delivered since: healthy, with the last refusal on record.
    await poll(() => page.getByRole('region', { name: 'Delivery health' }).textContent()).toMatch(
      /HEALTHY.*Last failure.*HTTP 500/,
    );
    await poll(() => page.locator('.live').first().textContent()).toMatch(/live · updated/);
    await expectAccessible(page, 'the subscription page');
    await screenshot(page, 'webhooks-subscription');

    await rows.first().getByRole('link').click();
    await poll(() => page.getByRole('heading', { name: 'Delivery attempt' }).count()).toBe(1);
    const received = receiver.of(messageId);
    expect(received).toHaveLength(2);
    await poll(() => page.getByLabel('Request body as sent', { exact: true }).textContent()).toBe(
      received[1]!.body,
    );
    const shown = await page
      .getByRole('table', { name: 'Headers of this attempt, as sent' })
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.children[0]!.textContent.toLowerCase(), tr.children[1]!.textContent]),
      );
    const sent = Object.fromEntries(shown);
    for (const name of [
      'x-message-id',
      'x-message-timestamp',
      'x-message-signature',
      'x-event-type',
    ]) {
      expect(sent[name], name).toBe(received[1]!.headers[name]);
    }
    expect(signedWith(received[1]!, firstSecret)).toBe(true);
    expect(
      await page.getByLabel('Response body (first 4 KiB)', { exact: true }).textContent(),
    ).toBe('{"received":true}');
    await expectAccessible(page, 'an execution log');
    await screenshot(page, 'webhooks-log');
    expect(ui.problems).toEqual([]);
  });

  it('resends an attempt: the same message reaches the receiver again, as a RESEND', async () => {
    const messageId = (await page.locator('dt:text-is("Message id") + dd').textContent())!;
    const before = receiver.of(messageId).length;
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Resend queued' }).count()).toBe(1);
    await poll(() => receiver.of(messageId).length).toBe(before + 1);
    const resent = receiver.of(messageId).at(-1)!;
    expect(resent.body).toBe(receiver.of(messageId)[0]!.body);
    // The attempts of this message, live on the same page, then in the subscription's list.
    const attempts = page.getByRole('table', { name: `Attempts of ${messageId}, newest first` });
    await poll(() => attempts.locator('tbody tr').first().textContent()).toMatch(
      /RESEND\s*SUCCESS/,
    );
    await page.getByRole('link', { name: "subscription's execution logs" }).click();
    await poll(() => logRows(messageId).first().textContent()).toMatch(/200.*RESEND\s*SUCCESS/);
    expect(ui.problems).toEqual([]);
  });

  it('holds deliveries while paused and sends them, oldest first, on resume', async () => {
    receiver.mode = 'ok';
    await page.getByRole('button', { name: 'Pause deliveries', exact: true }).click();
    await poll(() =>
      page.getByRole('button', { name: 'Resume deliveries', exact: true }).count(),
    ).toBe(1);
    const accountId = await openAccount();
    const held = messageIds(await eventsOf(accountId, 'HELD'));
    expect(held.flatMap((id) => receiver.of(id))).toEqual([]);
    await poll(() => page.getByRole('region', { name: 'Delivery health' }).textContent()).toMatch(
      /^Delivery healthHELD.*StatusPAUSED.*Pending messages2Failed messages0/,
    );
    await expectAccessible(page, 'a paused subscription');
    await screenshot(page, 'webhooks-paused');

    await page.getByRole('button', { name: 'Resume deliveries', exact: true }).click();
    await poll(() => held.map((id) => receiver.of(id).length), { timeout: 10_000 }).toEqual([1, 1]);
    await poll(() => logRows(held[1]!).count()).toBe(1);
    expect(ui.problems).toEqual([]);
  });

  it('reveals and rotates the signing secret, showing both while both sign', async () => {
    await page.getByRole('button', { name: 'Reveal secret', exact: true }).click();
    await poll(() => page.getByLabel('Current signing secret', { exact: true }).textContent()).toBe(
      firstSecret,
    );
    await page.getByRole('button', { name: 'Rotate secret…', exact: true }).click();
    await page
      .getByLabel('The current secret keeps signing', { exact: true })
      .selectOption({ label: '1 hour' });
    await page.getByRole('button', { name: 'Rotate now', exact: true }).click();
    await poll(() => page.getByLabel('Previous signing secret', { exact: true }).count()).toBe(1);
    rotated = {
      current: (await page.getByLabel('Current signing secret', { exact: true }).textContent())!,
      previous: (await page.getByLabel('Previous signing secret', { exact: true }).textContent())!,
    };
    expect(rotated.previous).toBe(firstSecret);
    expect(rotated.current).not.toBe(firstSecret);
    const read = (await api(`/v1/subscriptions/${subscriptionId}/secret`)) as {
      secret: string;
      previousSecretExpiresAt: string;
    };
    expect(read.secret).toBe(rotated.current);
    const windowMs = Date.parse(read.previousSecretExpiresAt) - Date.now();
    expect(windowMs).toBeGreaterThan(3500_000);
    expect(windowMs).toBeLessThanOrEqual(3600_000);
    await expectAccessible(page, 'a rotated secret');
    await screenshot(page, 'webhooks-secret-rotated');
    expect(ui.problems).toEqual([]);
  });

  it('recovers the messages that failed since a time typed in the reader’s zone', async () => {
    receiver.mode = 'fails';
    const accountId = await openAccount();
    const failed = messageIds(await eventsOf(accountId, 'FAILED'));
    // Created after the rotation: signed with both secrets, new first.
    const attempt = receiver.of(failed[0]!)[0]!;
    expect(signedWith(attempt, rotated.current)).toBe(true);
    expect(signedWith(attempt, rotated.previous)).toBe(true);
    await poll(() => page.locator('dt:text-is("Failed messages") + dd').textContent()).toBe('2');

    receiver.mode = 'ok';
    const counts = failed.map((id) => receiver.of(id).length);
    // 10:00 in São Paulo (the browser's zone, UTC-3) is 13:00 UTC.
    await page.getByLabel('Failed since', { exact: true }).fill('2020-01-01T10:00');
    const request = page.waitForRequest((r) => r.url().endsWith('/recover'));
    await page.getByRole('button', { name: 'Recover', exact: true }).click();
    expect((await request).postDataJSON()).toEqual({ since: '2020-01-01T13:00:00.000Z' });
    await poll(() =>
      page.getByRole('status').filter({ hasText: 're-queued' }).textContent(),
    ).toMatch(/2 messages re-queued/);
    await poll(() => failed.map((id, i) => receiver.of(id).length - counts[i]!), {
      timeout: 10_000,
    }).toEqual([1, 1]);
    await poll(() => page.locator('dt:text-is("Failed messages") + dd').textContent()).toBe('0');
    expect(ui.problems).toEqual([]);
  });

  it('lists events live with their delivery status, and links an event to its attempts', async () => {
    await nav(page, 'Subscriptions').click();
    await poll(() => page.getByRole('table', { name: 'Subscriptions' }).textContent()).toMatch(
      /ACTIVE.*All business events.*cofre.*HEALTHY/,
    );
    await expectAccessible(page, 'the subscriptions list');
    await screenshot(page, 'webhooks-list');

    await nav(page, 'Events').click();
    const table = page.getByRole('table', { name: 'Events, newest first' });
    // The accounts' events; the feed also lists the delivery alerts of the failures above.
    const businessRows = () =>
      table.locator('tbody tr').filter({ hasNotText: /MESSAGE_EXHAUSTED|SUBSCRIPTION_/ });
    await poll(() => businessRows().count()).toBe(6);
    expect(await table.locator('tbody tr').filter({ hasText: 'MESSAGE_EXHAUSTED' }).count()).toBe(
      2,
    );
    const accountId = await openAccount();
    // A new event appears without a reload.
    await poll(() => table.locator('tbody tr').filter({ hasText: accountId }).count(), {
      timeout: 10_000,
    }).toBe(2);
    await poll(
      () => table.locator('tbody tr').filter({ hasText: accountId }).first().textContent(),
      { timeout: 10_000 },
    ).toMatch(/SUCCEEDED/);
    // A time window typed in the reader's zone: before 2020-01-01 00:00 in São Paulo, nothing.
    await page.getByLabel('To', { exact: true }).fill('2020-01-01T00:00');
    const windowed = page.waitForRequest((r) => r.url().includes('/v1/events?'));
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    expect(new URL((await windowed).url()).searchParams.get('createdAtTo')).toBe(
      '2020-01-01T03:00:00.000Z',
    );
    await poll(() =>
      page.getByText('No events match these filters.', { exact: false }).count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await poll(() => businessRows().count()).toBe(8);
    await page.getByLabel('Event type', { exact: true }).selectOption('ACCOUNT_CREATED');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await poll(() => table.locator('tbody tr').count()).toBe(4);
    expect(await table.locator('tbody tr').allTextContents()).toEqual(
      Array(4).fill(expect.stringMatching(/ACCOUNT_CREATED.*SUCCEEDED/)),
    );
    await expectAccessible(page, 'the events feed');
    await screenshot(page, 'webhooks-events');

    // The recovered event: four automatic attempts and a resend, each linked to its log.
    await table.locator('tbody tr').nth(1).getByRole('link').first().click();
    await poll(() => page.getByRole('heading', { name: 'Event', exact: true }).count()).toBe(1);
    const deliveries = page.getByRole('table', { name: 'Delivery to each subscription' });
    await poll(() => deliveries.locator('tbody tr').textContent()).toMatch(/SUCCEEDED\s*4/);
    const attempts = page.getByRole('table', { name: /^Attempts of msg_/ }).locator('tbody tr');
    await poll(() => attempts.count()).toBe(5);
    expect(await page.getByLabel('Event body', { exact: true }).textContent()).toContain(
      '"type": "ACCOUNT_CREATED"',
    );
    await expectAccessible(page, 'an event');
    await screenshot(page, 'webhooks-event');
    await attempts.filter({ hasText: 'RESEND' }).getByRole('link').click();
    await poll(() => page.getByRole('heading', { name: 'Delivery attempt' }).count()).toBe(1);
    expect(await page.locator('dt:text-is("Trigger") + dd').textContent()).toBe('RESEND');
    expect(ui.problems).toEqual([]);
  });

  it('edits the selection, retries and metadata', async () => {
    await toSubscription();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Edit subscription' }).count()).toBe(1);
    await expect(page.getByLabel('Callback URL', { exact: true }).inputValue()).resolves.toBe(
      `${receiver.url}/hooks`,
    );
    await page
      .getByLabel('Every business event, including types added later (includeAll)', { exact: true })
      .uncheck();
    await page.getByLabel('Every ACCOUNT event', { exact: true }).check();
    await page.getByRole('checkbox', { name: /OPERATION_COMPLETED/ }).check();
    await page.getByLabel('Retry failed deliveries (allowRetry)', { exact: true }).uncheck();
    await page.getByLabel('Metadata', { exact: true }).fill('team=payments');
    await expectAccessible(page, 'the edit form');
    await screenshot(page, 'webhooks-edit');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription');
    const settings = page.getByRole('region', { name: 'Settings' });
    await poll(() => settings.textContent()).toMatch(
      /ACCOUNT: all · OPERATION: OPERATION_COMPLETED/,
    );
    expect(await settings.textContent()).toMatch(/off: one attempt per message.*team = payments/);
    expect(await api(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      includeAll: false,
      allowRetry: false,
      metadata: { team: 'payments' },
      resources: [
        { name: 'ACCOUNT', includeAll: true, events: [] },
        { name: 'OPERATION', includeAll: false, events: ['OPERATION_COMPLETED'] },
      ],
    });

    // The list filters by metadata (metadata[key]=value).
    await nav(page, 'Subscriptions').click();
    const rows = page.getByRole('table', { name: 'Subscriptions' }).locator('tbody tr');
    await poll(() => rows.count()).toBe(1);
    await page.getByLabel('Metadata', { exact: true }).fill('team=other');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await poll(() => page.getByText('No subscriptions match these filters.').count()).toBe(1);
    await page.getByLabel('Metadata', { exact: true }).fill('team=payments');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await poll(() => rows.textContent()).toMatch(/team=payments/);
    await toSubscription();
    expect(ui.problems).toEqual([]);
  });

  it('is usable at phone width', async () => {
    const phone = await openConsole(browser, server.base, { width: 390, height: 844 });
    const { page: small } = phone;
    await signIn(small, credentials.clientId, credentials.clientSecret);
    await nav(small, 'Subscriptions').click();
    await small.getByRole('link', { name: receiver.url, exact: false }).first().click();
    await poll(() =>
      small.getByRole('table', { name: 'Delivery attempts, newest first' }).count(),
    ).toBe(1);
    // Nothing is wider than the screen: wide tables scroll inside their own box.
    const overflow = () =>
      small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(small, 'the subscription page at phone width');
    await screenshot(small, 'webhooks-subscription-phone');
    await nav(small, 'Events').click();
    await poll(() => small.getByRole('table', { name: 'Events, newest first' }).count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(small, 'webhooks-events-phone');
    await nav(small, 'Subscriptions').click();
    await small.getByRole('link', { name: 'New subscription', exact: true }).click();
    await poll(() => small.getByRole('group', { name: 'OPERATION', exact: true }).count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(small, 'webhooks-new-phone');
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('shows an Ed25519 subscription’s signing key and public key, and no secret to reveal', async () => {
    const url = `${receiver.url}/ed25519`;
    const created = (await api('/v1/subscriptions', {
      method: 'POST',
      body: JSON.stringify({
        url,
        includeAll: true,
        signatureFormat: 'standard-webhooks',
        signingKey: 'ed25519',
      }),
    })) as { id: string; publicKey: string };
    await nav(page, 'Subscriptions').click();
    await page.getByRole('link', { name: url, exact: true }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription');
    const settings = page.getByRole('region', { name: 'Settings' });
    await poll(() => settings.textContent()).toContain(`ed25519 public key ${created.publicKey}`);
    expect(await page.getByRole('button', { name: 'Reveal secret', exact: true }).count()).toBe(0);
    await api(`/v1/subscriptions/${created.id}`, { method: 'DELETE' });
    await toSubscription();
  });

  it('deletes a subscription after a confirm step', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Keep it', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Yes, delete it', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectAccessible(page, 'the delete confirmation');
    await screenshot(page, 'webhooks-delete-confirm');
    await page.getByRole('button', { name: 'Yes, delete it', exact: true }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'was deleted' }).count()).toBe(1);
    await poll(() => page.getByText('No subscriptions yet.').count()).toBe(1);
    expect(((await api('/v1/subscriptions')) as { data: unknown[] }).data).toEqual([]);
    expect(ui.problems).toEqual([]);
  });
});
