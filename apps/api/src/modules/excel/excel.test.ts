import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PersonaKey, useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import { newPeriod, pageFor, startDraft } from '../../../test/support/submission-fixtures';
import { uploadTemplate, XLSX } from '../../../test/support/template-upload';

let demoId: number;

const t = useTestApp({ STORAGE_DRIVER: 'local' });
beforeAll(async () => {
  demoId = await t.demoCollectionId();
});

/** A workbook with one sheet 'Return' and the given defined names -> cells (and cell values). */
async function workbook(names: Record<string, string>, values: Record<string, ExcelJS.CellValue> = {}) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Return');
  sheet.getCell('A1').value = 'Monthly workforce return';
  for (const [name, cell] of Object.entries(names))
    wb.definedNames.add(`Return!$${cell[0]}$${cell.slice(1)}`, name);
  for (const [cell, value] of Object.entries(values)) sheet.getCell(cell).value = value;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const templateNames = {
  headcount: 'B2',
  vacancies: 'B3',
  covidRelated: 'B4',
  comments: 'B5',
  notAField: 'B7',
};

/** Uploads bytes as the manager does (201). */
const uploadTemplateAs = async (bytes: Buffer, name?: string) =>
  uploadTemplate(t, await t.as('manager'), demoId, bytes, { name });

/** A raw request (binary body or answer), signed in as the persona. */
async function raw(
  persona: PersonaKey,
  method: 'POST',
  url: string,
  payload: Buffer | object,
  type = 'application/json',
) {
  const client = await t.as(persona);
  const cookies = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({
    method,
    url,
    payload: Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    headers: {
      cookie: cookies,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': type,
    },
  });
}

