import { request as playwrightRequest } from '@playwright/test';
import { expect, expectNoAxeViolations, fillDate, signInAs, test } from './fixtures';

/**
 * Personal access tokens (issue 29 item 1, decision 0039): a submission manager makes a read token for
 * Power BI from the header's account area, sees the secret once, a system uses it (no cookie, no
 * anti-forgery header), the list shows when it was last used, and revoking it stops it at once.
 */

test.describe.configure({ timeout: 120_000 });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('make, use and revoke an API access token', async ({ page, baseURL }) => {
  await signInAs(page, 'submissionManager');
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'API access tokens' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'API access tokens' })).toBeVisible();
  await expect(page.getByText('You have no tokens.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing filled in: the error summary names each problem.
  await page.getByRole('button', { name: 'Create token' }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: 'Enter a name for the token' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel(/^Name/).fill('Power BI workforce dashboard');
  await page.getByLabel('Read data').check();
  await page.getByLabel('Collection (optional)').selectOption({ label: 'Monthly workforce return' });
  await fillDate(page, /Expiry date/, inDays(60));
  await page.getByRole('button', { name: 'Create token' }).click();

  await expect(
    page.getByRole('heading', { name: 'Token Power BI workforce dashboard created' }),
  ).toBeFocused();
  const secret = (await page.locator('#new-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^dcf_pat_/);
  await expect(page.getByText('You will not be able to see it again', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // Another system: the token alone, as Bearer and as Basic with the user's email.
  const system = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const me = await system.get('/v1/api/User/Current', { headers: { authorization: `Bearer ${secret}` } });
  expect(await me.json()).toMatchObject({ isAuthenticated: true, email: 'submission.manager@dcf.example' });
  const basic = Buffer.from(`submission.manager@dcf.example:${secret}`).toString('base64');
  const collections = await system.get('/v1/api/Collection', {
    headers: { authorization: `Basic ${basic}` },
  });
  // Limited to one collection: lists across collections do not exist for it.
  expect(collections.status()).toBe(404);

  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.locator('#new-token-secret')).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row', { name: /Power BI workforce dashboard/ });
  await expect(row.getByRole('cell', { name: /Monthly workforce return/ })).toBeVisible();
  await expect(row.getByRole('cell', { name: /Never/ })).toHaveCount(0);

  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(
    page.getByText('Token Power BI workforce dashboard revoked. It no longer works.'),
  ).toBeVisible();
  await expect(page.getByText('You have no tokens.')).toBeVisible();
  const after = await system.get('/v1/api/User/Current', { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  await system.dispose();
  await expectNoAxeViolations(page);
});
