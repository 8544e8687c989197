import type { Page } from '@playwright/test';
import {
  type BuiltCollection,
  clerkAndAuthoriserAtRJ1,
  publishedCollection,
  saveReturn,
  signedInPage,
} from './factories';
import {
  comeBack,
  DAY,
  DECLARATION,
  expect,
  expectNoAxeViolations,
  fillDate,
  pageTitle,
  submitWithDeclaration,
  test,
} from './fixtures';

/**
 * The return between people (issue 26 item 10; decisions 0036 and 0037), continued from
 * return-between-people.spec.ts: one return taken from first answer to NHSI authorisation by a clerk, an
 * authoriser and an NHSI user, and a submitted return reopened by a manager for one organisation and
 * resubmitted by its clerk. Each person has a browser context of their own and keeps their page open;
 * each step is asserted on the OTHER person's screen. Where the product promises freshness (the form
 * page and the worklists are read again when the person comes back to the window: comeBack) nothing is
 * reloaded; where it does not (the period's monitoring keeps its data 30 s), a comment says the person
 * opens the page anew.
 */

/** From the person's home, their 'Waiting for your sign-off' worklist. */
async function openSignOffList(page: Page) {
  await page.getByRole('link', { name: 'Waiting for your sign-off' }).click();
  await expect(pageTitle(page, 'Waiting for your sign-off')).toBeVisible();
}

