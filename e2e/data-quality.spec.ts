import type { Page } from '@playwright/test';
import { publishedCollection, signedInPage } from './factories';
import { apiOf, DECLARATION, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Decision 0028: a manager defines a data quality rule on the amend page's 'Data quality rules' tab
 * with the keyboard; a clerk filling in a return (375 px wide) sees the warning beside the questions it
 * names and in the error summary, explains it with the keyboard (autosaved like any answer) and
 * submits; the manager sees the count and the explanation on the period view. A collection of its own
 * (made through the API) keeps other journeys' returns unchecked.
 *
 * Four stories of one purpose each, in order on the same collection (serial: each needs the one before;
 * a failure skips the rest), so a failure names its step and each has a timeout of its own.
 */

const RULE = 'Vacancies within headcount';
const MESSAGE = 'Vacancies are more than headcount: check both figures';
const EXPLANATION = 'Two wards closed for refurbishment; their posts are advertised';

const isoDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A published collection with a two-number form, an open period, RJ1 as recipient and clerkA as its clerk. */
async function makeCollection(manager: Page) {
  const collection = await publishedCollection(apiOf(manager), {
    name: `Data quality journey ${Date.now()}`,
    form: {
      display: 'form',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        { type: 'number', key: 'vacancies', label: 'Vacancies', input: true },
      ],
    },
    codes: ['RJ1'],
    period: {
      name: 'Data quality month',
      start: isoDate(-5),
      end: isoDate(20),
      submissionsOpen: isoDate(-1),
      openTime: '00:00',
      submissionsClose: isoDate(10),
      closeTime: '23:59',
    },
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  return {
    collectionId: collection.id,
    periodId: collection.periodId,
    organisationId: collection.organisation('RJ1').id,
  };
}

test.describe.configure({ mode: 'serial' });

let manager: Page;
let clerk: Page;
const closers: (() => Promise<void>)[] = [];
let ids: Awaited<ReturnType<typeof makeCollection>>;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(120_000);
  const managerSession = await signedInPage(browser, 'manager');
  const clerkSession = await signedInPage(browser, 'clerkA');
  manager = managerSession.page;
  clerk = clerkSession.page;
  closers.push(managerSession.close, clerkSession.close);
  ids = await makeCollection(manager);
});
test.afterAll(async () => {
  for (const close of closers) await close();
});

/** The box and notes beside the first figure the rule names, and the error summary, on the clerk's page. */
const finding = () => clerk.locator('.formio-component-vacancies + .dcf-field-finding');
const summary = () => clerk.locator('.nhsuk-error-summary');

test('a manager defines a data quality rule with the keyboard only', async () => {
  test.setTimeout(120_000);
  await manager.goto(`/collection/amend/${ids.collectionId}/dataQuality`);
  await expect(manager.getByRole('heading', { level: 2, name: 'Data quality rules' })).toBeVisible();
  await expect(manager.getByText('No rules yet.')).toBeVisible();
  await manager.getByRole('button', { name: 'Add a rule' }).focus();
  await manager.keyboard.press('Enter');
  const editor = manager.getByRole('form', { name: 'Add a data quality rule' });
  await editor.getByLabel('Rule name').focus();
  await manager.keyboard.type(RULE);
  await editor.getByLabel('Kind of check').selectOption({ label: 'Compare two figures' });
  await editor.getByLabel('First figure').selectOption({ label: 'Vacancies' });
  await editor.getByLabel('Must be').selectOption({ label: 'is less than or equal to' });
  await editor.getByLabel('Second figure').selectOption({ label: 'Headcount' });
  await expect(editor.getByLabel('Warning: the submitter must explain the figure')).toBeChecked();
  await editor.getByLabel('Message the submitter sees').focus();
  await manager.keyboard.type(MESSAGE);
  await expectNoAxeViolations(manager);
  await manager.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Save rule' })).toBeFocused();
  await manager.keyboard.press('Enter');
  await expect(manager.getByText(`Rule '${RULE}' saved.`)).toBeVisible();
  await expect(manager.getByRole('cell', { name: 'Vacancies <= Headcount' })).toBeVisible();
  await expectNoAxeViolations(manager);
});

