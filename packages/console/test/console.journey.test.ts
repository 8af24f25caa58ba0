import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { ensureChromium } from './helpers/chromium.js';
import {
  expectAccessible,
  launchChromium,
  openConsole,
  screenshot,
  signIn,
  type ConsolePage,
} from './helpers/browser.js';
import { act } from './helpers/operator-actions.js';
import { startConsoleServer, type ConsoleServer } from './helpers/console-server.js';
import {
  SETTLE,
  badgesIn,
  expectHeading,
  headerStatus,
  idInPath,
  markDocument,
  expectSameDocument,
  navLink,
  rowsOf,
} from './helpers/money-helpers.js';
import { startScriptedReceiver, type ScriptedReceiver } from './helpers/webhooks-receiver.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

const ACTOR = 'journey-operator';

/**
 * The whole integration from the console alone, as issue 18 lists it, with two people at two
 * browsers on one `cofre serve` (both engines): an integrator signs in, subscribes a local
 * receiver, opens an account, deposits, adds a beneficiary and withdraws to it, and watches the
 * deliveries arrive live, opens one, resends it and sees the new attempt; an operator, signed in
 * with the admin token, moves every lifecycle step by hand — activates the asset, receives the
 * deposit, approves the payment instruction, completes the withdrawal — as in production. The
 * sandbox's own steps are ten minutes away, so nothing moves unless the operator moves it, and
 * every change the integrator sees comes from the page polling, never a reload.
 */
