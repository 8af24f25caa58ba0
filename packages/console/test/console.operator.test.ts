import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './helpers/chromium.js';
import { expectAccessible, launchChromium, openConsole, screenshot } from './helpers/browser.js';
import { act } from './helpers/operator-actions.js';
import {
  accessTokenFor,
  startConsoleServer,
  type ConsoleServer,
} from './helpers/console-server.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

const ACTOR = 'ana-operator';

/** A customer's side of the story, through the API with fetch (not the console). */
async function customerApi(base: string, clientId: string, clientSecret: string) {
  // The secret shown once gets a token.
  const accessToken = await accessTokenFor(base, { clientId, clientSecret });
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
}

/** Checks the page as it is now with axe and saves it, once its h1 reads `heading`. */
async function visit(page: Page, heading: string | RegExp, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('[role="status"]:has-text("Loading")').waitFor({ state: 'detached' });
  expect(await page.getByRole('heading', { level: 1 }).count(), 'one h1').toBe(1);
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** Opens a page through the side navigation, as a person would. */
async function navigate(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: label })
    .click();
}

describe.skipIf(chromium.kind === 'none')('console operator view', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    // Sandbox steps far in the future: the instruction stays PENDING_REVIEW and the account
    // OPENING until the operator acts (the simulator would decide them within a second).
    server = await startConsoleServer('sqlite', { COFRE_SANDBOX_STEP_DELAY_MS: '600000' });
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs the back-office: customers, review, accounts, operations, audit log and health', async () => {
    const { page, context, problems } = await openConsole(browser, server.base);

    // Sign in as operator with the admin token and a name for the audit log.
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByLabel('Your name in the audit log').fill(ACTOR);
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'operator view' }).click();
    await visit(page, 'Back-office', 'operator-home');

    // Customers: create one and see its credentials once.
    await navigate(page, 'Customers');
    await visit(page, 'Customers', 'operator-customers');
    await page.getByLabel('Customer name').fill('Operator Test Ltda');
    await page.getByRole('button', { name: 'Create customer' }).click();
    const secretBox = page.getByRole('region', { name: /^Customer cus_\w+ created$/ });
    await secretBox.waitFor();
    const clientId = (await page.getByTestId('client-id').textContent())!;
    const clientSecret = (await page.getByTestId('client-secret').textContent())!;
    expect(clientId).toMatch(/^cli_/);
    expect(clientSecret.length).toBeGreaterThanOrEqual(32);
    await expect.poll(() => page.getByRole('link', { name: 'Operator Test Ltda' }).count()).toBe(1);
    await visit(page, 'Customers', 'operator-customer-created');
    await secretBox.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.getByText(clientSecret).count(), 'the secret is gone').toBe(0);

    // The customer page lists its client (never its secret).
    await page.getByRole('link', { name: 'Operator Test Ltda' }).click();
    await visit(page, 'Operator Test Ltda', 'operator-customer');
    await page.getByRole('cell', { name: clientId, exact: true }).waitFor();
    // Someone disables the client behind this page's back: disabling it here is then refused
    // with the API's own problem (409 INVALID_STATE), and the page shows what is now true.
    const disabled = await server.admin(`/admin/v1/clients/${clientId}/disable`, {
      method: 'POST',
    });
    expect(disabled.status).toBe(200);
    await page.getByRole('button', { name: `Disable ${clientId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${clientId}?` });
    await dialog.getByRole('button', { name: 'Disable client' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/INVALID_STATE/);
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/HTTP 409/);
    await page.getByRole('button', { name: `Enable ${clientId}` }).waitFor();
    await expectAccessible(page, 'a refusal in an action dialog');
    await screenshot(page, 'operator-refusal');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await act(page, `Enable ${clientId}`, 'Enable client');
    await page
      .getByRole('status')
      .filter({ hasText: `${clientId} is now ACTIVE` })
      .waitFor();

    // The customer, through the API: an account, a beneficiary, a deposit.
    const call = await customerApi(server.base, clientId, clientSecret);
    const account = await call<{ id: string }>('POST', '/v1/accounts', {
      type: 'CHECKING',
      assets: ['BRL'],
    });
    const beneficiary = await call<{ id: string; paymentInstructions: { id: string }[] }>(
      'POST',
      '/v1/beneficiaries',
      {
        holder: { type: 'INDIVIDUAL', name: 'Maria Souza', taxId: '52998224725' },
        relationshipType: 'THIRD_PARTY',
        paymentInstruction: {
          rail: 'PIX',
          asset: 'BRL',
          keyType: 'EMAIL',
          key: 'maria@example.com',
        },
      },
    );
    const instructionId = beneficiary.paymentInstructions[0]!.id;

    // Review queue: the instruction waits; approve it.
    await navigate(page, 'Review queue');
    await page.getByRole('rowheader', { name: /Maria Souza/ }).waitFor();
    await visit(page, 'Review queue', 'operator-review');
    await act(page, `Approve ${instructionId} (Maria Souza)`, 'Approve');
    const notice = page.getByRole('status').filter({ hasText: instructionId });
    await expect.poll(() => notice.textContent()).toMatch(/is now APPROVED/);
    await expect.poll(() => page.getByRole('rowheader', { name: /Maria Souza/ }).count()).toBe(0);
    const seen = await call<{ paymentInstructions: { status: string }[] }>(
      'GET',
      `/v1/beneficiaries/${beneficiary.id}`,
    );
    expect(seen.paymentInstructions[0]!.status).toBe('APPROVED');
    await page.getByLabel('Status').selectOption('APPROVED');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('row', { name: /Maria Souza.*APPROVED/ }).waitFor();

    // Accounts: finish the onboarding of BRL by hand.
    await navigate(page, 'All accounts');
    await page.getByRole('rowheader', { name: new RegExp(account.id) }).waitFor();
    await visit(page, 'Accounts', 'operator-accounts');
    await act(page, `Activate BRL of ${account.id}`, 'Activate');
    await page
      .getByRole('status')
      .filter({ hasText: `BRL of ${account.id} is now ACTIVE` })
      .waitFor();

    // Operations: receive the deposit, then reverse it; the reversal is a new operation.
    const deposit = await call<{ id: string }>('POST', '/v1/operations/deposit', {
      accountId: account.id,
      asset: 'BRL',
      amount: '25.00',
    });
    await navigate(page, 'All operations');
    await page.getByRole('rowheader', { name: new RegExp(deposit.id) }).waitFor();
    await visit(page, 'Operations', 'operator-operations');
    await page
      .getByRole('rowheader', { name: new RegExp(deposit.id) })
      .getByRole('link')
      .click();
    await visit(page, 'DEPOSIT REQUESTED', 'operator-operation');
    await act(page, 'Receive deposit', 'Credit and complete');
    await page.getByRole('heading', { level: 1, name: 'DEPOSIT COMPLETED' }).waitFor();
    await act(page, 'Reverse', 'Reverse', {
      'Reason code': 'FRAUD_CONFIRMED',
      Message: 'Chargeback from the paying institution.',
    });
    const reversedBy = page.getByRole('status').filter({ hasText: 'Reversed by' });
    await reversedBy.waitFor();
    await reversedBy.getByRole('link').click();
    await visit(page, 'REVERSAL COMPLETED', 'operator-reversal');
    await page.getByRole('link', { name: deposit.id }).waitFor();
    // The deposit's banner stayed on the deposit's page: the reversal is not "reversed by".
    expect(await page.getByRole('status').filter({ hasText: 'Reversed by' }).count()).toBe(0);

    // PIX keys and rates: the sandbox says they are simulated; setting a rate is refused, and
    // the refusal shown is the API's own (409 INVALID_STATE).
    await navigate(page, 'PIX keys & rates');
    await visit(page, 'PIX keys and rates', 'operator-pix-rates');
    await page.getByLabel('Rate', { exact: true }).fill('0.185');
    await page.getByRole('button', { name: 'Set rate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/INVALID_STATE/);

    // Audit log: the approval, by this operator.
    await navigate(page, 'Audit log');
    const approval = page.getByRole('row', {
      name: new RegExp(`${ACTOR}.*PAYMENT_INSTRUCTION_APPROVED.*${instructionId}`),
    });
    await approval.waitFor();
    await visit(page, 'Audit log', 'operator-audit');

    // Health: the sandbox steps still scheduled show in the job counts.
    await navigate(page, 'Health');
    const reviews = page.getByRole('row', { name: /sandbox\.instruction\.review/ });
    await reviews.waitFor();
    await visit(page, 'Job and delivery health', 'operator-health');
    const cells = await reviews.getByRole('cell').allTextContents();
    // Due, overdue, lease expired, scheduled, running, parked, oldest due.
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('is usable at phone width', async () => {
    const { page, context, problems } = await openConsole(browser, server.base, {
      width: 390,
      height: 844,
    });
    await page.getByLabel('Admin token').fill(server.adminToken);
    await page.getByLabel('Your name in the audit log').fill(ACTOR);
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    for (const [label, heading, name] of [
      ['Review queue', 'Review queue', 'operator-review-phone'],
      ['Health', 'Job and delivery health', 'operator-health-phone'],
    ] as const) {
      await navigate(page, label);
      await visit(page, heading, name);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${label} fits the screen`).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
