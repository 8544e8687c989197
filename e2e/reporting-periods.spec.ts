import type { Page } from '@playwright/test';
import { addPeriod, draftCollection } from './factories';
import { type Api, apiOf, expect, expectNoAxeViolations, fillDate, signInAs, test } from './fixtures';

/**
 * The reporting period list and edit screen, each story on a collection of its own (created by the
 * manager through the API) so the demo collection other journeys read is never disturbed.
 */

/** Signs in as the manager and makes a draft collection; its id and the manager's API client. */
async function managerWithCollection(page: Page): Promise<{ api: Api; collectionId: number }> {
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const collectionId = await draftCollection(api, { name: `Reporting periods journey ${Date.now()}` });
  return { api, collectionId };
}

/** January 2026 as the add form saves it once corrected: closed, reopening on the 8th and reclosing on the 10th. */
const january = {
  name: 'January 2026',
  start: '2026-01-01',
  end: '2026-01-31',
  submissionsOpen: '2026-02-01',
  openTime: '00:00',
  submissionsClose: '2026-02-08',
  closeTime: '17:00',
  ifSubmissionReopens: true,
  submissionsReopen: '2026-02-08',
  reopenTime: '18:00',
  submissionsReclose: '2026-02-10',
  recloseTime: '09:00',
};

/** A period still to come. */
const december2039 = {
  name: 'December 2039',
  start: '2039-12-01',
  end: '2039-12-31',
  submissionsOpen: '2040-01-01',
  openTime: '00:00',
  submissionsClose: '2040-01-08',
  closeTime: '17:00',
  ifSubmissionReopens: false,
  submissionsReopen: null,
  submissionsReclose: null,
};

async function fillPeriod(
  page: Page,
  values: { name: string; start: string; end: string; open: string; close: string; closeTime?: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await fillDate(page, 'Start date', values.start);
  await fillDate(page, 'End date', values.end);
  await fillDate(page, 'Submissions open date', values.open);
  await fillDate(page, 'Submissions close date', values.close);
  await page.getByLabel('Submissions close time').fill(values.closeTime ?? '17:00');
}

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
const summaryLink = (page: Page, message: string) =>
  page.getByRole('alert').getByRole('link', { name: message });

test('an empty collection lists no periods; a period saved with nothing filled in shows the five required messages', async ({
  page,
}) => {
  const { collectionId } = await managerWithCollection(page);
  await page.goto(`/collection/${collectionId}/reportingPeriod`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting periods' })).toBeVisible();
  await expect(page.getByText('This collection has no scheduled reporting periods')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Add a reporting period' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a reporting period' })).toBeVisible();
  await save(page);
  await expect(page.getByRole('alert')).toContainText('There is a problem');
  await expect(summaryLink(page, 'Please fill in this field')).toHaveCount(5);
  await expectNoAxeViolations(page);
});

test('out-of-order dates, a reopening without its dates and an invalid time are refused with every message; corrected, the period is listed with its status and London times', async ({
  page,
}) => {
  // Five saves and four axe scans: 40 s at load 20.
  test.setTimeout(90_000);
  const { collectionId } = await managerWithCollection(page);
  await page.goto(`/collection/${collectionId}/reportingPeriod`);
  await page.getByRole('link', { name: 'Add a reporting period' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a reporting period' })).toBeVisible();

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
  await fillDate(page, 'Submissions reopen date', '2026-01-10');
  await save(page);
  await expect(
    summaryLink(page, 'Submissions closed date can not be before submissions open date'),
  ).toBeVisible();
  await expect(
    summaryLink(page, 'Submissions re-open date must be after submissions closed date'),
  ).toBeVisible();
  await expect(summaryLink(page, 'You must provide this if the submission is to be reopened')).toBeVisible();
  await expectNoAxeViolations(page);

  await fillDate(page, 'Submissions close date', '2026-02-08');
  await fillDate(page, 'Submissions reopen date', '2026-02-08');
  await page.getByLabel('Submissions reopen time').fill('18:00');
  await fillDate(page, 'Submissions reclose date', '2026-02-08');
  await page.getByLabel('Submissions reclose time').fill('09:00');
  await save(page);
  await expect(
    summaryLink(page, 'Submissions re-close date must be after submissions re-open date'),
  ).toBeVisible();
  await fillDate(page, 'Submissions reclose date', '2026-02-10');
  await page.getByLabel('Submissions reclose time').fill('24:00');
  await save(page);
  await expect(summaryLink(page, 'Enter a valid time')).toHaveAttribute('href', '#period-recloseTime');
  await expect(page.locator('.nhsuk-error-message', { hasText: 'Enter a valid time' })).toBeVisible();
  await page.getByLabel('Submissions reclose time').fill('09:00');
  await save(page);

  // Listed, with its status and London times.
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/reportingPeriod$`));
  const listed = page.getByRole('row', { name: /January 2026/ });
  await expect(listed).toContainText('1 January 2026');
  await expect(listed).toContainText('8 February 2026, 17:00');
  await expect(listed).toContainText('Closed');
  await expectNoAxeViolations(page);
});

test('a second period with an existing period’s dates, then with a year after 2040, is refused; saved, periods are listed latest first, or by start', async ({
  page,
}) => {
  const { api, collectionId } = await managerWithCollection(page);
  await addPeriod(api, collectionId, january);
  await page.goto(`/collection/${collectionId}/reportingPeriod`);
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
  await fillDate(page, 'Submissions close date', '2040-01-08');
  await save(page);
  await expect(page.getByRole('row', { name: /December 2039/ })).toContainText('Future');
  // The collection's periods page lists the latest first.
  const names = await page.getByRole('rowheader').getByRole('link').allTextContents();
  expect(names).toEqual(['December 2039', 'January 2026']);
  await page.getByRole('button', { name: 'Reporting period' }).click();
  await expect(page.getByRole('rowheader').getByRole('link')).toHaveText(['January 2026', 'December 2039']);
});

test('a manager renames a period and moves its deadline', async ({ page }) => {
  const { api, collectionId } = await managerWithCollection(page);
  await addPeriod(api, collectionId, january);
  await page.goto(`/collection/${collectionId}/reportingPeriod`);
  await page.getByRole('link', { name: 'Change dates of January 2026' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting period' })).toBeVisible();
  await expect(page.getByLabel('Submissions close time')).toHaveValue('17:00');
  await expect(page.getByLabel('Submissions reopen after they close')).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByLabel('Name', { exact: true }).fill('January 2026 (revised)');
  await page.getByLabel('Submissions close time').fill('12:30');
  await save(page);
  await expect(page.getByRole('row', { name: /January 2026 \(revised\)/ })).toContainText(
    '8 February 2026, 12:30',
  );
});

test('a manager deletes a period after confirming; the other stays', async ({ page }) => {
  const { api, collectionId } = await managerWithCollection(page);
  await addPeriod(api, collectionId, january);
  await addPeriod(api, collectionId, december2039);
  await page.goto(`/collection/${collectionId}/reportingPeriod`);
  await page.getByRole('link', { name: 'Change dates of December 2039' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete reporting period' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/reportingPeriod$`));
  await expect(page.getByRole('row', { name: /December 2039/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /January 2026/ })).toHaveCount(1);
});
