import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page, Route } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pdfText } from '../apps/api/test/support/pdf-text';
import { openPeriodBody, publishedCollection, signedInPage } from './factories';
import {
  type Api,
  apiOf,
  compareRevisions,
  DECLARATION,
  expect,
  expectNoAxeViolations,
  signInAs,
  test,
} from './fixtures';

const CHECK_ANSWERS = 'Check your answers before submitting your return';

/**
 * Files, PDF and Excel in the browser, each story on a collection of its own built through the API (a
 * form with a required text field, a number, a data grid and an attachment; an Excel template whose
 * defined names are the form keys; one open period; the first trust's clerk, no authorisation needed).
 * The clerk pre-fills from a filled template; a file of the wrong type is refused; an attachment uploads
 * (progress in words, save and submit disabled meanwhile), is saved and downloads byte for byte after a
 * reload; the return downloads as PDF and Excel (both parsed back); a submit meets a 400, is corrected
 * and submitted, and two revisions compare.
 */

test.describe.configure({ timeout: 90_000 });

const definition = {
  display: 'form',
  components: [
    { type: 'textfield', key: 'wardName', label: 'Ward name', input: true, validate: { required: true } },
    { type: 'number', key: 'bedsOpen', label: 'Beds open', input: true },
    {
      type: 'datagrid',
      key: 'wards',
      label: 'Wards',
      input: true,
      components: [
        { type: 'textfield', key: 'ward', label: 'Ward', input: true },
        { type: 'number', key: 'beds', label: 'Beds', input: true },
      ],
    },
    {
      type: 'file',
      key: 'evidence',
      label: 'Supporting document',
      input: true,
      storage: 'dcf',
      multiple: true,
    },
  ],
};

/** A workbook whose defined names are the form keys; `values` fills it in as a submitter would. */
async function workbook(values: Record<string, string | number> = {}) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Return');
  sheet.getCell('A1').value = 'Ward name';
  sheet.getCell('A2').value = 'Beds open';
  book.definedNames.add('Return!$B$1', 'wardName');
  book.definedNames.add('Return!$B$2', 'bedsOpen');
  book.definedNames.add('Return!$A$5:$B$7', 'wards');
  if (values.wardName !== undefined) sheet.getCell('B1').value = values.wardName;
  if (values.bedsOpen !== undefined) sheet.getCell('B2').value = values.bedsOpen;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The Excel template, as the template tab uploads it: a token, a PUT to storage, then the record. */
async function uploadExcelTemplate(page: Page, api: Api, collectionId: number) {
  const blobNameWithPath = `${collectionId}/FORMTEMPLATE/journey/beds.xlsx`;
  const template = await workbook();
  const [token] = await api<{ url: string }[]>(
    'POST',
    `/Storage/StorageTokensForUpload/Collection/${collectionId}/Organisation`,
    [{ blobNameWithPath, fileSizeInMb: template.length / 1024 / 1024, isFormTemplate: true }],
  );
  const put = await page.request.put(token!.url, {
    data: template,
    headers: { 'x-ms-blob-type': 'BlockBlob' },
  });
  expect(put.status()).toBe(201);
  await api('PATCH', `/Collection/${collectionId}/Form/ExcelTemplate`, {
    excelTemplateFileName: 'beds.xlsx',
    blobNameWithPath,
  });
  await api('PATCH', `/Collection/${collectionId}/IsExcelTemplateEnabled`, { isExcelTemplateEnabled: true });
}

/**
 * Everything a story needs, made by the manager (signed in on `page`); the clerk's page is a context of
 * its own, on the return's form page.
 */
