import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import {
  SETTLE,
  badgesIn,
  customerApi,
  expectHeading,
  expectSameDocument,
  headerStatus,
  idInPath,
  localInputAt,
  markDocument,
  navigate,
  navLink,
  rowsOf,
} from './helpers/money-helpers.js';

const chromium = await ensureChromium();
if (chromium.kind === 'none') {
  console.warn(`Skipping the console's browser tests: ${chromium.why}.`);
}

/**
 * The README's money tour, from the console alone, in a real browser against a real `cofre serve`
 * (sandbox steps of 300 ms): the tests run in order on one signed-in page, each picking up what
 * the one before made (the account, its balance, the beneficiary).
 */
describe.skipIf(chromium.kind === 'none')('console money', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let credentials: { clientId: string; clientSecret: string };
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let accountId: string;
  let depositId: string;
  const started = Date.now();

  /** Checks the page with axe and saves its screenshot. */
  const look = async (name: string) => {
    await expectAccessible(page, name);
    await screenshot(page, name);
  };

  beforeAll(async () => {
    server = await startConsoleServer('sqlite');
    browser = await launchChromium(chromium.kind === 'found' ? chromium.path : '');
    credentials = await server.createCustomer('Console money test');
    ({ page, context, problems } = await openConsole(browser, server.base));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens an account and shows its assets become ACTIVE without a reload', async () => {
    await signIn(page, credentials.clientId, credentials.clientSecret);
    await navLink(page, 'Accounts').click();
    await expectHeading(page, 'Accounts');
    await expect.poll(() => page.getByText('No account yet').count(), SETTLE).toBe(1);
    await look('money-accounts-empty');

    await page.getByRole('link', { name: 'Open an account' }).click();
    await expectHeading(page, 'Open an account');
    await page.getByLabel('Name', { exact: true }).fill('Main');
    await page.getByRole('checkbox', { name: 'USDT' }).check();
    await look('money-account-open');
    await markDocument(page);
    await page.getByRole('button', { name: 'Open account' }).click();

    accountId = await idInPath(page, 'acc');
    await expectHeading(page, 'Account Main');
    await expect
      .poll(() => badgesIn(page, 'Assets and their onboarding'), SETTLE)
      .toEqual(['ACTIVE', 'ACTIVE']);
    await expect.poll(() => page.getByText('Onboarding settled.').count(), SETTLE).toBe(1);
    // The funding instructions follow the assets: a PIX key and code for BRL, an address for USDT.
    await expect
      .poll(() => page.getByRole('button', { name: /^Copy the/ }).count(), SETTLE)
      .toBe(4);
    await expectSameDocument(page);
    await look('money-account');
  });

  it('deposits and shows it COMPLETED and the balance changed, live', async () => {
    await page.getByRole('link', { name: 'Deposit', exact: true }).click();
    await expectHeading(page, 'Deposit');
    await expect
      .poll(() => page.getByLabel('Account', { exact: true }).inputValue(), SETTLE)
      .toBe(accountId);
    // A client-side hint before anything is sent.
    await page.getByLabel('Amount', { exact: true }).fill('10.001');
    await page.getByRole('button', { name: 'Request deposit' }).click();
    await expect.poll(() => page.getByText('BRL has at most 2 decimals.').count()).toBe(1);
    await look('money-deposit-form');

    await page.getByLabel('Amount', { exact: true }).fill('1000.00');
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/v1/operations/deposit'),
    );
    await page.getByRole('button', { name: 'Request deposit' }).click();
    // Every money POST carries its own Idempotency-Key.
    expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    depositId = await idInPath(page, 'op');
    await expectHeading(page, 'Deposit');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('COMPLETED');
    await expect
      .poll(() => badgesIn(page, 'State history, oldest first'))
      .toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    // A completed PIX deposit can be refunded from its page.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Refund to the payer' }).count())
      .toBe(1);
    await look('money-deposit-completed');

    await page.getByRole('link', { name: accountId }).first().click();
    await expectHeading(page, 'Account Main');
    await expect
      .poll(() => rowsOf(page, 'Balances per asset'), SETTLE)
      .toEqual([
        expect.stringContaining('BRL1,000.00 BRL0.00 BRL1,000.00 BRL'),
        expect.stringContaining('USDT0.000000 USDT'),
      ]);
  });

  it('a deposit with the magic amount never arrives: FAILED with its reason', async () => {
    await navigate(page, `/console/operations/new/deposit?accountId=${accountId}`);
    await expectHeading(page, 'Deposit');
    await page.getByRole('button', { name: 'A deposit that never arrives' }).click();
    await expect.poll(() => page.getByLabel('Amount', { exact: true }).inputValue()).toBe('100.66');
    await page.getByRole('button', { name: 'Request deposit' }).click();
    await idInPath(page, 'op');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('FAILED');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'DEPOSIT_EXPIRED' }).count())
      .toBe(1);
    await expect
      .poll(() => badgesIn(page, 'State history, oldest first'))
      .toEqual(['REQUESTED', 'FAILED']);
    await look('money-deposit-failed');
  });

  it('adds a beneficiary and shows its PIX instruction APPROVED live', async () => {
    await navLink(page, 'Beneficiaries').click();
    await expectHeading(page, 'Beneficiaries');
    await page.getByRole('link', { name: 'Add a beneficiary' }).click();
    await expectHeading(page, 'Add a beneficiary');
    await page.getByLabel('Holder name').fill('Maria Silva');
    await page.getByLabel('PIX key').fill('maria@example.com');
    // The server's refusal is shown at the field it names, and as a whole.
    await page.getByLabel('CPF', { exact: true }).fill('111.111.111-11');
    await page.getByRole('button', { name: 'Add beneficiary' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), SETTLE)
      .toContain('INVALID_DATA');
    await expect
      .poll(() => page.getByLabel('CPF', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await look('money-beneficiary-refused');
    await page.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
    await look('money-beneficiary-new');
    await markDocument(page);
    await page.getByRole('button', { name: 'Add beneficiary' }).click();

    await idInPath(page, 'ben');
    await expectHeading(page, 'Maria Silva');
    await expect
      .poll(() => badgesIn(page, 'Payment instructions and their review'), SETTLE)
      .toEqual(['APPROVED']);
    await expectSameDocument(page);
    await look('money-beneficiary');
  });

  it('withdraws to the approved instruction and shows its state history', async () => {
    await page.getByRole('link', { name: 'Withdraw to it' }).click();
    await expectHeading(page, 'Withdraw');
    await page.getByLabel('Account', { exact: true }).selectOption(accountId);
    await expect
      .poll(() => page.getByLabel('Payment instruction').inputValue(), SETTLE)
      .toMatch(/^pin_/);
    await page.getByLabel('Amount', { exact: true }).fill('100.00');
    await look('money-withdrawal-form');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();

    await idInPath(page, 'op');
    await expectHeading(page, 'Withdrawal');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('COMPLETED');
    await expect
      .poll(() => badgesIn(page, 'State history, oldest first'))
      .toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    await expect.poll(() => page.getByText(/^E00000000\d{12}\w{11}$/).count()).toBe(1);
    await look('money-withdrawal');
  });

  it('swaps at a quote and shows its fees and conversion', async () => {
    await navigate(page, `/console/operations/new/swap?accountId=${accountId}`);
    await expectHeading(page, 'Swap');
    await expect
      .poll(() => page.getByLabel('Account', { exact: true }).inputValue(), SETTLE)
      .toBe(accountId);
    await page.getByLabel('To asset').selectOption('USDT');
    await page.getByLabel('Amount', { exact: true }).fill('500.00');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    const quoteFees = page.getByRole('table', { name: 'Quote fees' });
    await expect.poll(() => quoteFees.textContent(), SETTLE).toContain('2.50 BRL');
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^\d+ s$/);
    await look('money-swap-quoted');
    await page.getByRole('button', { name: 'Swap BRL → USDT' }).click();

    await idInPath(page, 'op');
    await expectHeading(page, 'Swap');
    await expect
      .poll(() => page.getByRole('table', { name: 'Fees charged' }).textContent(), SETTLE)
      .toContain('2.50 BRL');
    const conversion = page.getByRole('region', { name: 'Conversion' });
    await expect
      .poll(() => conversion.textContent())
      .toMatch(/500\.00 BRL.*\d+\.\d{6} USDT.*1 BRL = 0\.\d+ USDT/);
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('COMPLETED');
    await look('money-swap');
  });

  it('looks a PIX key up, shows the recipient and pays it', async () => {
    await navigate(page, `/console/operations/new/pix-payment?accountId=${accountId}`);
    await expectHeading(page, 'PIX payment');
    await page.getByRole('button', { name: 'An unknown key' }).click();
    await page.getByRole('button', { name: 'Look up key' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), SETTLE)
      .toContain('PIX_KEY_NOT_FOUND');

    await page.getByRole('textbox', { name: 'PIX key' }).fill('maria@example.com');
    await page.getByRole('button', { name: 'Look up key' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Recipient' }).count(), SETTLE)
      .toBe(1);
    await expect.poll(() => page.locator('.money-recipient').textContent()).toMatch(/\*\*/);
    await page.getByLabel('Amount', { exact: true }).fill('25.00');
    await look('money-pix-payment-form');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await idInPath(page, 'op');
    await expectHeading(page, 'PIX payment');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('COMPLETED');
    await look('money-pix-payment');
  });

  it('places a LIMIT order that never fills and cancels it', async () => {
    await navigate(page, `/console/operations/new/order?accountId=${accountId}`);
    await expectHeading(page, 'Order');
    await expect
      .poll(() => page.getByText(/^Price now: 1 USDT = [\d.]+ BRL to buy/).count(), SETTLE)
      .toBe(1);
    await page.getByRole('button', { name: 'A limit order that never fills' }).click();
    await expect.poll(() => page.getByLabel('Limit price').inputValue()).toMatch(/66$/);
    await page.getByLabel('Amount', { exact: true }).fill('1.00');
    await look('money-order-form');
    await page.getByRole('button', { name: 'Place order' }).click();
    await idInPath(page, 'op');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('PROCESSING');
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('FAILED');
    await expect.poll(() => page.getByText('Failed: CANCELLED_BY_CUSTOMER').count()).toBe(1);
    await look('money-order-cancelled');
  });

  it('transfers between two accounts', async () => {
    const api = await customerApi(server.base, credentials.clientId, credentials.clientSecret);
    const savings = await api('/v1/accounts', { type: 'SAVING', name: 'Savings' });
    await navigate(page, `/console/operations/new/transfer?accountId=${accountId}`);
    await expectHeading(page, 'Transfer');
    await expect
      .poll(
        async () =>
          (await page.getByLabel('To account').locator('option').allTextContents()).join(),
        SETTLE,
      )
      .toContain(savings.id);
    await expect
      .poll(() => api(`/v1/accounts/${savings.id}`).then((a) => a.status), SETTLE)
      .toBe('ACTIVE');
    await page.getByLabel('To account').selectOption(savings.id);
    await page.getByLabel('Amount', { exact: true }).fill('50.00');
    await look('money-transfer-form');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await idInPath(page, 'op');
    await expect.poll(() => headerStatus(page).textContent(), SETTLE).toBe('COMPLETED');
    await expect
      .poll(() => page.getByRole('region', { name: 'Transfer details' }).textContent())
      .toContain('50.00 BRL');
  });

  it('shows the statement of a period, with its opening and closing balances', async () => {
    await navigate(page, `/console/accounts/${accountId}`);
    await expectHeading(page, 'Account Main');
    // A period that ended before the account was opened: no entries, zero balances.
    await page.getByLabel('From (exclusive)').fill(await localInputAt(page, started - 3 * 60_000));
    await page.getByLabel('To (inclusive)').fill(await localInputAt(page, started - 2 * 60_000));
    await page.getByRole('button', { name: 'Show statement' }).click();
    await expect.poll(() => page.getByText('No entries in this period.').count(), SETTLE).toBe(1);

    // From then until now: every entry of the tour, adding up to the balance.
    await page.getByLabel('To (inclusive)').fill('');
    await page.getByRole('button', { name: 'Show statement' }).click();
    await expect
      .poll(() => rowsOf(page, 'Statement entries, newest first'), SETTLE)
      .toEqual([
        expect.stringMatching(/DEBIT−50\.00 BRL325\.00 BRL$/),
        // The LIMIT order's hold (1.00 USDT at 6.66 BRL), given back when it was cancelled.
        expect.stringMatching(/CREDIT\+6\.66 BRL375\.00 BRL$/),
        expect.stringMatching(/DEBIT−6\.66 BRL368\.34 BRL$/),
        expect.stringMatching(/DEBIT−25\.00 BRL375\.00 BRL$/),
        expect.stringMatching(/CREDIT\+\d+\.\d{6} USDT\d+\.\d{6} USDT$/),
        expect.stringMatching(/DEBIT−500\.00 BRL400\.00 BRL$/),
        expect.stringMatching(/DEBIT−100\.00 BRL900\.00 BRL$/),
        expect.stringMatching(/CREDIT\+1,000\.00 BRL1,000\.00 BRL$/),
      ]);
    await expect
      .poll(() => rowsOf(page, 'Opening balances'))
      .toEqual([
        expect.stringContaining('BRL0.00 BRL'),
        expect.stringContaining('USDT0.000000 USDT'),
      ]);
    await expect
      .poll(() => rowsOf(page, 'Closing balances'))
      .toEqual([
        expect.stringContaining('BRL325.00 BRL'),
        expect.stringMatching(/USDT\d+\.\d{6} USDT/),
      ]);
    await look('money-statement');
  });

  it('lists operations live: one made elsewhere appears without a reload', async () => {
    await navLink(page, 'Operations').click();
    await expectHeading(page, 'Operations');
    await expect
      .poll(() => page.getByRole('link', { name: `DEPOSIT ${depositId}` }).count(), SETTLE)
      .toBe(1);
    await markDocument(page);
    const api = await customerApi(server.base, credentials.clientId, credentials.clientSecret);
    const made = await api('/v1/operations/deposit', { accountId, asset: 'BRL', amount: '5.00' });
    await expect
      .poll(() => page.getByRole('link', { name: `DEPOSIT ${made.id}` }).count(), SETTLE)
      .toBe(1);
    await expectSameDocument(page);
    // Paged by cursor: 8 operations, 5 a page.
    await page.getByLabel('Per page').selectOption('5');
    const caption = 'Operations, newest first';
    await expect.poll(() => rowsOf(page, caption), SETTLE).toHaveLength(5);
    const first = await rowsOf(page, caption);
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => rowsOf(page, caption), SETTLE).toHaveLength(3);
    await page.getByRole('button', { name: '← Previous' }).click();
    await expect.poll(() => rowsOf(page, caption), SETTLE).toEqual(first);
    // Filtered to failed deposits: only the magic one.
    await page.getByLabel('Type', { exact: true }).selectOption('DEPOSIT');
    await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
    await expect
      .poll(() => rowsOf(page, 'Operations, newest first'), SETTLE)
      .toEqual([expect.stringContaining('DEPOSIT_EXPIRED')]);
    await look('money-operations');
  });

  it('shows rates, makes a quote and opens its page', async () => {
    await navLink(page, 'Quotes & rates').click();
    await expectHeading(page, 'Quotes & rates');
    await expect.poll(() => page.getByRole('row', { name: /BRL → USDT/ }).count(), SETTLE).toBe(1);
    await page.getByLabel('Account', { exact: true }).selectOption(accountId);
    await page.getByLabel('To asset').selectOption('USDT');
    await page.getByRole('radio', { name: 'What I receive' }).check();
    await page.getByLabel('Amount', { exact: true }).fill('10.000000');
    await look('money-quotes');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await idInPath(page, 'quo');
    await expectHeading(page, 'Quote BRL → USDT');
    await expect
      .poll(() => page.locator('.money-quote').textContent(), SETTLE)
      .toContain('10.000000 USDT');
    await look('money-quote');
    expect(problems).toEqual([]);
  });

  it('lists the accounts and the beneficiaries, with their states', async () => {
    await navLink(page, 'Accounts').click();
    await expectHeading(page, 'Accounts');
    await expect
      .poll(() => rowsOf(page, 'Accounts, newest first'), SETTLE)
      .toEqual([
        expect.stringMatching(/^Savings.*SAVING.*ACTIVE.*BRL.*50\.00 BRL/),
        expect.stringMatching(/^Main.*CHECKING.*ACTIVE.*330\.00 BRL.*USDT/),
      ]);
    await page.getByLabel('Type', { exact: true }).selectOption('SAVING');
    await expect.poll(() => rowsOf(page, 'Accounts, newest first'), SETTLE).toHaveLength(1);
    await look('money-accounts');

    await navLink(page, 'Beneficiaries').click();
    await expectHeading(page, 'Beneficiaries');
    await expect
      .poll(() => rowsOf(page, 'Beneficiaries, newest first'), SETTLE)
      .toEqual([
        expect.stringMatching(/Maria Silva.*529\.982\.247-25.*APPROVED.*maria@example\.com/),
      ]);
    await look('money-beneficiaries');
  });

  it('an account opened with the FAIL_ONBOARDING_BTC shortcut shows BTC FAILED with its reason', async () => {
    await navigate(page, '/console/accounts/new');
    await expectHeading(page, 'Open an account');
    await page.getByRole('button', { name: 'Only BTC fails' }).click();
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).inputValue())
      .toBe('FAIL_ONBOARDING_BTC');
    await page.getByRole('button', { name: 'Open account' }).click();
    await idInPath(page, 'acc');
    await expect
      .poll(() => badgesIn(page, 'Assets and their onboarding'), SETTLE)
      .toEqual(['ACTIVE', 'FAILED']);
    await expect
      .poll(() => rowsOf(page, 'Assets and their onboarding'), SETTLE)
      .toEqual([
        expect.stringMatching(/^BRL/),
        expect.stringMatching(/^BTCFAILED ONBOARDING_FAILED: /),
      ]);
    await look('money-account-onboarding-failed');
    // No console error and no CSP refusal on any page of the tour.
    expect(problems).toEqual([]);
  });

  it('is usable at phone width on the account page', async () => {
    const phone = await openConsole(browser, server.base, { width: 390, height: 844 });
    await signIn(phone.page, credentials.clientId, credentials.clientSecret);
    await navigate(phone.page, `/console/accounts/${accountId}`);
    await expectHeading(phone.page, 'Account Main');
    await expect.poll(() => rowsOf(phone.page, 'Balances per asset'), SETTLE).toHaveLength(2);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone.page, 'the account page at phone width');
    await screenshot(phone.page, 'money-account-phone');
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
