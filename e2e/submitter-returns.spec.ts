import type { Page } from '@playwright/test';
import { clerkAtEach, openPeriodBody, publishedCollection } from './factories';
import { apiOf, DAY, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Decision 0025: a clerk at several organisations sees one compact table of their returns (one
 * request), filters it by organisation, keeps the filter across reload and back, and opens a return.
 * The collection is built here through the API; Ben Authoriser (RGT) becomes a data entry clerk at
 * four trusts in it, which gives him the multi-organisation home.
 */
const CODES = ['RJ1', 'RJ7', 'RGT', 'RYJ'];

async function multiOrganisationCollection(page: Page): Promise<string> {
  const now = Date.now();
  const collection = await publishedCollection(apiOf(page), {
    name: `Returns table journey ${now}`,
    codes: CODES,
    period: openPeriodBody({
      name: 'Returns table period',
      submissionsOpen: new Date(now - 2 * DAY).toISOString(),
      submissionsClose: new Date(now + 6 * DAY).toISOString(),
    }),
    // The story is a clerk at several organisations: Ben works at RGT only.
    access: clerkAtEach(CODES, 'authoriserB'),
  });
  return collection.name;
}

test('a clerk at four trusts sees one table of returns, filters by ODS code, keeps it on reload and opens a return', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'manager');
  const collection = await multiOrganisationCollection(page);
  await page.context().clearCookies();

  await signInAs(page, 'authoriserB');
  await page.getByRole('link', { name: 'Submitter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Collections to submit' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your returns by organisation, collection and period' });
  const mine = table.getByRole('row').filter({ hasText: collection });
  await expect(mine).toHaveCount(CODES.length);
  await expect(mine.first()).toContainText('closes in');
  await expectNoAxeViolations(page);

  // Filter by an ODS code: the URL keeps it, reload shows the same, Back returns to the whole list.
  const filter = page.getByRole('form', { name: 'Filter returns' });
  await filter.getByLabel('Organisation name or ODS code').fill('RJ7');
  await filter.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]query=RJ7/);
  await expect(table.getByRole('row').filter({ hasText: collection })).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Organisation name or ODS code')).toHaveValue('RJ7');
  await expect(table.getByRole('row').filter({ hasText: collection })).toHaveCount(1);
  await page.goBack();
  await expect(table.getByRole('row').filter({ hasText: collection })).toHaveCount(CODES.length);

  // Sort by organisation (the header says how the list is sorted), then use it at phone width.
  await table.getByRole('button', { name: 'Organisation' }).click();
  await expect(table.getByRole('columnheader', { name: /Organisation/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page).toHaveURL(/sortBy=organisation/);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // Keyboard: the first return's link is reachable and opens the form.
  const start = mine.first().getByRole('link', { name: /^Start Returns table period for / });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/form\/collection\/\d+\/organisation\/\d+\/reportingPeriod\/\d+$/);
});
