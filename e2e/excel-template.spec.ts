import ExcelJS from 'exceljs';
import { draftCollection, uploadForm } from './factories';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * The Excel template tab, through the real server and the embedded blob store: a manager uploads
 * a workbook whose defined names are form keys (token, then a PUT straight to the signed /blobs URL),
 * sees the keys it covers and misses, lets submitters use it, and downloads it back. Runs on a
 * collection of its own, so the demo collection other journeys read is never touched.
 */

async function template(names: Record<string, string>, type = 'xlsx') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Return');
  sheet.getCell('A1').value = 'Beds return';
  for (const [name, cell] of Object.entries(names)) workbook.definedNames.add(`Return!${cell}`, name);
  return {
    name: `beds.${type}`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

test('a manager uploads an Excel template, sees the form keys it covers and misses, enables it and downloads it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'manager');

  // A draft collection with a two-field form, made through the API as the manager.
  const api = apiOf(page);
  const id = await draftCollection(api, { name: `Excel template journey ${Date.now()}` });
  await uploadForm(api, id, {
    display: 'form',
    components: [
      { type: 'number', key: 'bedsOpen', label: 'Beds open', input: true },
      { type: 'number', key: 'bedsClosed', label: 'Beds closed', input: true },
    ],
  });

  await page.goto(`/collection/amend/${id}/excelTemplate`);
  await expect(page.getByRole('heading', { name: 'Excel template', level: 2 })).toBeVisible();
  await expect(page.getByText('No template has been uploaded yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The wrong type is refused before anything is uploaded (error state, axe clean).
  const upload = page.getByLabel('Upload a template');
  await upload.setInputFiles(await template({}, 'csv'));
  await expect(page.getByText('File is the wrong type; it must be .xlsx')).toBeVisible();
  await expectNoAxeViolations(page);

  await upload.setInputFiles(await template({ bedsOpen: '$B$2', wardName: '$B$3' }));
  await expect(page.getByText("beds.xlsx is the collection's Excel template.")).toBeVisible();
  const covered = page
    .getByRole('heading', { name: 'Form fields the template covers' })
    .locator('xpath=following-sibling::ul[1]');
  await expect(covered).toHaveText('bedsOpen');
  const missed = page
    .getByRole('heading', { name: 'Form fields the template misses' })
    .locator('xpath=following-sibling::ul[1]');
  await expect(missed).toHaveText('bedsClosed');
  await expect(page.getByText('wardName')).toBeVisible();
  await expectNoAxeViolations(page);

  const enabled = page.getByLabel('Let submitters use the Excel template');
  await enabled.check();
  await expect(enabled).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('Let submitters use the Excel template')).toBeChecked();

  // Downloaded back through a read token: the same workbook, defined names intact.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download beds.xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('beds.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) as string);
  expect(workbook.definedNames.getRanges('bedsOpen').ranges).toEqual(['Return!$B$2']);
});
