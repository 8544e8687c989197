import type { Page } from '@playwright/test';
import {
  type Definition,
  draftCollection,
  organisationIdByCode,
  publishedCollection,
  userIdByEmail,
} from './factories';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * A manager sets up a collection of their own through every set-up tab, each story on a collection
 * created in the test (the demo collection other journeys read is never touched); what a story starts
 * from (an empty draft, recipients, a form) is made through the API with the factories.
 */

test.describe.configure({ timeout: 90_000 });

const wizardDefinition: Definition = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      input: false,
      components: [{ type: 'number', key: 'nursesOnShift', label: 'Nurses on shift', input: true }],
    },
    {
      type: 'panel',
      key: 'beds',
      title: 'Beds',
      input: false,
      components: [{ type: 'number', key: 'bedsOpen', label: 'Beds open', input: true }],
    },
    { type: 'button', key: 'submit', action: 'submit', label: 'Submit', input: true },
  ],
};

/** Signs in as the manager and opens the overview of a draft collection made through the API. */
async function overviewOf(
  page: Page,
  make: (api: ReturnType<typeof apiOf>, name: string) => Promise<number>,
) {
  await signInAs(page, 'manager');
  const name = `Set-up journey ${Date.now()}`;
  const collectionId = await make(apiOf(page), name);
  await page.goto(`/collection/amend/${collectionId}/overview`);
  await expect(page.getByTestId('collection-name')).toHaveText(name);
  return collectionId;
}

const emptyDraft = (api: ReturnType<typeof apiOf>, name: string) => draftCollection(api, { name });

/** A draft with the uploaded wizard and one recipient (St George's, where no demo user works), no schedule. */
const draftWithFormAndRecipient = async (api: ReturnType<typeof apiOf>, name: string) =>
  (
    await publishedCollection(api, {
      name,
      form: wizardDefinition,
      codes: ['RJ7'],
      period: null,
      published: false,
    })
  ).id;

test('a manager creates a collection (the required message first); publishing it empty is asked first and names all three missing parts', async ({
  page,
}) => {
  await signInAs(page, 'manager');

  // Create: the specification's required message first, then a real collection.
  await page.goto('/collection/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a collection' })).toBeVisible();
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Please fill in this field' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const name = `Set-up journey ${Date.now()}`;
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel('Notes').fill('Weekly staffing and beds');
  await page.getByRole('group', { name: 'Trust authorisation' }).getByLabel('Optional').check();
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collection\/amend\/\d+\/overview$/);
  await expect(page.getByTestId('collection-name')).toHaveText(name);
  await expect(page.getByText(`${name} has been created as a draft`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Publishing an empty collection: asked first, then all three completeness messages.
  await page.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this collection?' });
  await expect(confirm).toContainText('every recipient organisation');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problems).toContainText('This collection has no scheduled reporting periods');
  await expect(problems).toContainText('This collection has not been assigned any recipients organisations');
  await expect(problems).toContainText('This collection has no form definition');
  await expectNoAxeViolations(page);
});

