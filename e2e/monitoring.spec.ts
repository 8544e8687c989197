import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openPeriodBody, publishedCollection, saveReturn, signedInPage } from './factories';
import { apiOf, DAY, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Monitoring a period, each story on a collection of its own built through the API: three trusts, one
 * period; one trust completes, one saves a draft, one does nothing. While the period is open the manager
 * sends a reminder (an administrator finds it in the audit log). Once the manager has closed the period
 * and reopened it for the draft's trust, it shows completed, draft and missed together; the manager
 * filters it, reads a trust's history and the trend, downloads the non-submitters CSV (no reminder is
 * offered any more), and exports the period as XLSX and the collection as CSV (read back here).
 */

test.describe.configure({ timeout: 90_000 });

/**
 * The manager (signed in on `page`) builds the collection and the period; clerkA completes RJ1's return,
 * clerkB saves a draft for RGT, RJ7 has nobody. `remind` sends a reminder while the period is open;
 * `close` closes it an hour ago and reopens it for RGT until tomorrow.
 */
async function mixedStatusPeriod(
  page: Page,
  browser: Browser,
  options: { remind?: boolean; close?: boolean } = {},
) {
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const name = `Monitoring journey ${Date.now()}`;
  const collection = await publishedCollection(api, {
    name,
    isEmailEnabled: true,
    codes: ['RJ1', 'RGT', 'RJ7'],
    period: openPeriodBody({
      name: 'Journey period',
      submissionsOpen: new Date(Date.now() - 3 * DAY).toISOString(),
    }),
    access: [
      { code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] },
      { code: 'RGT', persona: 'clerkB', roles: ['DataEntryClerk'] },
      { code: 'RGT', persona: 'authoriserB', roles: ['Authoriser'] },
    ],
  });
  await saveReturn(browser, 'clerkA', collection.submissionApi('RJ1'), { headcount: 12 }, 'completed');
  const draftId = await saveReturn(
    browser,
    'clerkB',
    collection.submissionApi('RGT'),
    { headcount: 12 },
    'draft',
  );
  const periodApi = `/Collection/${collection.id}/ReportingPeriod/${collection.periodId}`;
  if (options.remind) await api('POST', `${periodApi}/Reminder`, {});
  if (options.close) {
    await api('PUT', periodApi, {
      collectionId: collection.id,
      ...collection.period,
      submissionsClose: new Date(Date.now() - 3_600_000).toISOString(),
      formId: collection.formId,
    });
    await api('POST', `/Submission/${draftId}/Reopen`, { until: new Date(Date.now() + DAY).toISOString() });
  }
  return collection;
}

/** The table of the period view (after its heading has shown). */
async function periodView(page: Page, collection: { name: string; periodUrl: string }) {
  await page.goto(collection.periodUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: `${collection.name}: Journey period` }),
  ).toBeVisible();
  return page.getByRole('table', { name: 'Submissions by organisation' });
}

test('while the period is open a manager sends a reminder to those not completed; an administrator finds it in the audit log', async ({
  page,
  browser,
}) => {
  const collection = await mixedStatusPeriod(page, browser);

  // The confirmation says who will be emailed (RGT's clerk and authoriser; RJ7 has nobody).
  await page.goto(collection.periodUrl);
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a reminder?' });
  await expect(dialog).toContainText(
    'This will email 2 data entry clerks and authorisers of 1 organisation that has not completed Journey period.',
  );
  await expect(dialog).toContainText('1 organisation not completed has nobody to email');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reminder sent to 1 organisation (2 emails).')).toBeVisible();
  await expectNoAxeViolations(page);

  const admin = await signedInPage(browser, 'collectionAdmin');
  await admin.page.goto('/collection/admin/audit');
  await admin.page.getByLabel('What').selectOption({ label: 'Reminder sent' });
  await admin.page.getByLabel('Record ID').fill(String(collection.periodId));
  await admin.page.getByRole('button', { name: 'Search' }).click();
  const changes = admin.page.getByRole('table', { name: 'Changes, newest first' });
  await expect(changes.getByRole('row')).toHaveCount(2);
  await expect(changes.getByRole('row').nth(1)).toContainText('Morgan Manager');
  await changes.getByText('Show values').click();
  await expect(changes.getByRole('row').nth(1)).toContainText('"emails": 2');
  await expectNoAxeViolations(admin.page);
  await admin.close();
});