/** The clerk answers Headcount, sends the return for sign-off, and goes to their home page. */
async function sendForSignOff(page: Page, headcount: string) {
  await page.getByLabel(/^Headcount/).fill(headcount);
  await page.getByRole('button', { name: 'Send for sign-off' }).click();
  await expect(pageTitle(page, 'Return sent for sign-off')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your home page' }).click();
}

/** The row of this collection's return in a worklist page's table. */
const worklistRow = (page: Page, built: BuiltCollection) =>
  page.getByRole('row').filter({ hasText: `${built.name}: ` });

/** A worklist's count on the person's home ('Your worklists'). */
const worklistCount = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Your worklists' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .locator('strong');

test('clerk, authoriser and NHSI: sent for sign-off, sent back with a reason, sent again, authorised by the trust, then by NHSI; each step seen on the others’ open pages', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const manager = await signedInPage(browser, 'manager');
  const built = await publishedCollection(manager.api, {
    name: `Sign-off chain ${Date.now()}`,
    trustAuthorisation: 'mandatory',
    nhsiAuthorisation: 'mandatory',
    form: {
      display: 'form',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', validate: { required: true }, input: true },
      ],
    },
    codes: ['RJ1'],
    access: clerkAndAuthoriserAtRJ1,
  });
  await manager.close();
  const [clerk, authoriser, nhsi] = await Promise.all([
    signedInPage(browser, 'clerkA'),
    signedInPage(browser, 'authoriserA'),
    signedInPage(browser, 'nhsi'),
  ]);

  // The authoriser and the NHSI user keep their worklists open: nothing of this collection waits yet.
  await authoriser.page.goto('/');
  await openSignOffList(authoriser.page);
  await expect(worklistRow(authoriser.page, built)).toHaveCount(0);
  await expectNoAxeViolations(authoriser.page);
  await nhsi.page.goto('/worklist/nhsiAuthorisation');
  await expect(pageTitle(nhsi.page, 'Waiting for NHSI authorisation')).toBeVisible();
  await expect(worklistRow(nhsi.page, built)).toHaveCount(0);
  await expectNoAxeViolations(nhsi.page);

  // The clerk answers and sends it for sign-off, then goes to their home.
  await clerk.page.goto(built.formUrl('RJ1'));
  await sendForSignOff(clerk.page, '75');
  const returned = worklistCount(clerk.page, 'Returned to you');
  await expect(returned).toBeVisible();
  const returnedBefore = Number((await returned.textContent())?.replace(/,/g, ''));

  // The authoriser's list shows it when they come back to the window (no reload); they send it back.
  await comeBack(authoriser.page);
  await expect(worklistRow(authoriser.page, built)).toBeVisible();
  await worklistRow(authoriser.page, built)
    .getByRole('link', { name: /^Check and submit/ })
    .click();
  await expect(authoriser.page.getByLabel(/^Headcount/)).toHaveValue('75');
  await expect(authoriser.page.getByText(/Sent for sign-off by Chris Clerk/)).toBeVisible();
  await authoriser.page
    .getByLabel('What needs to change before you can sign it off')
    .fill('Count the night shift too');
  await authoriser.page.getByRole('button', { name: 'Send back to the clerk' }).click();
  await expect(pageTitle(authoriser.page, 'Return sent back')).toBeVisible();
  // Back to the list by its own link (a normal navigation): the return no longer waits there.
  await authoriser.page.getByRole('link', { name: 'Go to your home page' }).click();
  await openSignOffList(authoriser.page);
  await expect(worklistRow(authoriser.page, built)).toHaveCount(0);

  // The clerk's home, open all along, counts it on coming back; the return says why, and it is sent again.
  await comeBack(clerk.page);
  await expect(returned).toHaveText(String(returnedBefore + 1));
  await clerk.page.getByRole('link', { name: 'Returned to you' }).click();
  await expect(worklistRow(clerk.page, built)).toContainText('Reason: Count the night shift too');
  await expectNoAxeViolations(clerk.page);
  await worklistRow(clerk.page, built).getByRole('link').click();
  await expect(
    clerk.page.getByText(/Sent back by Alex Authoriser on .*Reason: Count the night shift too/),
  ).toBeVisible();
  await sendForSignOff(clerk.page, '81');
  await expect(returned).toHaveText(String(returnedBefore));

  // The authoriser's list has it again on coming back; they check and submit it (the trust's sign-off).
  await comeBack(authoriser.page);
  await worklistRow(authoriser.page, built)
    .getByRole('link', { name: /^Check and submit/ })
    .click();
  await expect(authoriser.page.getByLabel(/^Headcount/)).toHaveValue('81');
  await expect(authoriser.page.getByText(/Sent back by Alex Authoriser/)).toHaveCount(0);
  await authoriser.page.getByRole('button', { name: 'Submit' }).click();
  await authoriser.page.getByLabel(DECLARATION).check();
  await expectNoAxeViolations(authoriser.page);
  await authoriser.page.getByRole('button', { name: 'Submit return' }).click();
  await expect(pageTitle(authoriser.page, 'Return authorised and submitted')).toBeFocused();
  await expect(
    authoriser.page.getByText(/NHSI \(the regulator\) will now check and authorise it/),
  ).toBeVisible();
  await expectNoAxeViolations(authoriser.page);

  // The NHSI list, open all along, has it on coming back; the NHSI user reads it and authorises it.
  await comeBack(nhsi.page);
  await expect(worklistRow(nhsi.page, built)).toBeVisible();
  await worklistRow(nhsi.page, built)
    .getByRole('link', { name: /^Authorise/ })
    .click();
  await expect(nhsi.page.getByRole('region', { name: 'Answers' })).toContainText('81');
  await expect(nhsi.page.getByText('This return is awaiting NHSI authorisation.')).toBeVisible();
  await expectNoAxeViolations(nhsi.page);
  await nhsi.page.getByRole('button', { name: 'Authorise for NHSI' }).click();
  await expect(pageTitle(nhsi.page, 'Return authorised for NHSI')).toBeFocused();

  // The clerk opens the return from their home's link to it (a normal navigation: it was not open).
  await clerk.page.goto(built.formUrl('RJ1'));
  const state = clerk.page.locator('.dcf-submission-summary');
  await expect(state).toContainText('Submitted');
  await expect(state).toContainText('Alex Authoriser');
  await expect(state).toContainText(/NHSI authorisation\s*Nadia Regulator/);
  await expect(clerk.page.getByText('This return is awaiting NHSI authorisation.')).toHaveCount(0);
  await expectNoAxeViolations(clerk.page);
  await Promise.all([clerk.close(), authoriser.close(), nhsi.close()]);
});

