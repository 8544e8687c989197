import { draftCollection } from './factories';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * The recipients search widget (issue 14, item 3; decision 0025): ticks kept across searches and
 * pages with a count, "Showing 1 to 100 of N", ticking a page at once, and "Select all N matching",
 * which hands the search to the criteria form (counted first, decision 0021). On a collection of its own.
 */
test('a manager ticks across pages and searches, then adds every match of a search by criteria', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'manager');
  const id = await draftCollection(apiOf(page), { name: `Search widget journey ${Date.now()}` });
  await page.goto(`/manage/collection/${id}/organisations`);
  await page.getByRole('button', { name: 'Add organisations', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Searching across all organisations' });
  const search = async (term: string) => {
    await dialog.getByRole('searchbox').fill(term);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  };
  // The first 'Select' box ticks the whole page: the second is the first row's.
  const tickFirstRow = () =>
    dialog
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .check();

  // "NHS" matches more than a page of open trusts.
  await search('NHS');
  await expect(dialog.getByTestId('search-showing')).toHaveText(/^Showing 1 to 100 of [\d,]+$/);
  const matching = Number(
    (await dialog.getByTestId('search-showing').textContent())!.split(' of ')[1]!.replace(/,/g, ''),
  );
  await tickFirstRow();
  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByTestId('search-showing')).toHaveText(/^Showing 101 to /);
  await tickFirstRow();
  await expect(dialog.getByTestId('ticked-count')).toContainText('2 selected');

  // A new search keeps both ticks.
  await search('RGT');
  await dialog.getByRole('checkbox', { name: /\(RGT\)$/ }).check();
  await expect(dialog.getByTestId('ticked-count')).toContainText('3 selected');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByText('3 organisations added')).toBeVisible();

  // Select all matching: the criteria form opens with the search, counted, the 3 already there left out.
  await page.getByRole('button', { name: 'Add organisations', exact: true }).click();
  await search('NHS');
  await dialog
    .getByRole('button', { name: `Select all ${matching.toLocaleString('en-GB')} matching` })
    .click();
  const byCriteria = page.getByRole('form', { name: 'Add organisations by criteria' });
  await expect(byCriteria.getByLabel('Name or ODS code contains')).toHaveValue('NHS');
  const add = byCriteria.getByRole('button', { name: /^Add [\d,]+ organisations$/ });
  await expect(add).toBeVisible();
  const adding = Number((await add.textContent())!.replace(/\D/g, ''));
  expect(adding).toBeGreaterThanOrEqual(matching - 3);
  await expectNoAxeViolations(page);
  await add.click();
  await expect(page.getByText(`${adding.toLocaleString('en-GB')} organisations added`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
