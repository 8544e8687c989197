import type { Browser, Page } from '@playwright/test';
import { signedInPage } from './factories';
import {
  compareRevisions,
  DECLARATION,
  expect,
  expectNoAxeViolations,
  type PersonaName,
  test,
} from './fixtures';

/**
 * Form entry on the demo collection's open period for the second trust (RGT: Bea Clerk and Ben
 * Authoriser), so journeys on the first trust's return elsewhere are not disturbed. The demo collection
 * requires trust authorisation: only the authoriser can submit.
 */

interface FormAddress {
  url: string;
}

async function openPeriodFormUrl(page: Page): Promise<FormAddress> {
  const own = await page.request.get('/v1/api/Collection/Organisation');
  expect(own.status()).toBe(200);
  const pairs = (
    (await own.json()) as {
      items: { collectionId: number; organisationId: number; collectionName: string }[];
    }
  ).items;
  const pair = pairs.find((p) => p.collectionName === 'Monthly workforce return');
  if (!pair) throw new Error('the demo collection is not among the clerk’s collection organisations');
  const periods = await page.request.get(`/v1/api/Collection/${pair.collectionId}/ReportingPeriod`);
  const open = ((await periods.json()) as { id: number; reportingPeriodStatus: string }[]).find(
    (p) => p.reportingPeriodStatus === 'Open',
  );
  if (!open) throw new Error('the demo collection has no open period');
  return {
    url: `/form/collection/${pair.collectionId}/organisation/${pair.organisationId}/reportingPeriod/${open.id}`,
  };
}

/** A fresh browser context signed in as `persona` (its page only: the journey never closes it). */
const session = async (browser: Browser, persona: PersonaName): Promise<Page> =>
  (await signedInPage(browser, persona)).page;

const pageHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const checkHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Check your answers before submitting your return' });
const answerRow = (page: Page, question: string) =>
  page
    .locator('.nhsuk-summary-list__row')
    .filter({ has: page.getByRole('term').getByText(question, { exact: true }) });
const DECLARATION_REQUIRED = 'Confirm that the information in this return is correct and complete';

/** The confirmation page of an authoriser's submit (the demo collection requires trust authorisation). */
const signedOff = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Return authorised and submitted' });