describe('Excel template', () => {
  it('records an uploaded template on the newest form version and lists the keys it covers and misses', async () => {
    const bytes = await workbook(templateNames);
    const blobNameWithPath = await uploadTemplateAs(bytes);
    const manager = await t.as('manager');
    const res = await manager.patch(`/v1/api/Collection/${demoId}/Form/ExcelTemplate`, {
      excelTemplateFileName: 'Workforce template.xlsx',
      blobNameWithPath,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      excelTemplateFileName: 'Workforce template.xlsx',
      excelTemplateFileSize: bytes.length,
      blobNameWithPath,
      coveredKeys: ['headcount', 'vacancies', 'covidRelated', 'comments'],
      missedKeys: ['agencyShifts', 'sicknessDays'],
      unknownNames: ['notAField'],
    });
    const forms = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body;
    expect(forms[0]).toMatchObject({
      excelTemplateFileName: 'Workforce template.xlsx',
      excelTemplateFileSize: bytes.length,
    });
    // Everyone in the collection may see it (submitters download the blank template to fill in).
    expect(
      (await (await t.as('clerkA')).get(`/v1/api/Collection/${demoId}/Form/ExcelTemplate`)).body,
    ).toEqual(res.body);
    expect(await auditEntries(t, 'form.excelTemplate.record')).toHaveLength(1);
  });

  it('refuses a template outside the collection folder, not uploaded, or not a workbook; 403 for a submitter', async () => {
    const manager = await t.as('manager');
    const url = `/v1/api/Collection/${demoId}/Form/ExcelTemplate`;
    const outside = await manager.patch(url, {
      excelTemplateFileName: 'a.xlsx',
      blobNameWithPath: '999/FORMTEMPLATE/a.xlsx',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.blobNameWithPath).toEqual([
      `The file must be stored under ${demoId}/FORMTEMPLATE/`,
    ]);
    const missing = await manager.patch(url, {
      excelTemplateFileName: 'a.xlsx',
      blobNameWithPath: `${demoId}/FORMTEMPLATE/none.xlsx`,
    });
    expect(missing.body.errors.blobNameWithPath).toEqual(['The file has not been uploaded']);
    const garbage = await uploadTemplateAs(Buffer.from('not a workbook'), 'fake.xlsx');
    const notWorkbook = await manager.patch(url, {
      excelTemplateFileName: 'fake.xlsx',
      blobNameWithPath: garbage,
    });
    expect(notWorkbook.status).toBe(400);
    expect(notWorkbook.body.errors.excelTemplateFileName).toEqual([
      'File is the wrong type; it must be .xlsx',
    ]);
    expect(
      (await (await t.as('clerkA')).patch(url, { excelTemplateFileName: null, blobNameWithPath: null }))
        .status,
    ).toBe(403);
  });

  it("fills a copy of the template with a submission's answers (read back cell by cell)", async () => {
    const manager = await t.as('manager');
    const periodId = await newPeriod(t);
    const view = await startDraft(await t.as('clerkA'), await pageFor(t, periodId), {
      headcount: 120,
      vacancies: 4,
      covidRelated: 'yes',
      comments: 'Two wards short',
    });
    const [form] = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body;
    const url = `/v1/api/Collection/${demoId}/Form/${form.id}/ExcelTemplate/Populate`;

    const off = await raw('clerkA', 'POST', url, { submissionId: view.submissionId });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('feature_disabled');
    await manager.patch(`/v1/api/Collection/${demoId}/IsExcelTemplateEnabled`, {
      isExcelTemplateEnabled: true,
    });

    for (const persona of ['clerkA', 'manager'] as const) {
      const res = await raw(persona, 'POST', url, { submissionId: view.submissionId });
      expect(res.statusCode, persona).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="Monthly workforce return RJ1 Test \d+\.xlsx"$/,
      );
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Return') as ExcelJS.Worksheet;
      expect(sheet.getCell('A1').value).toBe('Monthly workforce return');
      expect(sheet.getCell('B2').value).toBe(120);
      expect(sheet.getCell('B3').value).toBe(4);
      expect(sheet.getCell('B4').value).toBe('Yes');
      expect(sheet.getCell('B5').value).toBe('Two wards short');
      expect(sheet.getCell('B7').value).toBeNull();
      expect(wb.definedNames.getRanges('headcount').ranges).toEqual(['Return!$B$2']);
    }
    expect((await raw('clerkB', 'POST', url, { submissionId: view.submissionId })).statusCode).toBe(404);
    const otherCollection = await (await t.as('collectionAdmin')).post('/v1/api/Collection', {
      name: 'Other',
    });
    expect(
      (
        await raw(
          'superAdmin',
          'POST',
          `/v1/api/Collection/${otherCollection.body.id}/Form/${form.id}/ExcelTemplate/Populate`,
          {
            submissionId: view.submissionId,
          },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('reads a filled template back into answers with a report of each cell taken or refused (nothing saved)', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const url = `/v1/api/Submission/Prefill/Collection/${demoId}/ReportingPeriod/${periodId}/Organisation/${page.organisationId}`;
    const filled = await workbook(
      { ...templateNames, sicknessDays: 'B6' },
      { B2: '250', B3: 'many', B4: 'No', B5: { richText: [{ text: 'All ' }, { text: 'fine' }] }, B7: 'x' },
    );
    const res = await raw('clerkA', 'POST', url, filled, XLSX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      values: { headcount: 250, covidRelated: 'no', comments: 'All fine' },
      taken: [
        { cell: 'Return!B2', key: 'headcount', value: 250 },
        { cell: 'Return!B4', key: 'covidRelated', value: 'no' },
        { cell: 'Return!B5', key: 'comments', value: 'All fine' },
      ],
      refused: [
        { cell: 'Return!B3', key: 'vacancies', reason: 'Not a number' },
        { cell: 'Return!B7', reason: 'No question is called notAField' },
      ],
    });
    const saved = await t.database.db
      .selectFrom('submission')
      .select('id')
      .where('reportingPeriodId', '=', periodId)
      .execute();
    expect(saved).toEqual([]);

    expect((await raw('clerkB', 'POST', url, filled, XLSX)).statusCode).toBe(404);
    expect((await raw('manager', 'POST', url, filled, XLSX)).statusCode).toBe(403);
    const notXlsx = await raw('clerkA', 'POST', url, Buffer.from('plain text'), XLSX);
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().errors.file).toEqual(['File is the wrong type; it must be .xlsx']);

    await (await t.as('superAdmin')).put('/v1/api/FeatureFlag/EXCELTEMPLATE', { enabled: false });
    const flagOff = await raw('clerkA', 'POST', url, filled, XLSX);
    expect(flagOff.statusCode).toBe(409);
    expect(flagOff.json().code).toBe('feature_disabled');
  });
});
