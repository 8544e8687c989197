import type { Page } from '@playwright/test';
import {
  addPeriod,
  addRecipients,
  draftCollection,
  headcountForm,
  openPeriodBody,
  uploadForm,
} from './factories';
import { type Api, apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Recipients at national scale (decision 0021), on collections created in the test: add by criteria
 * with the count shown first, paste ODS codes with a report of unknown and closed codes, remove the
 * same ways; and the period monitoring list keeping its filter, sort and page across reload and back.
 */

/** Optional authorisation gives every recipient row live checkboxes, for axe and the 375 px check. */
const newCollection = (api: Api, name: string) =>
  draftCollection(api, {
    name: `${name} ${Date.now()}`,
    trustAuthorisation: 'optional',
    nhsiAuthorisation: 'optional',
  });

/** The page has no sideways scroll at its width (tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// Sign-in, counting a region of the national list and axe take longer than the default on a busy machine.
// Each test arranges its own collection, so each passes alone; in order in one worker, a failure hides nothing.
test.describe.configure({ mode: 'default', timeout: 150_000 });

/** A new collection with the manager signed in, its recipients page open (after any added through the API). */
async function recipientsPage(page: Page, name: string, codes: string[] = []): Promise<Api> {
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const collectionId = await newCollection(api, name);
  if (codes.length > 0) await addRecipients(api, collectionId, codes);
  await page.goto(`/manage/collection/${collectionId}/organisations`);
  return api;
}

test.describe('a manager chooses recipients', () => {
  test('adds a region by criteria after seeing the count', async ({ page }) => {
    await recipientsPage(page, 'Recipients by criteria');
    await expect(page.getByText('There are no recipient organisations yet.')).toBeVisible();

    // The button says how many will be added before anything changes.
    await page.getByText('By type, region, ICB or name').click();
    const byCriteria = page.getByRole('form', { name: 'Add organisations by criteria' });
    await byCriteria.getByLabel('Region').selectOption({ label: 'London' });
    await byCriteria.getByRole('button', { name: 'Count matching organisations' }).click();
    const addButton = byCriteria.getByRole('button', { name: /^Add [\d,]+ organisations?$/ });
    await expect(addButton).toBeVisible();
    await expect(byCriteria.getByTestId('selection-report')).toContainText('found.');
    await expectNoAxeViolations(page);
    const count = Number((await addButton.textContent())!.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId('recipients-page')).toHaveCount(0);
    await addButton.click();
    await expect(page.getByText(`${count.toLocaleString('en-GB')} organisations added`)).toBeVisible();
    await expect(page.getByTestId('recipients-page')).toContainText(
      `(${count.toLocaleString('en-GB')} organisation`,
    );
  });

  test('pastes ODS codes and is told which are unknown and which are closed', async ({ page }) => {
    await recipientsPage(page, 'Recipients by codes');
    await expect(page.getByText('There are no recipient organisations yet.')).toBeVisible();

    // RJ1 and RGT (open), R1G (closed in 2015) and a code that does not exist.
    await page.getByText('From a list of ODS codes').click();
    const byCodes = page.getByRole('form', { name: 'Add a list of ODS codes' });
    await byCodes.getByLabel('ODS codes').fill('RJ1\nrgt, R1G\nNOSUCH1');
    await expect(byCodes.getByText('4 codes read.')).toBeVisible();
    await byCodes.getByRole('button', { name: 'Check codes' }).click();
    const report = byCodes.getByTestId('selection-report');
    await expect(report).toContainText('Unknown ODS codes (1)');
    await expect(report).toContainText('NOSUCH1');
    await expect(report).toContainText('Closed organisations (1)');
    await expect(report).toContainText('R1G');
    await expectNoAxeViolations(page);
    const addCodes = byCodes.getByRole('button', { name: /^Add [12] organisations?$/ });
    const codeCount = Number((await addCodes.textContent())!.replace(/\D/g, ''));
    await addCodes.click();
    await expect(page.getByText(`(${codeCount.toLocaleString('en-GB')} recipients)`)).toBeVisible();
  });

  test("removes all recipients matching the list's filter", async ({ page }) => {
    await recipientsPage(page, 'Remove by filter', ['RJ1', 'RGT']);
    await expect(page.getByTestId('recipients-page')).toContainText('(2 organisations)');

    const filter = page.getByRole('form', { name: 'Filter recipients' });
    await filter.getByLabel('Name or ODS code contains').fill('RGT');
    await filter.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('recipients-page')).toContainText('(1 organisation)');
    await page.getByRole('button', { name: 'Remove all matching recipients' }).click();
    await page.getByRole('button', { name: 'Remove 1 organisation' }).click();
    await expect(page.getByText('1 organisation removed (1 recipients)')).toBeVisible();
  });

  test('removes a list of ODS codes, and the page fits 375 px', async ({ page }) => {
    await recipientsPage(page, 'Remove by codes', ['RJ1', 'RGT']);
    await expect(page.getByTestId('recipients-page')).toContainText('(2 organisations)');

    await page.getByText('Remove a list of ODS codes').click();
    const removeCodes = page.getByRole('form', { name: 'Remove a list of ODS codes' });
    await removeCodes.getByLabel('ODS codes').fill('RJ1');
    await removeCodes.getByRole('button', { name: 'Check codes' }).click();
    await removeCodes.getByRole('button', { name: 'Remove 1 organisation' }).click();
    await expect(page.getByText('1 organisation removed (1 recipients)')).toBeVisible();
    await expectNoAxeViolations(page);

    // Usable at 375 px: nothing runs off the side of the page.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoPageOverflow(page);
    await expect(page.getByRole('button', { name: 'Add organisations' })).toBeVisible();
  });
});