test('a clerk on a phone sees the warning once, beside the first figure, at the save; never in the red summary', async () => {
  test.setTimeout(120_000);
  await clerk.goto(
    `/form/collection/${ids.collectionId}/organisation/${ids.organisationId}/reportingPeriod/${ids.periodId}`,
  );
  // A phone's width: the notes beside the questions fit it.
  await clerk.setViewportSize({ width: 375, height: 800 });
  await expect(clerk.getByLabel(/^Headcount/)).toBeEditable();
  await clerk.getByLabel(/^Headcount/).fill('10');
  await clerk.getByLabel(/^Vacancies/).fill('12');
  // Not while typing (decision 0037): the finding appears at the save.
  await expect(finding()).toHaveCount(0);
  await clerk.getByRole('button', { name: 'Save draft' }).click();
  await expect(clerk.getByText(/^Saved at/)).toBeVisible();
  // Beside the first figure the rule names: the message, the figures and the explanation box; once.
  await expect(finding().getByText(MESSAGE)).toBeVisible();
  await expect(finding().getByText('Vacancies: 12')).toBeVisible();
  await expect(finding().getByText('Headcount: 10')).toBeVisible();
  await expect(clerk.locator('.dcf-field-finding')).toHaveCount(1);
  await expect(clerk.getByLabel(/Explain why this figure is right/)).toHaveCount(1);
  // A warning is not an error: no red summary.
  await expect(summary()).toHaveCount(0);
  expect(await clerk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(clerk);
});

test('the clerk explains it with the keyboard (autosaved) and submits with the explanation', async () => {
  // Autosave comes 30 s after the last change.
  test.setTimeout(180_000);
  // Typing only the explanation is a change, saved by itself.
  await finding()
    .getByLabel(/Explain why this figure is right/)
    .focus();
  await clerk.keyboard.type(EXPLANATION);
  await expect(clerk.getByText(/^Draft saved automatically at/)).toBeVisible({ timeout: 90_000 });
  await clerk.getByRole('button', { name: 'Submit' }).click();
  await expect(
    clerk.getByRole('heading', { level: 1, name: 'Check your answers before submitting your return' }),
  ).toBeVisible();
  const review = clerk.getByRole('region', { name: /Check these figures/ });
  await expect(review.getByLabel('Explain why this figure is right')).toHaveValue(EXPLANATION);
  await expectNoAxeViolations(clerk);
  await clerk.getByLabel(DECLARATION).check();
  await clerk.getByRole('button', { name: 'Submit return' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: 'Return submitted' })).toBeVisible();
});

test("the manager's period view counts the return, shows the explanation and filters by rule", async () => {
  test.setTimeout(120_000);
  await manager.goto(`/collection/manage/reportingPeriod/${ids.periodId}`);
  await expect(manager.getByTestId('returns-with-warnings')).toHaveText(
    '1 of 1 submitted returns have data quality warnings.',
  );
  const quality = manager.getByRole('region', { name: 'Data quality' });
  await expect(quality.getByText(`Explanation: ${EXPLANATION}`)).toBeVisible();
  // Filtered by rule in the API (decision 0034): the choice applies on Search, as the period's list does.
  await quality.getByLabel('Flagged by').selectOption({ label: `${RULE} (1)` });
  await quality.getByRole('button', { name: 'Search' }).click();
  await expect(manager).toHaveURL(/dqRule=r1/);
  await expect(quality.getByRole('cell', { name: 'RJ1', exact: true })).toBeVisible();
  await expect(quality.getByText('1 return with warnings')).toBeVisible();
  await expectNoAxeViolations(manager);
});
