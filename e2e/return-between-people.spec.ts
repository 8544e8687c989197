import type { Page } from '@playwright/test';
import {
  type BuiltCollection,
  clerkAndAuthoriserAtRJ1,
  publishedCollection,
  signedInPage,
} from './factories';
import { type Api, comeBack, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * The return between people (issue 26 items 1, 2 and 10; decision 0036): two or three people on one
 * return at once, each in a browser context of their own, each step seen from the other person's
 * screen. Coming back to a window is what the product promises freshness on: the page reads the return
 * again and tries the lock, the home's worklists are read again. The journeys make it happen as a person
 * switching windows does (the window's focus and visibilitychange events), never by reloading.
 */

/** Two pages: what is asked first, and a note; the demo trust requires the authoriser's sign-off. */
const form = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', validate: { required: true }, input: true },
      ],
    },
    {
      type: 'panel',
      key: 'notes',
      title: 'Notes',
      components: [{ type: 'textarea', key: 'comments', label: 'Comments', input: true }],
    },
  ],
};

async function collectionFor(api: Api, name: string): Promise<BuiltCollection> {
  return publishedCollection(api, {
    name: `${name} ${Date.now()}`,
    trustAuthorisation: 'mandatory',
    form,
    codes: ['RJ1'],
    access: clerkAndAuthoriserAtRJ1,
  });
}

/** Who holds the return's lock now, as the API says (null: nobody). */
async function holder(api: Api, built: BuiltCollection) {
  const view = await api<{ isLocked: boolean; lockedBy: { name: string } | null }>(
    'GET',
    built.submissionApi('RJ1'),
  );
  return view.isLocked ? (view.lockedBy?.name ?? '') : null;
}

const lockLine = (page: Page, name: string) =>
  page.getByText(new RegExp(`^Locked by ${name} since \\d\\d:\\d\\d$`));

test('clerk and authoriser: the lock leaves with the clerk; sent for sign-off, taken by the authoriser on coming back, sent back; the clerk sees it on their home', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await signedInPage(browser, 'manager');
  const built = await collectionFor(manager.api, 'Handover');
  await manager.close();
  const clerk = await signedInPage(browser, 'clerkA');
  const authoriser = await signedInPage(browser, 'authoriserA');

  // The clerk opens the return; a page can be ticked complete only when its questions pass.
  await clerk.page.goto(built.formUrl('RJ1'));
  await expect(clerk.page.getByLabel(/^Headcount/)).toBeEditable();
  // (click, not check: the box refuses the tick)
  await clerk.page.getByLabel('This page is complete').click();
  await expect(
    clerk.page.getByText('Answer the questions on this page correctly before marking it complete'),
  ).toBeVisible();
  await expect(clerk.page.getByLabel('This page is complete')).not.toBeChecked();

  // Meanwhile the authoriser finds it locked: by whom, until when, and that they may release it.
  await authoriser.page.goto(built.formUrl('RJ1'));
  await expect(lockLine(authoriser.page, 'Chris Clerk')).toBeVisible();
  await expect(
    authoriser.page.getByText(/It is released when Chris Clerk leaves the return, or at/),
  ).toBeVisible();
  await expect(
    authoriser.page.getByText('You can release it now if Chris Clerk has finished with it.'),
  ).toBeVisible();
  // Locked out, they read the return as a summary (decision 0037): no greyed inputs.
  await expect(authoriser.page.getByRole('region', { name: 'Answers' })).toContainText('Headcount');
  await expect(authoriser.page.getByLabel(/^Headcount/)).toHaveCount(0);
  await expectNoAxeViolations(authoriser.page);

  // Send for sign-off runs the submit's checks first and lists what is missing.
  await clerk.page.getByRole('button', { name: 'Send for sign-off' }).click();
  const problems = clerk.page.locator('.nhsuk-error-summary', { hasText: 'There is a problem' });
  await expect(problems.getByRole('link', { name: /headcount/i })).toBeVisible();
  await expectNoAxeViolations(clerk.page);
  await clerk.page.getByLabel(/^Headcount/).fill('120');
  await clerk.page.getByRole('button', { name: 'Send for sign-off' }).click();
  await expect(clerk.page.getByRole('heading', { level: 1, name: 'Return sent for sign-off' })).toBeVisible();
  await expectNoAxeViolations(clerk.page);
  // Leaving the form released the lock, and nothing took it again.
  await expect.poll(() => holder(authoriser.api, built)).toBeNull();
  await clerk.page.getByRole('link', { name: 'Go to your home page' }).click();
  const returned = clerk.page.getByRole('list', { name: 'Your worklists' }).getByRole('listitem').filter({
    hasText: 'Returned to you',
  });
  await expect(returned).toBeVisible();
  const before = Number((await returned.locator('strong').textContent())?.replace(/,/g, ''));

  // The authoriser comes back to their window: the page reads it again and takes the lock.
  await comeBack(authoriser.page);
  await expect(authoriser.page.getByLabel(/^Headcount/)).toBeEditable();
  await expect(authoriser.page.getByLabel(/^Headcount/)).toHaveValue('120');
  await expect(lockLine(authoriser.page, 'Chris Clerk')).toHaveCount(0);
  await expect(authoriser.page.getByText(/Sent for sign-off by Chris Clerk/)).toBeVisible();
  expect(await holder(authoriser.api, built)).toBe('Alex Authoriser');

  // ... and sends it back with a reason.
  await authoriser.page
    .getByLabel('What needs to change before you can sign it off')
    .fill('Headcount leaves out bank staff');
  await authoriser.page.getByRole('button', { name: 'Send back to the clerk' }).click();
  await expect(authoriser.page.getByRole('heading', { level: 1, name: 'Return sent back' })).toBeVisible();
  await expectNoAxeViolations(authoriser.page);

  // The clerk's home shows it when they come back to the window, without a reload.
  await comeBack(clerk.page);
  await expect(returned.locator('strong')).toHaveText(String(before + 1));
  await returned.getByRole('link', { name: 'Returned to you' }).click();
  const row = clerk.page.getByRole('row').filter({ hasText: built.name });
  await expect(row).toContainText('Headcount leaves out bank staff');
  await expectNoAxeViolations(clerk.page);
  await row.getByRole('link').first().click();
  await expect(
    clerk.page.getByText(/Sent back by Alex Authoriser on .*Reason: Headcount leaves out bank staff/),
  ).toBeVisible();
  await expect(clerk.page.getByLabel(/^Headcount/)).toBeEditable();
  await expectNoAxeViolations(clerk.page);
  await clerk.close();
  await authoriser.close();
});

