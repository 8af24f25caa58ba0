import type { Page } from 'playwright-core';

/**
 * Opens the operator view's action dialog of `button`, fills what it asks (label → value), and
 * confirms with `confirm`; resolves once the dialog has closed.
 */
export async function act(
  page: Page,
  button: string | RegExp,
  confirm: string,
  fill: Record<string, string> = {},
): Promise<void> {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
