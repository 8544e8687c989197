import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import { draftCollection, signedInPage } from './factories';
import { apiOf, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * A manager builds a form in Form.io's builder, in the built app under its content
 * security policy, by mouse and by keyboard: a text field with a description and a tooltip, a number
 * with a minimum and maximum, a select, a simple condition and a JSON Logic calculated value. Every
 * state is checked with axe, and the browser console must stay free of errors.
 *
 * Stories of one purpose each, in order on one page and one form (serial: each builds on the one before,
 * as a manager's session would; a failure skips the rest), so a failure names its step and each has a
 * timeout of its own. Axe on a large page is what takes the time (a dozen states in all).
 */

/** The builder's settings dialog for a component type ("Text Field settings"). */
const settings = (page: Page, title: string) => page.getByRole('dialog', { name: `${title} settings` });

async function openTab(dialog: Locator, name: string) {
  await dialog.getByRole('tab', { name }).click();
  await expect(dialog.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/**
 * Drags with the mouse as a person does, in small steps (dragula, Form.io's drag library, starts a
 * drag only once the pointer has moved), and drops near the bottom of the target: at the end.
 */
async function drag(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: source or target is not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 10 });
  await page.mouse.up();
}

/**
 * Waits until Form.io has worked out the property name from the label. Form.io merges the changes of
 * 100 ms into one change event and derives the key only when that event's last change is the label,
 * so a test that types into the next box at machine speed would leave the type's default key
 * ("textField"); a person always pauses longer than that.
 */
async function expectKeyFromLabel(dialog: Locator, key: string) {
  await expect(dialog.locator('[name="data[key]"]')).toHaveValue(key);
}

/** The labels of the components on the canvas, top to bottom. */
const canvasLabels = (page: Page) =>
  page
    .locator('.dcf-formio-builder .formarea .builder-component')
    .evaluateAll((elements) =>
      elements.map((element) =>
        element.querySelector('[data-dcf-action="edit"] .visually-hidden')?.textContent?.trim(),
      ),
    );

/** Waits until the canvas shows these labels, top to bottom. */
const expectCanvas = (page: Page, labels: string[]) => expect.poll(() => canvasLabels(page)).toEqual(labels);

test.describe.configure({ mode: 'serial' });

let page: Page;
let close: () => Promise<void>;
let id: number;
const consoleErrors: string[] = [];
/** The builder's "Text Field" palette button: the builder has loaded when it shows. */
const paletteButton = () =>
  page.locator('.dcf-formio-builder').getByRole('button', { name: 'Text Field', exact: true });

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(120_000);
  const session = await signedInPage(browser, 'manager');
  page = session.page;
  close = session.close;
  id = await draftCollection(apiOf(page), { name: `Builder journey ${Date.now()}` });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
test.afterAll(() => close());

test('by keyboard: a text field with a description, a tooltip and Required; every settings tab passes axe', async () => {
  test.setTimeout(240_000);
  const builder = page.locator('.dcf-formio-builder');
  const palette = paletteButton();
  await page.goto(`/collection/amend/${id}/form`);
  await expect(palette).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);

  // 1. Keyboard: a text field, added with Enter on its palette button, with a description and tooltip.
  await palette.focus();
  await page.keyboard.press('Enter');
  const dialog = settings(page, 'Text Field');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Label', exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Ward name');
  await expectKeyFromLabel(dialog, 'wardName');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('As it appears on the ward board');
  await dialog.getByRole('textbox', { name: 'Tooltip' }).fill('Use the full name, not the code');
  await expect(
    dialog.getByRole('region', { name: 'Preview' }).getByText('Use the full name, not the code'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  for (const tab of ['Data', 'Validation', 'API', 'Conditional']) {
    await openTab(dialog, tab);
    await expectNoAxeViolations(page);
  }
  await openTab(dialog, 'Validation');
  await dialog.getByRole('checkbox', { name: 'Required', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(palette).toBeFocused();
  await expect(builder.getByText('(Tooltip: Use the full name, not the code)')).toBeVisible();
});

test('by mouse: a number dragged onto the form with a minimum and a maximum; copied by keyboard and renamed', async () => {
  test.setTimeout(120_000);
  const builder = page.locator('.dcf-formio-builder');
  // 2. Mouse: a number dragged onto the form, with a minimum and a maximum.
  await drag(
    page,
    builder.getByRole('button', { name: 'Number', exact: true }),
    builder.locator('.formarea .drag-container').first(),
  );
  let dialog = settings(page, 'Number');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Beds open');
  await expectKeyFromLabel(dialog, 'bedsOpen');
  await openTab(dialog, 'Validation');
  await dialog.getByRole('textbox', { name: 'Minimum Value' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Maximum Value' }).fill('200');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // 3. Copy the number (keyboard), and rename the copy.
  await builder.getByRole('button', { name: 'Copy Beds open' }).focus();
  await page.keyboard.press('Enter');
  await expectCanvas(page, ['Ward name', 'Beds open', 'Beds open']);
  await builder.getByRole('button', { name: 'Edit Beds open' }).nth(1).click();
  dialog = settings(page, 'Number');
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Beds closed');
  await openTab(dialog, 'API');
  await dialog.getByRole('textbox', { name: 'Property Name' }).fill('bedsClosed');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('a select with its values, and a number worked out in JSON Logic shown for one of them', async () => {
  test.setTimeout(180_000);
  const builder = page.locator('.dcf-formio-builder');
  // 4. A select with its values list.
  await builder.getByRole('button', { name: 'Select', exact: true }).click();
  let dialog = settings(page, 'Select');
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Ward type');
  await expectKeyFromLabel(dialog, 'wardType');
  await openTab(dialog, 'Data');
  await expectNoAxeViolations(page);
  await dialog.locator('[name="data[data.values][0][label]"]').fill('Medical');
  await dialog.locator('[name="data[data.values][0][value]"]').fill('medical');
  await dialog.getByRole('button', { name: 'Add Another' }).click();
  await dialog.locator('[name="data[data.values][1][label]"]').fill('Surgical');
  await dialog.locator('[name="data[data.values][1][value]"]').fill('surgical');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // 5. A number worked out in JSON Logic, shown only for surgical wards (a simple condition). A rule
  //    that is not JSON is refused with a clear message and keeps the dialog open.
  await builder.getByRole('button', { name: 'Number', exact: true }).click();
  dialog = settings(page, 'Number');
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Total beds');
  await expectKeyFromLabel(dialog, 'totalBeds');
  await openTab(dialog, 'Data');
  const calculated = dialog.getByRole('textbox', { name: 'Calculated value (JSON Logic)' });
  await calculated.fill('{"+": [{"var": "data.bedsOpen"}, ');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText(/Enter the rule as JSON \(/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await calculated.fill('{"+": [{"var": "data.bedsOpen"}, {"var": "data.bedsClosed"}]}');
  await openTab(dialog, 'Conditional');
  await dialog
    .getByRole('combobox', { name: 'This component should Display:' })
    .selectOption({ label: 'True' });
  const when = dialog.getByRole('combobox', { name: 'When the form component:' });
  await when.focus(); // Form.io lists the form's components when the select takes focus
  await expect(when.locator('option[value="wardType"]')).toHaveText(/Ward type/);
  await when.selectOption('wardType');
  await dialog.getByRole('textbox', { name: 'Has the value:' }).fill('surgical');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('by keyboard: a question moved up with focus kept; Escape closes a dialog and focus returns', async () => {
  test.setTimeout(120_000);
  const builder = page.locator('.dcf-formio-builder');
  // 6. Keyboard: move the select up above the numbers; focus stays on the button pressed.
  await expectCanvas(page, ['Ward name', 'Beds open', 'Beds closed', 'Ward type', 'Total beds']);
  const moveUp = builder.getByRole('button', { name: 'Move up Ward type' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(moveUp).toBeFocused();
  await page.keyboard.press('Enter');
  await expectCanvas(page, ['Ward name', 'Ward type', 'Beds open', 'Beds closed', 'Total beds']);
  // Escape closes a dialog as Cancel does, and focus goes back to the Edit button.
  const editWardName = builder.getByRole('button', { name: 'Edit Ward name' });
  await editWardName.focus();
  await page.keyboard.press('Enter');
  await expect(settings(page, 'Text Field')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings(page, 'Text Field')).toBeHidden();
  await expect(editWardName).toBeFocused();
  await expectNoAxeViolations(page);
});

test('saved: the same form after a reload, in the same order, with nothing that runs code', async () => {
  test.setTimeout(120_000);
  const palette = paletteButton();
  // 7. Save, reload: the same form, in the same order, with its settings.
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form saved (version 1).')).toBeVisible();
  const saved = await apiOf(page)<{ definition: { components: Record<string, any>[] } }[]>(
    'GET',
    `/Collection/${id}/Form`,
  );
  const components = saved[0]?.definition.components ?? [];
  expect(components.map((c) => c.key)).toEqual([
    'wardName',
    'wardType',
    'bedsOpen',
    'bedsClosed',
    'totalBeds',
  ]);
  expect(components[0]).toMatchObject({
    description: 'As it appears on the ward board',
    tooltip: 'Use the full name, not the code',
    validate: { required: true },
  });
  expect(components[2]?.validate).toMatchObject({ min: 0, max: 200 });
  expect(components[1]?.data?.values).toEqual([
    { label: 'Medical', value: 'medical' },
    { label: 'Surgical', value: 'surgical' },
  ]);
  expect(components[4]).toMatchObject({
    calculateValue: { '+': [{ var: 'data.bedsOpen' }, { var: 'data.bedsClosed' }] },
    conditional: { show: true, when: 'wardType', eq: 'surgical' },
  });
  for (const component of components) {
    expect(component.customConditional ?? '', component.key).toBe('');
    expect(component.customDefaultValue ?? '', component.key).toBe('');
    expect(component.validate?.custom ?? '', component.key).toBe('');
    expect(component.logic ?? [], component.key).toEqual([]);
  }
  await page.reload();
  await expect(palette).toBeVisible({ timeout: 60_000 });
  await expectCanvas(page, ['Ward name', 'Ward type', 'Beds open', 'Beds closed', 'Total beds']);
});

test('the preview shows the saved form as a submitter sees it', async () => {
  test.setTimeout(120_000);
  // 8. The preview tab shows the saved form as a submitter sees it.
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByText('Ward name')).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByText('Beds open')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a wizard: its pages are buttons, the current one marked; a page can be added', async () => {
  test.setTimeout(120_000);
  const builder = page.locator('.dcf-formio-builder');
  const palette = paletteButton();
  // 9. A wizard: its pages are buttons, the current one marked; a page can be added.
  await page.getByRole('link', { name: 'Form', exact: true }).click();
  await expect(palette).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Wizard').check();
  const pages = builder.getByRole('navigation', { name: 'Wizard pages' });
  await expect(pages.getByRole('button', { name: 'Page 1: Page 1' })).toHaveAttribute('aria-current', 'step');
  await pages.getByRole('button', { name: 'Add a page' }).click();
  await expect(pages.getByRole('button', { name: /^Page 2: / })).toBeVisible();
  await expectNoAxeViolations(page);

  // The browser console stayed free of errors through every story.
  expect(consoleErrors).toEqual([]);
});
