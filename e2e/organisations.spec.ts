import type { Page } from '@playwright/test';
import { dateShown, expect, expectNoAxeViolations, fillDate, signInAs, test } from './fixtures';

/**
 * Journey: an administrator creates an organisation, meets the specification's validation
 * messages (inline and in 'There is a problem'), edits it, closes it, and finds it by code in the list
 * search and in the search widget. axe in every state shown.
 */

/** A London calendar date `days` from today, yyyy-MM-dd. */
function londonDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Searches the organisations list for `code`. */
async function searchByCode(page: Page, code: string) {
  await page.getByLabel('Search by name or code').fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('an administrator creates, edits, closes and finds an organisation', async ({ page }) => {
  test.setTimeout(90_000);
  const code = `E2E${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const name = `Journey Community Health NHS Trust ${code}`;

  await signInAs(page, 'superAdmin');
  await page.goto('/organisation');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await expect(page.getByText(/\d+ organisations/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Create, with bad input first: every message inline and in the summary.
  await page.getByRole('link', { name: 'Create an organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an organisation' })).toBeVisible();
  await page.getByLabel('Name').fill('ab');
  await page.getByLabel('Code').fill('x');
  await fillDate(page, 'Closure date', londonDate(1));
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('There is a problem');
  for (const message of [
    'Name must be minimum three characters long',
    'Code must be minimum three characters long',
    'Date must be today or in the past',
  ]) {
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
    await expect(page.locator('.nhsuk-error-message', { hasText: message })).toBeVisible();
  }
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Code').fill(code.toLowerCase());
  await fillDate(page, 'Closure date', '');
  await page.getByLabel('Region').selectOption({ label: 'Y56 - London' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/organisation$/);

  // Found by code in the list search; the code was upper-cased.
  await searchByCode(page, code);
  await expect(page.getByText('1 organisation', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('London');
  await expect(row).toContainText('Open');
  await expectNoAxeViolations(page);

  // Edit: rename it.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit organisation' })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveValue(code);
  await page.getByLabel('Name').fill(`${name} (renamed)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/organisation$/);
  await searchByCode(page, code);
  await expect(page.getByRole('link', { name: `${name} (renamed)` })).toBeVisible();

  // Close it: closed from its closure date (yesterday).
  await page.getByRole('link', { name: `${name} (renamed)` }).click();
  await fillDate(page, 'Closure date', londonDate(-1));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/organisation$/);
  await page.getByLabel('Search by name or code').fill(code);
  await page.getByLabel('Status').selectOption('closed');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Closed');

  // Found by code in the search widget (kind organisations: closed ones too, with their status).
  await page.getByRole('button', { name: 'Find an organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Searching across all organisations' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').fill('no-such-organisation-anywhere');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByText('No results(s) found')).toBeVisible();
  await dialog.getByRole('searchbox').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Search' }).click();
  const found = dialog.getByRole('row', { name: new RegExp(code) });
  await expect(found).toContainText('Closed');
  await expect(dialog.getByRole('button', { name: 'Select', exact: true })).toBeDisabled();
  await found.getByRole('checkbox').check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit organisation' })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveValue(code);
  expect(await dateShown(page, 'Closure date')).toBe(londonDate(-1));
});
