import type { Page } from '@playwright/test';
import { apiOf, DAY, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * An administrator reads the audit log and the email outbox. A manager first sends a reminder
 * on a collection of their own (built through the API), so both screens have something known to show:
 * the 'reminder.send' change and the reminder email, kept in the outbox (the embedded default has no
 * mail server; the service's job worker moves it from 'waiting' to 'kept').
 */

/** A published collection with email on, RJ1 as its only recipient, Chris Clerk as its clerk, one open period. */
async function collectionWithOpenPeriod(page: Page, name: string) {
  const api = apiOf(page);
  const { id: collectionId } = await api<{ id: number }>(
    'POST',
    '/Collection',
    {
      name,
      period: 'financialYear',
      isEmailEnabled: true,
      trustAuthorisation: 'notRequired',
      nhsiAuthorisation: 'notRequired',
    },
    201,
  );
  await api(
    'POST',
    `/Collection/${collectionId}/Form`,
    {
      definition: {
        display: 'form',
        components: [{ type: 'number', key: 'beds', label: 'Beds', input: true }],
      },
    },
    201,
  );
  const organisations = await api<{ items: { id: number; code: string }[] }>(
    'GET',
    '/Organisation?query=RJ1',
  );
  const rj1 = organisations.items.find((o) => o.code === 'RJ1')!.id;
  await api('PUT', `/Collection/${collectionId}/Organisation/Bulk`, { add: [rj1] });
  const now = Date.now();
  const start = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  const period = await api<{ id: number }>(
    'POST',
    `/Collection/${collectionId}/ReportingPeriod`,
    {
      collectionId,
      name: 'Audit journey period',
      start,
      end: start,
      submissionsOpen: new Date(now - DAY).toISOString(),
      submissionsClose: new Date(now + 3 * DAY).toISOString(),
    },
    201,
  );
  await api('PATCH', `/Collection/${collectionId}/Status`, { status: 'Published' });
  const users = await api<{ items: { id: number; email: string }[] }>(
    'GET',
    '/User?query=clerk.a%40dcf.example',
  );
  const clerk = users.items.find((u) => u.email === 'clerk.a@dcf.example')!.id;
  await api('PUT', `/Collection/${collectionId}/Organisation/${rj1}/SubmitterAccess`, {
    userId: clerk,
    roles: ['DataEntryClerk'],
  });
  return { collectionId, periodId: period.id };
}

test('an administrator finds a manager’s reminder in the audit log and reads the email in the outbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Audit journey ${Date.now()}`;
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager');
  const { collectionId, periodId } = await collectionWithOpenPeriod(manager, name);
  const sent = await apiOf(manager)<{ chased: number; emails: number }>(
    'POST',
    `/Collection/${collectionId}/ReportingPeriod/${periodId}/Reminder`,
    {},
  );
  expect(sent).toEqual({ chased: 1, alreadyChasedToday: 0, emails: 1 });
  await managerContext.close();

  await signInAs(page, 'collectionAdmin');
  await page.goto('/collection/admin');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Who').fill('Morgan');
  await page.getByLabel('What').fill('reminder.send');
  await page.getByLabel('Record ID').fill(String(periodId));
  await page.getByRole('button', { name: 'Search' }).click();
  const changes = page.getByRole('table', { name: 'Changes, newest first' });
  await expect(changes.getByRole('row')).toHaveCount(2);
  const row = changes.getByRole('row').nth(1);
  await expect(row).toContainText('Morgan Manager');
  await expect(row).toContainText('reminder.send');
  await expect(row).toContainText(`reportingPeriod ${periodId}`);
  await row.getByText('Show values').click();
  await expect(row).toContainText('"chased": 1');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Admin' }).first().click();
  await page.getByRole('link', { name: 'Email outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email outbox' })).toBeVisible();
  await page.getByLabel('Search by recipient or subject').fill(name);
  // The worker polls every few seconds: search again until the email has been through it.
  await expect(async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table', { name: 'Emails, newest first' })).toContainText(
      'Kept in the outbox (no mail server set up)',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  const email = page.getByRole('table', { name: 'Emails, newest first' }).getByRole('row').nth(1);
  await expect(email).toContainText('Chris Clerk');
  await expect(email).toContainText('clerk.a@dcf.example');
  await email.getByText(`Reminder: ${name} for Audit journey period`).click();
  await expect(email).toContainText('We have not yet received the');
  await expectNoAxeViolations(page);
});