test('a closed period shows completed, reopened draft and missed together; filtered to missed, with the missed trust’s history and the trend', async ({
  page,
  browser,
}) => {
  const collection = await mixedStatusPeriod(page, browser, { close: true });
  const table = await periodView(page, collection);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /RJ1/ })).toContainText('Completed');
  await expect(table.getByRole('row', { name: /RGT/ })).toContainText('Draft');
  await expect(table.getByRole('row', { name: /RGT/ })).toContainText('Reopened until');
  await expect(table.getByRole('row', { name: /RJ7/ })).toContainText('Missed');
  await expect(page.getByRole('definition').filter({ hasText: '1 of 3 (33%)' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Missed (1)' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 organisation', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /RJ7/ })).toContainText('Missed');
  await expectNoAxeViolations(page);

  // The missed trust's record across the collection's periods.
  await table.getByRole('button', { name: /^History of ST GEORGE'S/ }).click();
  const history = page.getByRole('table', { name: /^History of ST GEORGE'S/ });
  await expect(history.getByRole('row', { name: /Journey period/ })).toContainText('Missed');
  await expect(page.getByText('0 on time, 0 late, 1 missed of 1 period opened so far.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The trend as a table (the chart's accessible alternative).
  await page.getByText('Completeness trend as a table').click();
  const trend = page.getByRole('table', { name: 'Completeness and timeliness by reporting period' });
  await expect(trend.getByRole('row', { name: /Journey period/ })).toContainText('1 of 3 (33%)');
  await expectNoAxeViolations(page);
});

test('after the period closes: the non-submitters CSV, no reminder offered, and the reminder sent earlier on the draft trust’s history', async ({
  page,
  browser,
}) => {
  const collection = await mixedStatusPeriod(page, browser, { remind: true, close: true });
  const table = await periodView(page, collection);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download non-submitters (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('non-submitters-Journey-period.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Organisation code,Organisation name,Status,Role,Name,Email');
  const rows = lines.slice(1).map((line) => line.split(','));
  // Statuses and roles in words, as every export has them.
  expect(rows.map((r) => `${r[0]} ${r[2]} ${r[3]} ${r.at(-1)}`).sort()).toEqual([
    'RGT Draft Authoriser authoriser.b@dcf.example',
    'RGT Draft Data entry clerk clerk.b@dcf.example',
    'RJ7 Missed  ',
  ]);

  // Reminders are never for a closed period: the button gives way to the reason.
  await expect(
    page.getByText('Reminders cannot be sent because the reporting period has closed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reminder' })).toHaveCount(0);

  // The chase is on RGT's history.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Draft (1)' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row', { name: /RGT/ })).toBeVisible();
  await table.getByRole('button', { name: /^History of CAMBRIDGE/ }).click();
  await expect(page.getByRole('heading', { name: 'Reminders sent' })).toBeVisible();
  await expect(page.getByText(/: Journey period, by Morgan Manager to 2 people$/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a manager exports the closed period as XLSX (read back cell by cell) and the whole collection as CSV from their home', async ({
  page,
  browser,
}) => {
  const collection = await mixedStatusPeriod(page, browser, { close: true });
  await periodView(page, collection);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download Excel \(XLSX\)\s*of Journey period$/ }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText(`Downloaded ${xlsx.suggestedFilename()}`)).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.worksheets[0]!;
  const cells = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
  expect(cells(1)).toEqual([
    'Organisation code',
    'Organisation name',
    'Reporting period',
    'Status',
    'Submitted by',
    'Submitted at',
    'Form version',
    'Headcount',
  ]);
  // The second sheet describes every column: key, label, type, page, options.
  const dictionary = workbook.getWorksheet('Data dictionary')!;
  expect((dictionary.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Key',
    'Label',
    'Type',
    'Page',
    'Options',
  ]);
  expect((dictionary.getRow(9).values as unknown[]).slice(1)).toEqual(['headcount', 'Headcount', 'number']);
  expect(sheet.rowCount).toBe(4);
  const byCode = new Map([2, 3, 4].map((r) => [String(sheet.getRow(r).getCell(1).value), sheet.getRow(r)]));
  const rj1Row = byCode.get('RJ1')!;
  expect(rj1Row.getCell(3).value).toBe('Journey period');
  expect(rj1Row.getCell(4).value).toBe('Completed');
  expect(rj1Row.getCell(5).value).toBe('Chris Clerk');
  // Submitted at is a real Excel date-time in the app's style, not text (decision 0037); the header stays in view.
  expect(rj1Row.getCell(6).value).toBeInstanceOf(Date);
  expect(rj1Row.getCell(6).numFmt).toBe('d mmmm yyyy, hh:mm');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(rj1Row.getCell(8).value).toBe(12);
  // A draft is not a return: status only, no answer.
  expect(byCode.get('RGT')!.getCell(4).value).toBe('Draft');
  expect(byCode.get('RGT')!.getCell(8).value).toBeNull();
  expect(byCode.get('RJ7')!.getCell(4).value).toBe('Missed');
  await expectNoAxeViolations(page);

  // The whole collection from the manager's home: every period, one row per organisation and period.
  await page.goto('/collection/manage');
  await page.getByLabel('Collection', { exact: true }).selectOption({ label: collection.name });
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: new RegExp(`^Download CSV\\s*of all periods of ${collection.name}$`) })
      .click(),
  ]);
  const csvLines = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csvLines[0]).toBe(
    'Organisation code,Organisation name,Reporting period,Status,Submitted by,Submitted at,Form version,Headcount',
  );
  expect(csvLines[1]).toBe(
    'organisationCode,organisationName,reportingPeriod,status,submittedBy,submittedAt,formVersion,headcount',
  );
  expect(
    csvLines
      .slice(2)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['RGT', 'RJ1', 'RJ7']);
  // The same returns live for Power BI or Excel: the address the home shows answers as an OData feed
  // (read here with the manager's session; the tools use a personal access token).
  const feed = (await page.getByText(/\/v1\/api\/OData\/Collection\/\d+$/).textContent())!;
  const live = (await (await page.request.get(`${feed}/Returns`)).json()) as {
    '@odata.context': string;
    value: { OrganisationCode: string }[];
  };
  expect(live['@odata.context']).toContain('$metadata#Returns');
  expect(live.value.length).toBeGreaterThan(0);
  for (const row of live.value) expect(['RGT', 'RJ1', 'RJ7']).toContain(row.OrganisationCode);
  await expectNoAxeViolations(page);

  // The landing page's 'Needs your attention' panel (a lazy chunk), axe clean.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Needs your attention' })).toBeVisible();
  await expectNoAxeViolations(page);
});