test('manager and clerk: a submitted return of a closed period reopened for one organisation; the clerk’s open page turns editable, the resubmission shows in monitoring', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const manager = await signedInPage(browser, 'manager');
  const built = await publishedCollection(manager.api, {
    name: `Reopen for one ${Date.now()}`,
    codes: ['RJ1', 'RGT'],
    access: clerkAndAuthoriserAtRJ1,
  });
  // The authoriser submitted it while the period was open; the period closed an hour ago.
  await saveReturn(browser, 'authoriserA', built.submissionApi('RJ1'), { headcount: 30 }, 'completed');
  await manager.api('PUT', `/Collection/${built.id}/ReportingPeriod/${built.periodId}`, {
    collectionId: built.id,
    ...built.period,
    submissionsClose: new Date(Date.now() - 3_600_000).toISOString(),
    formId: built.formId,
  });

  // The clerk has the return open: closed, it reads as a summary.
  const clerk = await signedInPage(browser, 'clerkA');
  await clerk.page.goto(built.formUrl('RJ1'));
  await expect(clerk.page.getByRole('region', { name: 'Answers' })).toContainText('30');
  await expect(clerk.page.getByLabel(/^Headcount/)).toHaveCount(0);

  // The manager reaches the return from the period's monitoring and reopens it for RJ1 until tomorrow.
  await manager.page.goto(built.periodUrl);
  const table = manager.page.getByRole('table', { name: 'Submissions by organisation' });
  await table.getByRole('link', { name: built.organisation('RJ1').name, exact: true }).click();
  await expect(manager.page.getByRole('heading', { name: 'Manage this return' })).toBeVisible();
  await fillDate(
    manager.page,
    'Reopen for this organisation until',
    new Date(Date.now() + DAY).toISOString().slice(0, 10),
  );
  await manager.page.getByRole('button', { name: 'Reopen' }).click();
  // The outcome stays until dismissed and takes focus (decision 0037).
  await expect(manager.page.getByText('The return has been reopened for this organisation.')).toBeVisible();
  await expect(manager.page.getByText(/^Reopened for this organisation until /)).toBeVisible();
  await expectNoAxeViolations(manager.page);

  // The clerk's page, open all along, turns editable when they come back to it (no reload).
  await comeBack(clerk.page);
  await expect(clerk.page.getByLabel(/^Headcount/)).toBeEditable();
  await expect(clerk.page.getByLabel(/^Headcount/)).toHaveValue('30');
  await expect(clerk.page.getByText(/^Reopened for this organisation until /)).toBeVisible();
  await expectNoAxeViolations(clerk.page);
  await clerk.page.getByLabel(/^Headcount/).fill('34');
  await submitWithDeclaration(clerk.page);
  await expect(pageTitle(clerk.page, 'Return submitted')).toBeFocused();

  // The manager's return page, open all along, shows the resubmission on coming back (no reload).
  await comeBack(manager.page);
  await expect(manager.page.getByRole('region', { name: 'Answers' })).toContainText('34');
  await expect(manager.page.locator('.dcf-submission-summary')).toContainText('Chris Clerk');

  // Monitoring keeps its data 30 s and promises no freshness: the manager opens it anew (page.goto).
  await manager.page.goto(built.periodUrl);
  const rj1 = table.getByRole('row', { name: /RJ1/ });
  await expect(rj1).toContainText('Completed');
  await expect(rj1).toContainText('by Chris Clerk');
  await expect(rj1).toContainText('Reopened until');
  // Reopened for one organisation only.
  await expect(table.getByRole('row', { name: /RGT/ })).not.toContainText('Reopened until');
  await expectNoAxeViolations(manager.page);
  await Promise.all([manager.close(), clerk.close()]);
});
