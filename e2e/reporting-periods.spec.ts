import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Journey on the reporting period list and edit screen, on a collection of its own (created by
 * the manager through the API) so the demo collection other journeys read is never disturbed.
 */

async function createCollection(page: Page): Promise<number> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/v1/api/Collection', {
    data: { name: `Reporting periods journey ${Date.now()}`, period: 'financialYear' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(csrf) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function fillPeriod(
  page: Page,
  values: { name: string; start: string; end: string; open: string; close: string; closeTime?: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Start date').fill(values.start);
  await page.getByLabel('End date').fill(values.end);
  await page.getByLabel('Submissions open date').fill(values.open);
  await page.getByLabel('Submissions close date').fill(values.close);
  await page.getByLabel('Submissions close time').fill(values.closeTime ?? '17:00');
}

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
const summaryLink = (page: Page, message: string) =>
  page.getByRole('alert').getByRole('link', { name: message });

test('a manager adds, corrects, edits and deletes reporting periods, with every message shown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'manager');
  const collectionId = await createCollection(page);

  await page.goto(`/collection/${collectionId}/reportingPeriod`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting periods' })).toBeVisible();
  await expect(page.getByText('This collection has no scheduled reporting periods')).toBeVisible();
  await expectNoAxeViolations(page);

  // Add: nothing filled in, then out-of-order dates, then a reopening without its dates.
  await page.getByRole('link', { name: 'Add a reporting period' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a reporting period' })).toBeVisible();
  await save(page);
  await expect(page.getByRole('alert')).toContainText('There is a problem');
  await expect(summaryLink(page, 'Please fill in this field')).toHaveCount(5);
  await expectNoAxeViolations(page);

  await fillPeriod(page, {
    name: 'January 2026',
    start: '2026-01-31',
    end: '2026-01-01',
    open: '2026-01-15',
    close: '2026-01-10',
  });
  await save(page);
  for (const message of [
    'End date cannot be before Start date',
    'Submissions Open Date can not be before start date',
    'Submissions close date can not be before start date',
  ]) {
    await expect(summaryLink(page, message)).toBeVisible();
    await expect(page.locator('.nhsuk-error-message', { hasText: message })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await fillPeriod(page, {
    name: 'January 2026',
    start: '2026-01-01',
    end: '2026-01-31',
    open: '2026-02-01',
    close: '2026-01-20',
  });
  await page.getByLabel('Submissions reopen after they close').check();
  await page.getByLabel('Submissions reopen date').fill('2026-01-10');
  await save(page);
  await expect(
    summaryLink(page, 'Submissions closed date can not be before submissions open date'),
  ).toBeVisible();
  await expect(
    summaryLink(page, 'Submissions re-open date must be after submissions closed date'),
  ).toBeVisible();
  await expect(summaryLink(page, 'You must provide this if the submission is to be reopened')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Submissions close date').fill('2026-02-08');
  await page.getByLabel('Submissions reopen date').fill('2026-02-08');
  await page.getByLabel('Submissions reopen time').fill('18:00');
  await page.getByLabel('Submissions reclose date').fill('2026-02-08');
  await page.getByLabel('Submissions reclose time').fill('09:00');
  await save(page);
  await expect(
    summaryLink(page, 'Submissions re-close date must be after submissions re-open date'),
  ).toBeVisible();
  await page.getByLabel('Submissions reclose date').fill('2026-02-10');
  await page.getByLabel('Submissions reclose time').fill('24:00');
  await save(page);
  await expect(summaryLink(page, 'Enter a valid time')).toHaveAttribute('href', '#period-recloseTime');
  await expect(page.locator('.nhsuk-error-message', { hasText: 'Enter a valid time' })).toBeVisible();
  await page.getByLabel('Submissions reclose time').fill('09:00');
  await save(page);

  // Listed, with its status and London times.
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/reportingPeriod$`));
  const january = page.getByRole('row', { name: /January 2026/ });
  await expect(january).toContainText('01/01/2026');
  await expect(january).toContainText('8 Feb 2026, 17:00');
  await expect(january).toContainText('Closed');
  await expectNoAxeViolations(page);

  // A second period: a duplicate of January's dates first, then next year's (Future), listed by start.
  await page.getByRole('link', { name: 'Add a reporting period' }).click();
  await fillPeriod(page, {
    name: 'January again',
    start: '2026-01-01',
    end: '2026-01-31',
    open: '2026-02-01',
    close: '2026-02-08',
  });
  await save(page);
  await expect(
    summaryLink(page, 'A reporting period with the same start and end date exists already'),
  ).toBeVisible();
  await fillPeriod(page, {
    name: 'December 2039',
    start: '2039-12-01',
    end: '2039-12-31',
    open: '2040-01-01',
    close: '2041-01-08',
  });
  await save(page);
  await expect(summaryLink(page, 'Ensure year is less than or equal 2040')).toBeVisible();
  await page.getByLabel('Submissions close date').fill('2040-01-08');
  await save(page);
  await expect(page.getByRole('row', { name: /December 2039/ })).toContainText('Future');
  const names = await page.locator('tbody tr td:first-child').allTextContents();
  expect(names).toEqual(['January 2026', 'December 2039']);

  // Edit January: rename and move its deadline.
  await page.getByRole('link', { name: 'January 2026' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting period' })).toBeVisible();
  await expect(page.getByLabel('Submissions close time')).toHaveValue('17:00');
  await expect(page.getByLabel('Submissions reopen after they close')).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByLabel('Name', { exact: true }).fill('January 2026 (revised)');
  await page.getByLabel('Submissions close time').fill('12:30');
  await save(page);
  await expect(page.getByRole('row', { name: /January 2026 \(revised\)/ })).toContainText(
    '8 Feb 2026, 12:30',
  );

  // Delete December after confirming.
  await page.getByRole('link', { name: 'December 2039' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete reporting period' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/reportingPeriod$`));
  await expect(page.getByRole('row', { name: /December 2039/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /January 2026/ })).toHaveCount(1);
});