test('on the form tab a manager builds a wizard by dragging a text field onto its first page; a broken upload is refused, a good one replaces the form', async ({
  page,
}) => {
  await overviewOf(page, emptyDraft);

  // Form tab: a wizard built in Form.io's builder by dragging a text field onto its first page.
  await page.getByRole('link', { name: 'Form', exact: true }).click();
  await expect(page.getByTestId('form-version')).toContainText('This collection has no form yet');
  await page.getByLabel('Wizard').check();
  const builder = page.locator('.dcf-formio-builder');
  await expect(builder.locator('.formcomponents')).toBeVisible({ timeout: 30_000 });
  const textField = builder.locator('.formcomponents [data-type="textfield"]').first();
  if (!(await textField.isVisible())) {
    await builder.locator('.formcomponents').getByRole('button', { name: 'Basic' }).click();
  }
  await textField.dragTo(builder.locator('.formarea .drag-container').first());
  const dialog = page.locator('.formio-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="data[label]"]').fill('Ward name');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(builder.getByRole('button', { name: 'Edit Ward name' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form saved (version 1).')).toBeVisible();

  // A broken upload is refused with the clear error; a good one replaces the builder's form.
  const upload = page.getByLabel('Upload a Form.io JSON definition');
  await upload.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"display": "wizard", "components": [ '),
  });
  await expect(page.getByText('A form definition upload must be a valid JSON object')).toBeVisible();
  await expectNoAxeViolations(page);
  await upload.setInputFiles({
    name: 'staffing.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(wizardDefinition)),
  });
  await expect(page.getByText('staffing.json is in the builder. Save to keep it as the form.')).toBeVisible();
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form saved (version 1).')).toBeVisible();
});

test('on the organisations tab a manager adds three trusts through the search widget’s multi-select', async ({
  page,
}) => {
  await overviewOf(page, emptyDraft);

  // Organisations tab: three trusts through the search widget's multi-select.
  await page.getByRole('link', { name: 'Organisations', exact: true }).click();
  await expect(page.getByText('There are no recipient organisations yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add organisations' }).click();
  const widget = page.getByRole('dialog');
  await widget.getByLabel('Search by organisation name or ODS code').fill('NHS Foundation Trust');
  await widget.getByRole('button', { name: 'Search' }).click();
  // One tick per organisation (the first checkbox of the results ticks the whole page).
  const ticks = widget.getByRole('checkbox', { name: /^(?!Select every row on this page)/ });
  await expect(ticks.nth(2)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Select', exact: true })).toBeDisabled();
  for (const index of [0, 1, 2]) await ticks.nth(index).check();
  await expectNoAxeViolations(page);
  await widget.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByText('3 organisations added (3 recipients)')).toBeVisible();
  await expect(page.getByTestId('recipients-page')).toHaveText('Page 1 of 1 (3 organisations)');
  await expectNoAxeViolations(page);
});

test('the creator is the collection’s manager; submitter access at a trust lets others in as data entry clerks from another organisation, never as its authoriser', async ({
  page,
}) => {
  const collectionId = await overviewOf(page, draftWithFormAndRecipient);

  // Permissions tab: the creator is the collection manager; submitter access is linked from here.
  await page.getByRole('link', { name: 'Permissions', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Morgan Manager', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Submitter access at the first trust, which is not where the demo users work (they are RJ1's staff):
  // each may come in as a data entry clerk, marked as from another organisation, never as its authoriser.
  await page.getByRole('link', { name: 'submitter access' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/manage/submitterAccess/${collectionId}$`));
  await expect(page.getByText('Nobody has submitter access to this collection yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Give access' }).click();
  const chooseOrganisation = page.getByRole('dialog', { name: 'Choose a recipient organisation' });
  await chooseOrganisation.getByRole('button', { name: 'Search' }).click();
  await chooseOrganisation.getByRole('checkbox').first().check();
  await chooseOrganisation.getByRole('button', { name: 'Select', exact: true }).click();
  const chooseUsers = page.getByRole('dialog', { name: /^Give access at / });
  await chooseUsers.getByLabel('Search by name or email address').fill('RJ1');
  await chooseUsers.getByRole('button', { name: 'Search' }).click();
  await chooseUsers.getByRole('checkbox', { name: 'Select Chris Clerk' }).check();
  await chooseUsers.getByRole('checkbox', { name: 'Select Alex Authoriser' }).check();
  await chooseUsers.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByText('From another organisation', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: /^Authoriser: Alex Authoriser at / })).toBeDisabled();
  // The manager keeps one of them only.
  await page.getByRole('button', { name: /^Remove\s+Alex Authoriser at / }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Submitter access saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Data entry clerk: Chris Clerk at / })).toBeChecked({
    timeout: 30_000,
  });
  await expect(page.getByRole('checkbox', { name: /^Authoriser: Chris Clerk at / })).toBeDisabled();
  await expect(page.getByText('From another organisation', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('cell', { name: /Alex Authoriser/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Chris Clerk goes back to being at one organisation only, so the journeys that follow meet the
  // single-organisation home they are written for (a second organisation turns it into the returns table).
  const api = apiOf(page);
  await api(
    'PUT',
    `/Collection/${collectionId}/Organisation/${await organisationIdByCode(api, 'RJ7')}/SubmitterAccess`,
    { userId: await userIdByEmail(api, 'clerk.a@dcf.example'), roles: [] },
  );
});

test('with a form and recipients but no schedule, publishing names only the missing schedule', async ({
  page,
}) => {
  const collectionId = await overviewOf(page, draftWithFormAndRecipient);
  const problems = page.getByRole('alert').filter({ hasText: 'There is a problem' });

  // Publishing now: only the schedule is missing.
  await page.goto(`/collection/amend/${collectionId}/overview`);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('dialog', { name: 'Publish this collection?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(problems).toContainText('This collection has no scheduled reporting periods');
  await expect(problems).not.toContainText('recipients organisations');
  await expect(problems).not.toContainText('no form definition');
});

test('the preview shows the uploaded wizard as a submitter sees it; the remaining tabs are axe clean', async ({
  page,
}) => {
  await overviewOf(page, draftWithFormAndRecipient);

  // Preview: the uploaded wizard as a submitter sees it (submit button stripped).
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByLabel('Nurses on shift')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The remaining tabs (Excel template, schedules) of this collection are axe clean too.
  for (const [tab, heading] of [
    ['Excel template', 'Excel template'],
    ['Schedule', 'Schedule'],
    ['Default schedule', 'Default schedule'],
  ] as const) {
    await page.getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page);
  }
});
