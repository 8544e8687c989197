import type { Page } from '@playwright/test';
import { draftCollection } from './factories';
import { apiOf, expect, expectNoAxeViolations, fillDate, signInAs, test } from './fixtures';

/**
 * Journeys on a collection of its own (created by the manager through the API), so applying
 * schedules never disturbs the demo collection other journeys read.
 */

/** First day of the month `offset` months from now, in London, as yyyy-MM-dd. */
function monthStart(offset: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

const count = (page: Page, label: string) => page.getByTestId(`diff-count-${label}`);

test.describe.configure({ mode: 'serial' });

test('a manager previews and applies a monthly working-days schedule, changes daysOpen, sees the diff and applies it; the schedule view shows earlier and later periods', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'manager');
  const collectionId = await draftCollection(apiOf(page), { name: `Schedule journey ${Date.now()}` });

  await page.goto(`/collection/amend/${collectionId}/schedule`);
  await expect(page.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Nothing filled in: the specification's messages, in the summary and at the fields.
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(page.getByRole('alert')).toContainText('There is a problem');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Please fill in this field' })).toHaveCount(
    4,
  );
  await expectNoAxeViolations(page);

  // 18 months up to 6 months ahead, 5 working days open.
  await page.getByLabel(/Reporting cycle/).selectOption('monthly');
  await fillDate(page, /First reporting period start/, monthStart(-12));
  await fillDate(page, /Last reporting period start/, monthStart(5));
  await page.getByLabel(/Days open/).fill('5');
  await page.getByLabel(/Count working days only/).check();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Successfully saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(page.getByRole('heading', { name: 'Preview of changes' })).toBeVisible();
  await expect(count(page, 'added')).toHaveText('18');
  await expect(count(page, 'changed')).toHaveText('0');
  await expect(count(page, 'conflicts')).toHaveText('0');
  await expect(page.getByRole('row')).toHaveCount(19);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Schedule applied')).toBeVisible();
  await expect(page.getByText(/18 added, 0 changed, 0 removed/)).toBeVisible();

  // Change daysOpen: every period's deadline moves, nothing is added or removed.
  await page.getByLabel(/Days open/).fill('10');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(count(page, 'changed')).toHaveText('18');
  await expect(count(page, 'added')).toHaveText('0');
  await expect(count(page, 'removed')).toHaveText('0');
  await expect(page.getByRole('cell', { name: 'New deadline' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/0 added, 18 changed, 0 removed/)).toBeVisible();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Successfully saved.')).toBeVisible();

  // The schedule view: a window around now, 3 more per Show earlier / Show later.
  await page.goto(`/schedule/${collectionId}`);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const initial = await rows.count();
  expect(initial).toBeGreaterThanOrEqual(1);
  expect(initial).toBeLessThanOrEqual(2);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Show earlier' }).click();
  await expect(rows).toHaveCount(initial + 3);
  await page.getByRole('button', { name: 'Show later' }).click();
  await expect(rows).toHaveCount(initial + 6);
  await expect(page.locator('tbody .nhsuk-tag').first()).toHaveText(/Open|Closed|Future/);
  await expectNoAxeViolations(page);
});