async function clerkOnTheForm(page: Page, browser: Browser) {
  await signInAs(page, 'manager');
  const api = apiOf(page);
  const collection = await publishedCollection(api, {
    name: `Files journey ${Date.now()}`,
    form: definition,
    codes: ['RJ1'],
    period: openPeriodBody({ name: 'Files period' }),
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  await uploadExcelTemplate(page, api, collection.id);
  const clerk = await signedInPage(browser, 'clerkA');
  await clerk.page.goto(collection.formUrl('RJ1'));
  await expect(clerk.page.getByLabel(/^Ward name/)).toBeEditable();
  return {
    clerk: clerk.page,
    close: clerk.close,
    collectionName: collection.name,
    organisationName: collection.organisation('RJ1').name,
  };
}

/** The answers every later story starts from (the grid's row has its Remove button). */
async function answer(clerk: Page) {
  await clerk.getByLabel(/^Ward name/).fill('Oak ward');
  await clerk.getByLabel(/^Beds open/).fill('12');
  await clerk.locator('input[name="data[wards][0][ward]"]').fill('Oak');
  await clerk.locator('input[name="data[wards][0][beds]"]').fill('4');
  await expect(clerk.locator('.formio-button-remove-row').first()).toHaveText(/^Remove/);
}

/** Chooses a file for the 'Supporting document' question. */
async function chooseFile(clerk: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = clerk.waitForEvent('filechooser');
  await clerk.getByLabel(/^Supporting document/).click();
  await (await chooser).setFiles(file);
}

/** Attaches evidence.txt, saves the draft and reloads the return. */
async function attachAndSave(clerk: Page, attachment: Buffer) {
  await chooseFile(clerk, { name: 'evidence.txt', mimeType: 'text/plain', buffer: attachment });
  await expect(clerk.getByRole('link', { name: /evidence\.txt/ })).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  await saveAndReload(clerk);
}

async function saveAndReload(clerk: Page) {
  await clerk.getByRole('button', { name: 'Save draft' }).click();
  await expect(clerk.getByText('Successfully saved.')).toBeVisible();
  await clerk.reload();
  await expect(clerk.getByLabel(/^Ward name/)).toHaveValue('Oak ward');
  await expect(clerk.getByLabel(/^Ward name/)).toBeEditable();
}

/**
 * The file a download link of the form gives: the form opens the signed URL in a new tab, which storage
 * answers as an attachment; Chromium reports the download on the opener or on the new tab.
 */
async function downloadedFile(page: Page, linkName: string): Promise<{ name: string; bytes: Buffer }> {
  const download = new Promise<Download>((resolve) => {
    page.once('download', resolve);
    page.context().once('page', (tab) => tab.once('download', resolve));
  });
  await page.getByRole('link', { name: linkName }).press('Enter');
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('a clerk pre-fills a return from a filled Excel template: one answer taken, one refused', async ({
  page,
  browser,
}) => {
  const { clerk, close } = await clerkOnTheForm(page, browser);
  await expectNoAxeViolations(clerk);

  await clerk.getByText('Fill in from an Excel template').click();
  await clerk.getByLabel('Upload a filled template').setInputFiles({
    name: 'filled.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook({ wardName: 'Oak ward', bedsOpen: 'lots' }),
  });
  await expect(clerk.getByText('1 answers taken, 1 refused.')).toBeVisible();
  await expect(clerk.getByRole('table', { name: 'Cells refused' })).toContainText('bedsOpen');
  await expect(clerk.getByRole('table', { name: 'Cells taken' })).toContainText('Oak ward');
  await expect(clerk.getByLabel(/^Ward name/)).toHaveValue('Oak ward');
  await expectNoAxeViolations(clerk);
  await close();
});

test('a file of a type not allowed is refused before anything is stored', async ({ page, browser }) => {
  const { clerk, close } = await clerkOnTheForm(page, browser);
  await answer(clerk);
  await chooseFile(clerk, {
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(
    clerk.getByRole('alert').filter({ hasText: /tool\.exe: File is the wrong type; it must be/ }),
  ).toBeVisible();
  await expectNoAxeViolations(clerk);
  await clerk.locator('.formio-component-evidence').getByRole('button', { name: 'Remove' }).click();
  await close();
});

test('an attachment uploads with its progress in words, save and submit disabled meanwhile; saved, it downloads byte for byte after a reload', async ({
  page,
  browser,
}) => {
  const { clerk, close } = await clerkOnTheForm(page, browser);
  await answer(clerk);

  // Storage's answer is held back so the progress and the disabled buttons can be seen.
  const attachment = randomBytes(300 * 1024);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await clerk.route('**/blobs/**', async (route: Route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await chooseFile(clerk, { name: 'evidence.txt', mimeType: 'text/plain', buffer: attachment });
  await expect(clerk.getByText(/^evidence\.txt: Uploading: \d+%$/)).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await expect(clerk.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expectNoAxeViolations(clerk);
  release();
  await expect(clerk.getByRole('link', { name: /evidence\.txt/ })).toBeVisible();
  await expect(clerk.getByText(/Uploading: \d+%/)).toHaveCount(0);
  await expect(clerk.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  await clerk.unroute('**/blobs/**');
  await expectNoAxeViolations(clerk);

  // After a reload the attachment is still there and downloads as it was uploaded.
  await saveAndReload(clerk);
  const opened = await downloadedFile(clerk, 'evidence.txt');
  expect(opened.name).toBe('evidence.txt');
  expect(opened.bytes.equals(attachment)).toBe(true);
  await close();
});

test('a saved return downloads as a PDF and as the collection’s Excel template with the answers', async ({
  page,
  browser,
}) => {
  const journey = await clerkOnTheForm(page, browser);
  const { clerk } = journey;
  await answer(clerk);
  await attachAndSave(clerk, randomBytes(1024));

  // Download PDF: the return's organisation, period, questions and answers.
  const pdfDownload = clerk.waitForEvent('download');
  await clerk.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = readFileSync((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString('latin1'), `a PDF: ${pdf.subarray(0, 200).toString('latin1')}`).toBe(
    '%PDF-',
  );
  const text = pdfText(pdf);
  for (const expected of [
    journey.collectionName,
    journey.organisationName,
    'Files period',
    'Ward name',
    'Oak ward',
    'Beds open',
    '12',
    'Wards',
    'Oak',
    '4',
    'Supporting document',
    'evidence.txt',
  ])
    expect(text, `the PDF names ${expected}`).toContain(expected);

  // Download Excel: the collection's template with the answers in the defined-name cells.
  const excelDownload = clerk.waitForEvent('download');
  await clerk.getByRole('button', { name: 'Download Excel' }).click();
  const filled = new ExcelJS.Workbook();
  await filled.xlsx.readFile((await (await excelDownload).path())!);
  const sheet = filled.getWorksheet('Return')!;
  expect(filled.definedNames.getRanges('wardName').ranges).toEqual(['Return!$B$1']);
  expect(sheet.getCell('B1').value).toBe('Oak ward');
  expect(sheet.getCell('B2').value).toBe(12);
  expect([sheet.getCell('A5').value, sheet.getCell('B5').value]).toEqual(['Oak', 4]);
  await journey.close();
});

test('a submit without a required answer shows the server’s 400 linked to the question; corrected, the return is submitted and two revisions compare', async ({
  page,
  browser,
}) => {
  const { clerk, close } = await clerkOnTheForm(page, browser);
  await answer(clerk);
  await attachAndSave(clerk, randomBytes(1024));

  // Submit without the required answer: the draft is saved, and check your answers shows the server's 400
  // with a link back to the question.
  await clerk.getByLabel(/^Ward name/).fill('');
  await clerk.getByRole('button', { name: 'Submit' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: CHECK_ANSWERS })).toBeVisible();
  await clerk.getByLabel(DECLARATION).check();
  await clerk.getByRole('button', { name: 'Submit return' }).click();
  const summary = clerk.locator('.nhsuk-error-summary', { hasText: 'There is a problem' }).first();
  await expect(summary.getByRole('link', { name: /ward name/i })).toBeVisible();
  await expectNoAxeViolations(clerk);
  await summary.getByRole('link', { name: /ward name/i }).click();
  await expect(clerk.getByLabel(/^Ward name/)).toBeFocused();

  await clerk.getByLabel(/^Ward name/).fill('Elm ward');
  await clerk.getByRole('button', { name: 'Submit' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: CHECK_ANSWERS })).toBeVisible();
  await clerk.getByLabel(DECLARATION).check();
  await clerk.getByRole('button', { name: 'Submit return' }).click();
  // The confirmation page (decision 0037), then back to the return.
  await expect(clerk.getByRole('heading', { level: 1, name: 'Return submitted' })).toBeVisible();
  await clerk.getByRole('link', { name: 'View the return' }).click();
  await expect(clerk.locator('.nhsuk-tag', { hasText: 'Submitted' })).toBeVisible();

  // Revisions, newest first: the submitted return, the draft each Submit saved (Elm ward, then no ward
  // name) and the clerk's draft (autosave may have added one before it on a slow machine). The submitted
  // return compared with the draft that had no ward name: the ward name changed, the file did not.
  await clerk.getByRole('link', { name: 'Revisions' }).click();
  const rows = clerk.locator('tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
  await expect(rows.first()).toContainText('Official');
  const changed = await compareRevisions(clerk, 0, 2);
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Ward name');
  await expect(changed).toContainText('Elm ward');
  await expectNoAxeViolations(clerk);
  await close();
});
