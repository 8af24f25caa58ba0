import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where screenshots of the run go (git-ignored): one PNG per page the tests visit. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
);

const AXE_SOURCE = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * Headless Chromium as the environment notes say it runs here: no sandbox as root, and none of
 * the background networking a closed network refuses.
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP refusals the page reported; a test expects none. */
  problems: string[];
}

/**
 * A fresh context (no storage shared with another test) at `viewport`, collecting every console
 * error and Content-Security-Policy refusal, so a test fails if the console breaks its own CSP.
 */
export async function openConsole(
  browser: Browser,
  base: string,
  viewport = { width: 1280, height: 900 },
): Promise<ConsolePage> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed API call the page handles (a 4xx it shows) is logged by Chromium as a resource
    // error; those are expected. Script errors and CSP refusals are not.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${base}/console/`);
  return { context, page, problems };
}

/** Signs in with an API client's credentials and waits for the signed-in shell. */
export async function signIn(page: Page, clientId: string, clientSecret: string): Promise<void> {
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(clientSecret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A and AA rules) and fails with every
 * violation listed. axe is evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so the CSP under test stays as strict as in production.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: unknown }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  });
  expect(violations, `accessibility of ${what}`).toEqual([]);
}

/** Saves a full-page screenshot of the page as `<name>.png` in SCREENSHOT_DIR. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
