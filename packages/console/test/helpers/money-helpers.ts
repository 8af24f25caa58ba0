import { accessTokenFor } from './console-server.js';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a test waits for the sandbox (300 ms steps) and a poll (1–3 s) to show a change. */
export const SETTLE = { timeout: 15_000, interval: 200 };

/**
 * Goes to a console path inside the app, as a click on a link would: the session lives in the
 * page's memory only, so `page.goto` (a reload) would sign out.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A link of the side navigation. */
export function navLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });
}

/** The page's h1 once it says `title`. */
export async function expectHeading(page: Page, title: string | RegExp): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SETTLE)
    .toMatch(title);
}

/**
 * Marks the document, so a later check can tell that what changed on screen came from the page
 * polling, not from a reload (a reload would drop the mark, and the session with it).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { moneyTestMark: boolean }).moneyTestMark = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { moneyTestMark?: boolean }).moneyTestMark),
  ).toBe(true);
}

/** The status badge in the page header (an operation's state). */
export function headerStatus(page: Page): Locator {
  return page.locator('.page-header .badge');
}

/** The texts of the status badges in the body of the table named `caption`. */
export async function badgesIn(page: Page, caption: string): Promise<string[]> {
  return page.getByRole('table', { name: caption }).locator('tbody .badge').allTextContents();
}

/** The rows of the table named `caption`, each as its text. */
export async function rowsOf(page: Page, caption: string): Promise<string[]> {
  return page.getByRole('table', { name: caption }).locator('tbody tr').allTextContents();
}

/** A `datetime-local` value for an instant, in the page's own time zone. */
export async function localInputAt(page: Page, epochMs: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, epochMs);
}

/** The id at the end of the page's path (/console/operations/op_…). */
export async function idInPath(page: Page, prefix: string): Promise<string> {
  await expect
    .poll(() => new URL(page.url()).pathname, SETTLE)
    .toMatch(new RegExp(`/${prefix}_\\w+$`));
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** What the test reads of an API answer (an account, an operation). */
export interface ApiAnswer {
  id: string;
  status: string;
  [member: string]: unknown;
}

/** A customer access token, for what the test does through the API beside the browser. */
export async function customerApi(base: string, clientId: string, clientSecret: string) {
  const accessToken = await accessTokenFor(base, { clientId, clientSecret });
  return async (path: string, body?: unknown): Promise<ApiAnswer> => {
    const answer = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as ApiAnswer;
  };
}