test.describe('the period monitoring list keeps its state in the URL', () => {
  let periodPath = '';

  // One collection with more than two pages of recipients and an open period, shared by the tests below
  // (they only read it).
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await signInAs(page, 'manager');
    const api = apiOf(page);
    const collectionId = await newCollection(api, 'Paged monitoring');
    await uploadForm(api, collectionId, headcountForm);
    // Every open NHS trust in the seed whose name says so: more than one page of 25.
    const added = await api<{ changes: number }>(
      'PUT',
      `/Collection/${collectionId}/Organisation/Selection`,
      {
        action: 'add',
        criteria: { query: 'NHS', status: 'open' },
      },
    );
    expect(added.changes).toBeGreaterThan(50);
    const periodId = await addPeriod(api, collectionId, openPeriodBody({ name: 'Paged period' }));
    periodPath = `/collection/manage/reportingPeriod/${periodId}`;
    await page.close();
  });

  /** Opens the period, sorts by code descending and goes to page 2. */
  async function openSortedPage2(page: Page) {
    await signInAs(page, 'manager');
    await page.goto(periodPath);
    const codeHeader = page.getByRole('columnheader', { name: /^Code/ });
    await codeHeader.getByRole('button').click();
    await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
    await codeHeader.getByRole('button').click();
    await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: '2', exact: true }).click();
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 2');
  }

  /**
   * Filters by 'trust' and answers the ODS code of the first row the API gave for it: the page keeps
   * showing the previous rows until the filtered ones arrive, so the table alone cannot say when.
   */
  async function filterByTrust(page: Page): Promise<string> {
    const filtered = page.waitForResponse(
      (response) =>
        response.url().includes('/View/Manager/ReportingPeriod/') && /[?&]query=trust/.test(response.url()),
    );
    await page.getByLabel('Search by name or code').fill('trust');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/query=trust/);
    await expect(page).not.toHaveURL(/page=2/);
    const { items } = (await (await filtered).json()) as { items: { code: string }[] };
    const firstCode = items[0]!.code;
    await expect(page.locator('tbody tr').first()).toContainText(firstCode);
    return firstCode;
  }

  test('a filter starts again at page 1, and a reload keeps the filter and sort', async ({ page }) => {
    await openSortedPage2(page);
    const firstCode = await filterByTrust(page);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel('Search by name or code')).toHaveValue('trust');
    await expect(page.getByRole('columnheader', { name: /^Code/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.locator('tbody tr').first()).toContainText(firstCode);
  });

  test('the back button returns to page 2 of the unfiltered list, still sorted', async ({ page }) => {
    await openSortedPage2(page);
    await filterByTrust(page);

    await page.goBack();
    await expect(page.getByLabel('Search by name or code')).toHaveValue('');
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
    ).toHaveText('Page 2');
    await expect(page.getByRole('columnheader', { name: /^Code/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('jumps to the last page by number, and the page fits 375 px', async ({ page }) => {
    await openSortedPage2(page);
    await page.getByLabel('Go to page').fill('3');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page).toHaveURL(/page=3/);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoPageOverflow(page);
  });
});
