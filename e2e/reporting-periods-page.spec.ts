import type { Page } from '@playwright/test';
import { addPeriod, openOrganisationCodes, openPeriodBody, publishedCollection } from './factories';
import { apiOf, DAY, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Every period in reach (issue 26 items 4 and 8): a manager's collection with fourteen trusts, a period
 * that closed weeks ago and one open now. From the landing page, by links alone, the manager reaches
 * the closed period's monitoring, its non-submitters and exports, and an organisation's return with
 * the reopen; the monitoring table takes the page's height at 1280x900 and scrolls sideways only in
 * its own box at 375 px.
 */

test.describe.configure({ timeout: 90_000 });

const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

async function collectionWithClosedPeriod(page: Page) {
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const codes = await openOrganisationCodes(api, {
    count: 14,
    pageSize: 40,
    keep: (code) => /^R[A-Z0-9]{2}$/.test(code),
  });
  const name = `Periods page journey ${Date.now()}`;
  const closedStart = iso(-70).slice(0, 10);
  const collection = await publishedCollection(api, {
    name,
    codes,
    period: {
      name: 'Closed quarter',
      start: closedStart,
      end: closedStart,
      submissionsOpen: iso(-60),
      submissionsClose: iso(-40),
    },
  });
  await addPeriod(api, collection.id, openPeriodBody({ name: 'Open month' }));
  return collection;
}

test('a manager reaches a closed period by clicks alone: its counts, monitoring, non-submitters, exports and a reopen', async ({
  page,
}) => {
  const collection = await collectionWithClosedPeriod(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Manager' }).click();
  await page
    .getByRole('row', { name: new RegExp(collection.name) })
    .getByRole('link', { name: `All periods of ${collection.name}` })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reporting periods' })).toBeVisible();
  const table = page.getByRole('table', { name: `Reporting periods of ${collection.name}` });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Closed (1)' }).click();
  await expect(page.getByText('1 reporting period', { exact: true })).toBeVisible();
  const closed = table.getByRole('row', { name: /Closed quarter/ });
  await expect(closed).toContainText('Closed');
  await expect(closed).toContainText('0 of 14 (0%)');
  await expect(closed.getByRole('cell').nth(5)).toHaveText('14');
  // Non-submitters and both exports are plain downloads with the session cookie.
  for (const link of ['Non-submitters (CSV) of Closed quarter', 'Export Excel (XLSX) of Closed quarter']) {
    const download = page.waitForEvent('download');
    await closed.getByRole('link', { name: link }).click();
    expect((await download).suggestedFilename()).toMatch(/Closed-quarter\.(csv|xlsx)$/);
  }

  await closed.getByRole('link', { name: 'Monitor Closed quarter' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${collection.name}: Closed quarter` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Download CSV/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const first = collection.organisations.toSorted((a, b) => a.name.localeCompare(b.name))[0]!;
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Manage this return' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // And back: the breadcrumbs lead to the period, then to every period of the collection.
  await page.goBack();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Reporting periods' })
    .click();
  await expect(page.getByRole('table', { name: `Reporting periods of ${collection.name}` })).toBeVisible();
});

test('the monitoring table takes the page height at 1280x900 and scrolls sideways in its own box at 375 px', async ({
  page,
}) => {
  const collection = await collectionWithClosedPeriod(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(collection.periodUrl);
  const table = page.getByRole('table', { name: 'Submissions by organisation' });
  await expect(table.getByRole('row')).toHaveCount(15);
  const desktop = await table.evaluate((element) => {
    const box = element.parentElement as HTMLElement;
    return {
      tableHeight: element.getBoundingClientRect().height,
      boxScrolls: box.scrollHeight > box.clientHeight,
      pageHeight: document.documentElement.scrollHeight,
      focusable: box.getAttribute('tabindex'),
    };
  });
  expect(desktop.tableHeight).toBeGreaterThan(450);
  expect(desktop.boxScrolls).toBe(false);
  expect(desktop.pageHeight).toBeGreaterThan(900);
  // Wide enough at 1280: no sideways scroll, so no extra tab stop.
  expect(desktop.focusable).toBeNull();
  await page.screenshot({ path: test.info().outputPath('monitoring-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  const box = page.getByRole('region', { name: 'Submissions by organisation (scrolls sideways)' });
  await expect(box).toBeVisible();
  const narrow = await box.evaluate((element) => ({
    boxScrollsSideways: element.scrollWidth > element.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
  }));
  expect(narrow.boxScrollsSideways).toBe(true);
  expect(narrow.pageWidth).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('monitoring-375.png'), fullPage: true });
  await expectNoAxeViolations(page);
});
