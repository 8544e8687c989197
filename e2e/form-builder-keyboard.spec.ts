import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import { draftCollection, uploadForm } from './factories';
import { apiOf, expect, signInAs, test } from './fixtures';

/**
 * The builder's gaps found with real forms (decision 0035), at 1280 x 800: the palette reaches its last
 * component; a component goes into a section and back out by the keyboard alone; an option's value
 * follows its label; a Date / Time component loads nothing from another origin. The console stays free
 * of errors and every request stays on the app's origin. One story each, in a builder of its own.
 */

const settings = (page: Page, title: string) => page.getByRole('dialog', { name: `${title} settings` });

/**
 * A manager's builder at 1280 x 800 on a draft collection whose form is a Staffing section and a Ward name
 * below it, collecting console errors and requests that leave the app's origin in `problems`.
 */
async function openBuilder(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The browser asks for /favicon.ico on its own in a fresh context (the app has none there).
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      problems.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await signInAs(page, 'manager');
  const origin = new URL(page.url()).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(request.url());
  });
  const api = apiOf(page);
  const id = await draftCollection(api, { name: `Builder keyboard ${Date.now()}` });
  await uploadForm(api, id, {
    display: 'form',
    components: [
      { type: 'panel', key: 'staffing', title: 'Staffing', input: false, components: [] },
      { type: 'textfield', key: 'wardName', label: 'Ward name', input: true },
    ],
  });
  await page.goto(`/collection/amend/${id}/form`);
  const builder = page.locator('.dcf-formio-builder');
  const palette = builder.locator('.formcomponents');
  await expect(palette).toBeVisible({ timeout: 60_000 });
  return { context, page, problems, api, id, builder, palette };
}

test('the palette fits the window and a component goes into a section and back out by the keyboard', async ({
  browser,
}) => {
  test.setTimeout(2 * 60_000);
  const { context, page, problems, api, id, builder, palette } = await openBuilder(browser);
  // The palette scrolls within the window: its last component can be reached and pressed.
  const height = await palette.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(800);

  // Keyboard: the text field goes into the panel above it, then back out.
  const into = builder.getByRole('button', { name: 'Move into Staffing Ward name' });
  await expect(into).toBeVisible();
  await into.focus();
  await page.keyboard.press('Enter');
  await expect(builder.getByRole('button', { name: 'Edit Ward name' })).toBeFocused();
  await expect(builder.getByRole('button', { name: 'Move out of Staffing Ward name' })).toBeVisible();
  await expect(builder.getByRole('button', { name: /^Move into .* Ward name$/ })).toBeHidden();
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText(/Form saved/)).toBeVisible();
  const saved = await api<
    { definition: { components: { key: string; components?: { key: string }[] }[] } }[]
  >('GET', `/Collection/${id}/Form`);
  const definition = saved[0]?.definition;
  expect(definition?.components.map((c) => c.key)).toEqual(['staffing']);
  expect(definition?.components[0]?.components?.map((c) => c.key)).toEqual(['wardName']);
  await builder.getByRole('button', { name: 'Move out of Staffing Ward name' }).focus();
  await page.keyboard.press('Enter');
  await expect(builder.getByRole('button', { name: 'Edit Ward name' })).toBeFocused();
  await expect(builder.getByRole('button', { name: 'Move into Staffing Ward name' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("an option's value follows its label, and Save is not refused for empty values", async ({ browser }) => {
  test.setTimeout(2 * 60_000);
  const { context, page, problems, builder } = await openBuilder(browser);
  await builder.getByRole('button', { name: 'Radio', exact: true }).click();
  const dialog = settings(page, 'Radio');
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Shift');
  await dialog.getByRole('tab', { name: 'Data' }).click();
  await dialog.locator('[name="data[values][0][label]"]').pressSequentially('Long day');
  await expect(dialog.locator('[name="data[values][0][value]"]')).toHaveValue('longDay');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
  await context.close();
});

test('a Date / Time component: the palette with its longest group open still fits, nothing loads from elsewhere', async ({
  browser,
}) => {
  test.setTimeout(2 * 60_000);
  const { context, page, problems, builder, palette } = await openBuilder(browser);
  await builder.getByRole('button', { name: 'Advanced', exact: true }).click();
  const dateButton = builder.getByRole('button', { name: 'Date / Time', exact: true });
  await expect(dateButton).toBeAttached();
  expect(await palette.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(
    800,
  );
  await dateButton.scrollIntoViewIfNeeded();
  await expect(dateButton).toBeInViewport();
  await dateButton.click();
  const dialog = settings(page, 'Date / Time');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Shift start');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
  await context.close();
});