/** Submit, then on check your answers: the declaration ticked and Submit return; back to the return. */
async function submitReturn(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(checkHeading(page)).toBeVisible();
  await page.getByLabel(DECLARATION).check();
  await page.getByRole('button', { name: 'Submit return' }).click();
  await expect(signedOff(page)).toBeVisible();
  await page.getByRole('link', { name: 'View the return' }).click();
  await expect(page.locator('.nhsuk-tag', { hasText: 'Submitted' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a clerk fills the wizard over two sessions, cannot submit; the authoriser sees the lock, then submits after fixing an error; revisions compare', async ({
  browser,
}) => {
  test.setTimeout(120_000);

  // Session 1: the clerk starts the return and saves a draft of the first page.
  const clerk = await session(browser, 'clerkB');
  const form = await openPeriodFormUrl(clerk);
  await clerk.goto(form.url);
  await expect(pageHeading(clerk, 'Staffing')).toBeVisible();
  await expect(clerk.getByRole('navigation', { name: 'Pages of this form' })).toBeVisible();
  await expect(clerk.getByLabel(/^Headcount/)).toBeEditable();
  await expectNoAxeViolations(clerk);
  await clerk.getByLabel(/^Headcount/).fill('120');
  await clerk.getByLabel(/^Vacancies/).fill('7');
  await clerk.getByLabel('This page is complete').check();
  await clerk.getByRole('button', { name: 'Save draft' }).click();
  await expect(clerk.getByText('Successfully saved.')).toBeVisible();
  await expect(clerk.locator('.nhsuk-tag', { hasText: 'Draft' })).toBeVisible();
  // The clerk cannot submit: an authoriser signs it off, once the clerk sends it (decision 0036).
  await expect(clerk.getByText(/An authoriser of .* submits this return/)).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(clerk.getByRole('button', { name: 'Send for sign-off' })).toBeEnabled();
  await clerk.context().close();

  // Session 2: the draft is resumed where it was left.
  const clerkAgain = await session(browser, 'clerkB');
  await clerkAgain.goto(form.url);
  await expect(clerkAgain.getByLabel(/^Headcount/)).toHaveValue('120');
  await expect(clerkAgain.getByLabel(/^Vacancies/)).toHaveValue('7');
  await expect(clerkAgain.getByLabel('This page is complete')).toBeChecked();
  await clerkAgain.getByRole('button', { name: 'Next page' }).click();
  await expect(pageHeading(clerkAgain, 'Sickness absence')).toBeVisible();
  await clerkAgain.getByLabel(/^Working days lost to sickness/).fill('14');
  await clerkAgain
    .getByRole('group', { name: /COVID-19/ })
    .getByLabel('No')
    .check();
  await clerkAgain.getByRole('button', { name: 'Save draft' }).click();
  await expect(clerkAgain.getByText('Successfully saved.')).toBeVisible();

  // Meanwhile the authoriser sees the return locked by the clerk, as a summary of its answers.
  const authoriser = await session(browser, 'authoriserB');
  await authoriser.goto(form.url);
  await expect(authoriser.getByText(/^Locked by Bea Clerk since \d\d:\d\d$/)).toBeVisible();
  await expect(answerRow(authoriser, 'Headcount')).toContainText('120');
  await expect(authoriser.getByLabel(/^Headcount/)).toHaveCount(0);
  await expect(authoriser.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expectNoAxeViolations(authoriser);

  // The clerk leaves (the lock is released on the way out); the authoriser opens it for editing.
  await clerkAgain.goto('/');
  await expect
    .poll(async () => {
      await authoriser.reload();
      await expect(pageHeading(authoriser, 'Staffing')).toBeVisible();
      // The form shows at once, read-only until the lock is answered.
      await expect(authoriser.getByText('Opening the return for editing...')).toBeHidden();
      return authoriser.getByRole('button', { name: 'Save draft' }).count();
    })
    .toBe(1);
  await expect(authoriser.getByLabel(/^Headcount/)).toBeEditable();

  // Submit saves a draft and opens check your answers: every answer under its page, with Change links.
  await authoriser.getByRole('link', { name: 'Sickness absence' }).click();
  await expect(pageHeading(authoriser, 'Sickness absence')).toBeVisible();
  await authoriser.getByLabel(/^Working days lost to sickness/).fill('');
  await authoriser.getByRole('button', { name: 'Submit' }).click();
  await expect(checkHeading(authoriser)).toBeVisible();
  await expect(answerRow(authoriser, 'Headcount')).toContainText('120');
  await expect(answerRow(authoriser, 'Working days lost to sickness')).toContainText('Not answered');
  await expect(pageHeading(authoriser, 'Staffing')).toBeVisible();
  await expectNoAxeViolations(authoriser);
  // Usable at 375 px: nothing wider than the screen, still axe clean.
  const wide = authoriser.viewportSize();
  await authoriser.setViewportSize({ width: 375, height: 800 });
  expect(await authoriser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(authoriser);
  if (wide) await authoriser.setViewportSize(wide);

  // The declaration is required: refused while unticked, the summary focused and linked to the box.
  await authoriser.getByRole('button', { name: 'Submit return' }).click();
  const problems = authoriser.locator('.nhsuk-error-summary', { hasText: 'There is a problem' });
  await expect(problems).toBeFocused();
  await problems.getByRole('link', { name: DECLARATION_REQUIRED }).click();
  await expect(authoriser.getByLabel(DECLARATION)).toBeFocused();
  await expect(authoriser.locator('.nhsuk-error-message', { hasText: DECLARATION_REQUIRED })).toBeVisible();
  await expectNoAxeViolations(authoriser);

  // Ticked, the server refuses the missing answer; its message links back to the question.
  await authoriser.keyboard.press('Space');
  await authoriser.getByRole('button', { name: 'Submit return' }).click();
  const missing = problems.getByRole('link', { name: /working days lost to sickness/i });
  await expect(missing).toBeVisible();
  await expectNoAxeViolations(authoriser);
  await missing.click();
  await expect(authoriser.getByLabel(/^Working days lost to sickness/)).toBeFocused();
  await authoriser.getByLabel(/^Working days lost to sickness/).fill('15');
  await authoriser.getByRole('button', { name: 'Submit' }).click();
  await expect(checkHeading(authoriser)).toBeVisible();
  await expect(answerRow(authoriser, 'Working days lost to sickness')).toContainText('15');

  // A Change link opens the form at its question (another page of the wizard); Back returns here.
  await authoriser.getByRole('link', { name: /^Change ?Headcount$/ }).click();
  await expect(authoriser.getByLabel(/^Headcount/)).toBeFocused();
  await authoriser.goBack();
  await expect(checkHeading(authoriser)).toBeVisible();

  // With the keyboard: tick the declaration, submit.
  await authoriser.getByLabel(DECLARATION).focus();
  await authoriser.keyboard.press('Space');
  await authoriser.getByRole('button', { name: 'Submit return' }).press('Enter');
  await expect(signedOff(authoriser)).toBeFocused();
  await expectNoAxeViolations(authoriser);
  await authoriser.getByRole('link', { name: 'View the return' }).click();
  await expect(authoriser.locator('.nhsuk-tag', { hasText: 'Submitted' })).toBeVisible();

  // Revisions, newest first: the submit, the two drafts saved on the way to check your answers, and
  // the clerk's two drafts. The official one compared with the clerk's last draft, field by field.
  await authoriser.getByRole('link', { name: 'Revisions' }).click();
  const rows = authoriser.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('Official');
  await expectNoAxeViolations(authoriser);
  const changed = await compareRevisions(authoriser, 0, 3);
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Working days lost to sickness');
  await expect(changed).toContainText('14');
  await expect(changed).toContainText('15');
  await expectNoAxeViolations(authoriser);
});

test('the manager returns the submitted return with a reason; the clerk sees why and amends it; the authoriser resubmits', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const clerk = await session(browser, 'clerkB');
  const form = await openPeriodFormUrl(clerk);

  const manager = await session(browser, 'manager');
  await manager.goto(form.url);
  await expect(manager.locator('.nhsuk-tag', { hasText: 'Submitted' })).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Manage this return' })).toBeVisible();
  await expectNoAxeViolations(manager);
  await manager.getByLabel('Reason for returning it for correction').fill('Vacancies look too low');
  await manager.getByRole('button', { name: 'Return for correction' }).click();
  await expect(
    manager.getByRole('heading', { level: 1, name: 'Return sent back for correction' }),
  ).toBeVisible();
  await manager.getByRole('link', { name: 'View the return' }).click();
  await expect(manager.getByText(/Reason: Vacancies look too low/)).toBeVisible();
  await manager.context().close();

  await clerk.goto(form.url);
  await expect(clerk.getByText('Returned for correction')).toBeVisible();
  await expect(clerk.getByText(/Reason: Vacancies look too low/)).toBeVisible();
  await expect(clerk.getByLabel(/^Vacancies/)).toBeEditable();
  await expectNoAxeViolations(clerk);
  await clerk.getByLabel(/^Vacancies/).fill('9');
  await clerk.getByRole('button', { name: 'Save draft' }).click();
  await expect(clerk.getByText('Successfully saved.')).toBeVisible();
  await clerk.goto('/');

  const authoriser = await session(browser, 'authoriserB');
  await expect
    .poll(async () => {
      await authoriser.goto(form.url);
      await expect(pageHeading(authoriser, 'Staffing')).toBeVisible();
      await expect(authoriser.getByText('Opening the return for editing...')).toBeHidden();
      // Locked out, the return is a summary; editable, the form with Save draft.
      return authoriser.getByRole('button', { name: 'Save draft' }).count();
    })
    .toBe(1);
  await expect(authoriser.getByLabel(/^Vacancies/)).toHaveValue('9');
  await submitReturn(authoriser);
});
