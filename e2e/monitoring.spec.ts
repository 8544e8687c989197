import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, type PersonaName, signInAs, test } from './fixtures';

/**
 * Issue 8 journey on a collection of its own, built through the API: three trusts, one period; one
 * trust completes, one saves a draft, one does nothing. The manager then closes the period and reopens
 * it for the draft's trust, so the period shows completed, draft and missed together.
 */

const DAY = 86_400_000;

/** page.request with the anti-forgery header, failing the test on an unexpected status. */
function apiOf(page: Page) {
  return async <T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    data?: unknown,
    status = 200,
  ) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.fetch(`/v1/api${url}`, {
      method,
      data,
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(csrf) },
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}

async function signedInPage(browser: Browser, persona: PersonaName) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, persona);
  return { page, api: apiOf(page), close: () => context.close() };
}

async function organisationId(api: ReturnType<typeof apiOf>, code: string): Promise<number> {
  const found = await api<{ items: { id: number; code: string }[] }>('GET', `/Organisation?query=${code}`);
  return found.items.find((o) => o.code === code)!.id;
}

async function userId(api: ReturnType<typeof apiOf>, email: string): Promise<number> {
  const found = await api<{ items: { id: number; email: string }[] }>(
    'GET',
    `/User?query=${encodeURIComponent(email)}`,
  );
  return found.items.find((u) => u.email === email)!.id;
}

/** Saves a return as a submitter: takes the lock, then saves a draft or submits. */
async function saveReturn(
  browser: Browser,
  persona: PersonaName,
  submissionUrl: string,
  status: 'draft' | 'completed',
) {
  const submitter = await signedInPage(browser, persona);
  const view = await submitter.api<{ submissionId: number }>('POST', `${submissionUrl}/Lock`);
  await submitter.api(
    'POST',
    `/Submission/${view.submissionId}/SubmissionRevision`,
    {
      content: { headcount: 12 },
      status,
      baseRevisionId: null,
    },
    201,
  );
  await submitter.close();
  return view.submissionId;
}

test('a manager opens a period with mixed statuses, filters to missed and downloads the non-submitters CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const name = `Monitoring journey ${Date.now()}`;
  const { id: collectionId } = await api<{ id: number }>(
    'POST',
    '/Collection',
    { name, period: 'financialYear', trustAuthorisation: 'notRequired', nhsiAuthorisation: 'notRequired' },
    201,
  );
  const form = await api<{ id: number }>(
    'POST',
    `/Collection/${collectionId}/Form`,
    {
      definition: {
        display: 'form',
        components: [{ type: 'number', key: 'headcount', label: 'Headcount', input: true }],
      },
    },
    201,
  );
  const [rj1, rgt, third] = await Promise.all([
    organisationId(api, 'RJ1'),
    organisationId(api, 'RGT'),
    organisationId(api, 'RJ7'),
  ]);
  await api('PUT', `/Collection/${collectionId}/Organisation/Bulk`, { add: [rj1, rgt, third] });
  const now = Date.now();
  const startDate = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  const periodBody = {
    collectionId,
    name: 'Journey period',
    start: startDate,
    end: startDate,
    submissionsOpen: new Date(now - 3 * DAY).toISOString(),
    submissionsClose: new Date(now + 3 * DAY).toISOString(),
  };
  const period = await api<{ id: number }>(
    'POST',
    `/Collection/${collectionId}/ReportingPeriod`,
    periodBody,
    201,
  );
  await api('PATCH', `/Collection/${collectionId}/Status`, { status: 'Published' });
  for (const [org, email, roles] of [
    [rj1, 'clerk.a@dcf.example', ['DataEntryClerk']],
    [rgt, 'clerk.b@dcf.example', ['DataEntryClerk']],
    [rgt, 'authoriser.b@dcf.example', ['Authoriser']],
  ] as const) {
    await api('PUT', `/Collection/${collectionId}/Organisation/${org}/SubmitterAccess`, {
      userId: await userId(api, email),
      roles,
    });
  }
  const submissionUrl = (org: number) =>
    `/Collection/${collectionId}/ReportingPeriod/${period.id}/Organisation/${org}/Submission`;
  await saveReturn(browser, 'clerkA', submissionUrl(rj1), 'completed');
  const draftId = await saveReturn(browser, 'clerkB', submissionUrl(rgt), 'draft');

  // Close the period an hour ago, then reopen it for RGT only until tomorrow.
  await api('PUT', `/Collection/${collectionId}/ReportingPeriod/${period.id}`, {
    ...periodBody,
    submissionsClose: new Date(Date.now() - 3_600_000).toISOString(),
    formId: form.id,
  });
  await api('POST', `/Submission/${draftId}/Reopen`, { until: new Date(Date.now() + DAY).toISOString() });

  await page.goto(`/collection/manage/reportingPeriod/${period.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${name}: Journey period` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Submissions by organisation' });
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
  expect(rows.map((r) => `${r[0]} ${r[2]} ${r[3]} ${r.at(-1)}`).sort()).toEqual([
    'RGT draft Authoriser authoriser.b@dcf.example',
    'RGT draft DataEntryClerk clerk.b@dcf.example',
    'RJ7 missed  ',
  ]);
});
