import type { Page } from '@playwright/test';
import { clerkAtEach, openOrganisationCodes, openPeriodBody, publishedCollection } from './factories';
import { apiOf, DAY, expect, signInAs, test } from './fixtures';

/**
 * Decision 0034: the landing page and the homes answer in at most 5 requests whatever the number of
 * organisations (a clerk at 50 organisations made 56 when each organisation's home was read). Ben
 * Authoriser becomes a data entry clerk at 50 trusts of a collection built here; the period closes in
 * 20 days so his 'due in the next 7 days' list stays as the other journeys expect it.
 */
const ORGANISATIONS = 50;
const BUDGET = 5;

/** Every request to the API the page makes from now on. */
function countApiRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/api/')) urls.push(request.url());
  });
  return urls;
}

test('a clerk at 50 organisations opens the landing page and the home in at most 5 requests each', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const codes = await openOrganisationCodes(api, {
    count: ORGANISATIONS,
    pageSize: 100,
    keep: (code) => !['RJ1', 'RJ7', 'RGT', 'RYJ'].includes(code),
  });
  const now = Date.now();
  const collection = await publishedCollection(api, {
    name: `Fifty trusts ${now}`,
    codes,
    period: openPeriodBody({
      name: 'Fifty trusts period',
      submissionsOpen: new Date(now - DAY).toISOString(),
      submissionsClose: new Date(now + 20 * DAY).toISOString(),
    }),
    access: clerkAtEach(codes, 'authoriserB'),
  });
  await page.context().clearCookies();

  await signInAs(page, 'authoriserB');
  const landing = countApiRequests(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Needs your attention' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(landing.length, landing.join('\n')).toBeLessThanOrEqual(BUDGET);

  const home = countApiRequests(page);
  await page.goto('/collection/submit');
  const table = page.getByRole('table', { name: 'Your returns by organisation, collection and period' });
  await expect(table).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(home.length, home.join('\n')).toBeLessThanOrEqual(BUDGET);
  // The collection's returns are all there, paged by the server.
  await page.getByLabel('Organisation name or ODS code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row').filter({ hasText: collection.name })).toHaveCount(1);
});
