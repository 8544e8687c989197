import { publishedCollection, saveReturn, signedInPage } from './factories';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Decision 0037: whoever cannot change a return reads it as a summary (check your answers' layout, no
 * greyed inputs), and its breadcrumbs lead back to their own list: a manager's to the period's
 * monitoring, where 'Submitter' led to Forbidden.
 */
test('a manager reads a submitted return as a summary and the breadcrumb leads back to monitoring', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const manager = await signedInPage(browser, 'manager');
  const collection = await publishedCollection(manager.api, {
    name: `Read-only summary ${Date.now()}`,
    form: {
      display: 'form',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        { type: 'textarea', key: 'comments', label: 'Comments', input: true },
      ],
    },
    codes: ['RJ1'],
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  await saveReturn(browser, 'clerkA', collection.submissionApi('RJ1'), { headcount: 41 }, 'completed');

  const { page } = manager;
  await page.goto(collection.formUrl('RJ1'));
  const answers = page.getByRole('region', { name: 'Answers' });
  const row = (question: string) =>
    answers.locator('.nhsuk-summary-list__row').filter({ has: page.getByRole('term').getByText(question) });
  await expect(row('Headcount')).toContainText('41');
  await expect(row('Comments')).toContainText('Not answered');
  // No greyed inputs: nothing to type into but the manager's own actions (a return's reason, a reopen date).
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await expect(
    page.locator('input:disabled, textarea:disabled, input[readonly], textarea[readonly]'),
  ).toHaveCount(0);
  await expect(answers.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Manage this return' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/read-only-summary.png', fullPage: true });

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Submitter' })).toHaveCount(0);
  await crumbs.getByRole('link', { name: `${collection.name} period` }).click();
  await expect(page).toHaveURL(new RegExp(`${collection.periodUrl}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${collection.name}: `) }),
  ).toBeVisible();
  await manager.close();
});