test("a manager releases the clerk's lock: the authoriser's page shows it free on coming back, and the clerk's page who holds it now", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await signedInPage(browser, 'manager');
  const built = await collectionFor(manager.api, 'Release');
  const clerk = await signedInPage(browser, 'clerkA');
  const authoriser = await signedInPage(browser, 'authoriserA');

  await clerk.page.goto(built.formUrl('RJ1'));
  await expect(clerk.page.getByLabel(/^Headcount/)).toBeEditable();
  await authoriser.page.goto(built.formUrl('RJ1'));
  await expect(lockLine(authoriser.page, 'Chris Clerk')).toBeVisible();

  // The manager releases it from the lock notice (the organisation's authoriser could too).
  await manager.page.goto(built.formUrl('RJ1'));
  await expect(lockLine(manager.page, 'Chris Clerk')).toBeVisible();
  await expectNoAxeViolations(manager.page);
  await manager.page.getByRole('button', { name: 'Release lock' }).click();
  await expect(lockLine(manager.page, 'Chris Clerk')).toHaveCount(0);
  expect(await holder(manager.api, built)).toBeNull();

  // The authoriser's page, open all along, shows it free when they come back to it, and takes it.
  await comeBack(authoriser.page);
  await expect(authoriser.page.getByLabel(/^Headcount/)).toBeEditable();
  await expect(lockLine(authoriser.page, 'Chris Clerk')).toHaveCount(0);
  expect(await holder(manager.api, built)).toBe('Alex Authoriser');

  // The clerk's page says who holds it now and who can release it; it does not take it back.
  await comeBack(clerk.page);
  await expect(lockLine(clerk.page, 'Alex Authoriser')).toBeVisible();
  await expect(
    clerk.page.getByText(/An authoriser of .* or a manager of this collection can release it/),
  ).toBeVisible();
  // Locked out now, the clerk reads the return as a summary (decision 0037).
  await expect(clerk.page.getByRole('region', { name: 'Answers' })).toContainText('Headcount');
  await expect(clerk.page.getByLabel(/^Headcount/)).toHaveCount(0);
  await expectNoAxeViolations(clerk.page);
  expect(await holder(manager.api, built)).toBe('Alex Authoriser');
  await manager.close();
  await clerk.close();
  await authoriser.close();
});