describe.skipIf(chromium.kind === 'none').each(ENGINES)('the console journey on %s', (engine) => {
  let server: ConsoleServer;
  let browser: Browser;
  let receiver: ScriptedReceiver;
  let customer: ConsolePage;
  let operator: ConsolePage;

  beforeAll(async () => {
    server = await startConsoleServer(engine, { COFRE_SANDBOX_STEP_DELAY_MS: '600000' });
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    receiver = await startScriptedReceiver('first-fails');
  });
  afterAll(async () => {
    await customer?.context.close();
    await operator?.context.close();
    await browser?.close();
    await receiver?.close();
    await server?.stop();
  });

  it('subscribes, moves money with an operator settling it, and replays a delivery', async () => {
    const credentials = await server.createCustomer(`Journey ${engine}`);
    customer = await openConsole(browser, server.base);
    operator = await openConsole(browser, server.base);
    const c = customer.page;
    const o = operator.page;
    const shot = async (page: Page, name: string) => {
      await expectAccessible(page, name);
      await screenshot(page, `journey-${engine}-${name}`);
    };

    // The integrator signs in and subscribes a local receiver to every event, with retries.
    await signIn(c, credentials.clientId, credentials.clientSecret);
    await navLink(c, 'Subscriptions').click();
    await c.getByRole('link', { name: 'New subscription' }).click();
    await c.getByLabel('Callback URL', { exact: true }).fill(`${receiver.url}/hooks`);
    await c.getByRole('button', { name: 'Create subscription', exact: true }).click();
    await expect
      .poll(() => c.getByRole('heading', { name: 'Subscription created' }).count(), SETTLE)
      .toBe(1);
    await shot(c, 'subscription-created');

    // The operator signs in at the other browser.
    await o.getByLabel('Admin token').fill(server.adminToken);
    await o.getByLabel('Your name in the audit log').fill(ACTOR);
    await o.getByRole('button', { name: 'Sign in as operator' }).click();
    await o.getByRole('button', { name: 'Sign out' }).waitFor();

    // An account: it waits in onboarding until the operator activates its asset.
    await navLink(c, 'Accounts').click();
    await c.getByRole('link', { name: 'Open an account' }).click();
    await c.getByLabel('Name', { exact: true }).fill('Journey');
    await c.getByRole('button', { name: 'Open account' }).click();
    const accountId = await idInPath(c, 'acc');
    await expect
      .poll(() => badgesIn(c, 'Assets and their onboarding'), SETTLE)
      .toEqual(['ONBOARDING']);
    await markDocument(c);
    await navLink(o, 'All accounts').click();
    await o.getByRole('rowheader', { name: new RegExp(accountId) }).waitFor();
    await act(o, `Activate BRL of ${accountId}`, 'Activate');
    await expect.poll(() => badgesIn(c, 'Assets and their onboarding'), SETTLE).toEqual(['ACTIVE']);
    await expectSameDocument(c);

    // A deposit: REQUESTED until the operator marks it received; then the balance shows it.
    await c.getByRole('link', { name: 'Deposit', exact: true }).click();
    await expectHeading(c, 'Deposit');
    await expect
      .poll(() => c.getByLabel('Account', { exact: true }).inputValue(), SETTLE)
      .toBe(accountId);
    await c.getByLabel('Amount', { exact: true }).fill('250.00');
    await c.getByRole('button', { name: 'Request deposit' }).click();
    const depositId = await idInPath(c, 'op');
    await expect.poll(() => headerStatus(c).textContent(), SETTLE).toBe('REQUESTED');
    await navLink(o, 'All operations').click();
    await o
      .getByRole('rowheader', { name: new RegExp(depositId) })
      .getByRole('link')
      .click();
    await o.getByRole('heading', { level: 1, name: 'DEPOSIT REQUESTED' }).waitFor();
    await act(o, 'Receive deposit', 'Credit and complete');
    await expect.poll(() => headerStatus(c).textContent(), SETTLE).toBe('COMPLETED');
    await expect
      .poll(() => badgesIn(c, 'State history, oldest first'))
      .toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    await shot(c, 'deposit-completed');

    // A beneficiary: its PIX instruction waits for review; the operator approves it.
    await navLink(c, 'Beneficiaries').click();
    await c.getByRole('link', { name: 'Add a beneficiary' }).click();
    await c.getByLabel('Holder name').fill('Maria Silva');
    await c.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
    await c.getByLabel('PIX key').fill('maria@example.com');
    await c.getByRole('button', { name: 'Add beneficiary' }).click();
    await idInPath(c, 'ben');
    await expect
      .poll(() => badgesIn(c, 'Payment instructions and their review'), SETTLE)
      .toEqual(['PENDING_REVIEW']);
    await navLink(o, 'Review queue').click();
    await o.getByRole('rowheader', { name: /Maria Silva/ }).waitFor();
    await shot(o, 'review-queue');
    await act(o, /^Approve pin_\w+ \(Maria Silva\)$/, 'Approve');
    await expect
      .poll(() => badgesIn(c, 'Payment instructions and their review'), SETTLE)
      .toEqual(['APPROVED']);

    // A withdrawal to it: held at once, completed by the operator.
    await c.getByRole('link', { name: 'Withdraw to it' }).click();
    await expectHeading(c, 'Withdraw');
    await c.getByLabel('Account', { exact: true }).selectOption(accountId);
    await expect
      .poll(() => c.getByLabel('Payment instruction').inputValue(), SETTLE)
      .toMatch(/^pin_/);
    await c.getByLabel('Amount', { exact: true }).fill('100.00');
    await c.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const withdrawalId = await idInPath(c, 'op');
    await expect.poll(() => headerStatus(c).textContent(), SETTLE).toBe('REQUESTED');
    await navLink(o, 'All operations').click();
    await o
      .getByRole('rowheader', { name: new RegExp(withdrawalId) })
      .getByRole('link')
      .click();
    await o.getByRole('heading', { level: 1, name: 'WITHDRAWAL REQUESTED' }).waitFor();
    await act(o, /^Complete/, 'Complete');
    await expect.poll(() => headerStatus(c).textContent(), SETTLE).toBe('COMPLETED');
    await shot(c, 'withdrawal-completed');

    // The balance: 250.00 in, 100.00 out.
    await c.getByRole('link', { name: accountId }).first().click();
    await expect
      .poll(() => rowsOf(c, 'Balances per asset'), SETTLE)
      .toEqual([expect.stringContaining('BRL150.00 BRL0.00 BRL150.00 BRL')]);

    // Every one of those changes was delivered, live on the subscription's page: each message
    // refused once by the receiver (500), then taken by a retry.
    await navLink(c, 'Subscriptions').click();
    await c.getByRole('link', { name: receiver.url, exact: false }).first().click();
    await expectHeading(c, 'Subscription');
    const logs = c.getByRole('table', { name: 'Delivery attempts, newest first' });
    const completedRows = logs.locator('tbody tr').filter({ hasText: 'OPERATION_COMPLETED' });
    // Two OPERATION_COMPLETED messages (the deposit's, the withdrawal's), two attempts each.
    const outcome = (row: string) =>
      /500.*AUTOMATIC\s*FAILED/.test(row)
        ? 'refused, then'
        : /200.*RETRY\s*SUCCESS/.test(row)
          ? 'taken by the retry'
          : row;
    await expect
      .poll(async () => (await completedRows.allTextContents()).map(outcome).sort(), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual(['refused, then', 'refused, then', 'taken by the retry', 'taken by the retry']);
    await shot(c, 'deliveries');

    // Open the withdrawal's completion as delivered, and resend it.
    await completedRows.first().getByRole('link').click();
    await c.getByRole('heading', { name: 'Delivery attempt' }).waitFor();
    const messageId = (await c.locator('dt:text-is("Message id") + dd').textContent())!;
    const received = receiver.of(messageId);
    expect(received.length).toBe(2);
    await expect
      .poll(() => c.getByLabel('Request body as sent', { exact: true }).textContent())
      .toBe(received[1]!.body);
    await c.getByRole('button', { name: 'Resend', exact: true }).click();
    await expect.poll(() => receiver.of(messageId).length, SETTLE).toBe(3);
    expect(receiver.of(messageId)[2]!.body).toBe(received[0]!.body);
    const attempts = c.getByRole('table', { name: `Attempts of ${messageId}, newest first` });
    await expect
      .poll(() => attempts.locator('tbody tr').allTextContents(), SETTLE)
      .toEqual([
        expect.stringMatching(/RESEND\s*SUCCESS/),
        expect.stringMatching(/RETRY\s*SUCCESS/),
        expect.stringMatching(/AUTOMATIC\s*FAILED/),
      ]);
    await shot(c, 'resent');

    // The operator's audit log holds every step, under the operator's name.
    await navLink(o, 'Audit log').click();
    for (const action of [
      'ACCOUNT_ASSET_ACTIVATED',
      'DEPOSIT_RECEIVED',
      'PAYMENT_INSTRUCTION_APPROVED',
      'OPERATION_COMPLETED',
    ]) {
      await o.getByRole('row', { name: new RegExp(`${ACTOR}.*${action}`) }).waitFor();
    }
    await shot(o, 'audit-log');

    expect(customer.problems).toEqual([]);
    expect(operator.problems).toEqual([]);
  }, 180_000);
});
