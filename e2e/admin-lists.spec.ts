import type { Page } from '@playwright/test';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Lists that scale (issue 14, item 4; decisions 0021 and 0025): every monitoring and admin list keeps
 * its filters, sort and page in the URL, so reload and Back show the same list; page numbers and
 * "Go to page"; axe clean; usable at 375 px. Reached from the administration hub by clicks.
 */

async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openFromHub(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Admin', exact: true })
    .click();
  await page.getByRole('main').getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe.configure({ timeout: 150_000 });

test('organisations: page numbers, go to page, sort and filters survive reload and Back', async ({
  page,
}) => {
  await signInAs(page, 'superAdmin');
  await openFromHub(page, 'Organisations', 'Organisations');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 2');
  await page.getByLabel('Go to page').fill('4');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=4/);

  // Sorting goes back to page 1 and is kept by reload.
  await page.getByRole('button', { name: 'Code' }).click();
  await page.getByRole('button', { name: /^Code/ }).click();
  await expect(page).toHaveURL(/sortBy=code/);
  await expect(page).toHaveURL(/sortOrder=DESC/);
  await expect(page.getByRole('columnheader', { name: /^Code/ })).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /^Code/ })).toHaveAttribute('aria-sort', 'descending');
  // The rows arrive sorted by the server: codes in descending order.
  await expect
    .poll(async () => {
      const codes = await page.locator('tbody tr td:nth-child(2)').allTextContents();
      return codes.length > 1 && codes.every((code, i) => i === 0 || codes[i - 1]! >= code);
    })
    .toBe(true);

  const search = page.getByRole('form', { name: 'Search organisations' });
  await search.getByLabel('Search by name or code').fill('guy');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/query=guy/);
  await expect(page.getByText("GUY'S AND ST THOMAS' NHS FOUNDATION TRUST")).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Search by name or code')).toHaveValue('');
  await expect(page.getByRole('columnheader', { name: /^Code/ })).toHaveAttribute('aria-sort', 'descending');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoPageOverflow(page);
});

test('audit log and outbox: filter and sort by when are kept in the URL', async ({ page }) => {
  await signInAs(page, 'superAdmin');
  // Two audited changes of this run's own, so the filtered log is never empty.
  const api = apiOf(page);
  const { items } = await api<{ items: { id: number }[] }>('GET', '/Collection?query=Monthly%20workforce');
  const guidance = `/Collection/${items[0]!.id}/Guidance`;
  await api('PUT', guidance, { guidance: 'Admin lists journey' });
  await api('PUT', guidance, { guidance: null });
  await openFromHub(page, 'Audit log', 'Audit log');
  const form = page.getByRole('form', { name: 'Search the audit log' });
  await form.getByLabel('What').selectOption('collection.guidance');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/action=collection\.guidance/);
  await page.getByRole('button', { name: /^When/ }).click();
  await expect(page).toHaveURL(/sortOrder=ASC/);
  await expect(page.getByRole('table', { name: 'Changes, oldest first' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('What')).toHaveValue('collection.guidance');
  await expect(page.getByRole('table', { name: 'Changes, oldest first' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('table', { name: 'Changes, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);

  await openFromHub(page, 'Email outbox', 'Email outbox');
  // The outbox of a fresh run may be empty: its filters are read back from the URL either way.
  const outbox = page.getByRole('form', { name: 'Search the outbox' });
  await outbox.getByLabel('Search by recipient or subject').fill('reminder');
  await outbox.getByLabel('Status').selectOption('failed');
  await outbox.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search=reminder/);
  await expect(page).toHaveURL(/status=failed/);
  await page.reload();
  await expect(page.getByLabel('Search by recipient or subject')).toHaveValue('reminder');
  await expect(page.getByLabel('Status')).toHaveValue('failed');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoPageOverflow(page);
});

test('manage collections, hidden collections and the submissions overview sort in the URL', async ({
  page,
}) => {
  await signInAs(page, 'superAdmin');
  await openFromHub(page, 'Manage collections', 'Manage collections');
  await page.getByRole('button', { name: 'Last changed' }).click();
  await expect(page).toHaveURL(/sortBy=updatedAt/);
  await page.getByRole('button', { name: /^Last changed/ }).click();
  await expect(page).toHaveURL(/sortOrder=DESC/);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /^Last changed/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectNoAxeViolations(page);

  // Hidden collections: the same list pinned to archived (it may have none in this run).
  await openFromHub(page, 'Hidden collections', 'Hidden collections');
  await expect(page.getByLabel('Search by collection name')).toBeVisible();
  await expectNoAxeViolations(page);

  await openFromHub(page, 'Submissions overview', 'Submissions overview');
  await page.getByRole('button', { name: /^Collection/ }).click();
  await expect(page).toHaveURL(/sortOrder=DESC/);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /^Collection/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoPageOverflow(page);
});
