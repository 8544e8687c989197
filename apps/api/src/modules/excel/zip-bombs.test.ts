import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { newPeriod, pageFor, startDraft } from '../../../test/support/submission-fixtures';
import { uploadTemplate, XLSX } from '../../../test/support/template-upload';
import { headersDisagree, honestBomb, lyingBomb, manyParts } from '../../../test/support/zip-bombs';

// Zip-bomb workbooks through both upload routes (decision 0032): the manager's template (uploaded to
// storage, then recorded) and the clerk's Excel prefill (the body itself). Each is answered 413 with the
// code file_too_large_unpacked before exceljs opens it, and the process does not keep the memory.

let demoId: number;
let workbook: Buffer;
const MB = 1024 * 1024;

const t = useTestApp({ STORAGE_DRIVER: 'local' });
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Return').getCell('A1').value = 'Monthly workforce return';
  wb.definedNames.add('Return!$B$2', 'headcount');
  workbook = Buffer.from(await wb.xlsx.writeBuffer());
  await (await t.as('manager')).patch(`/v1/api/Collection/${demoId}/IsExcelTemplateEnabled`, {
    isExcelTemplateEnabled: true,
  });
});

const bombs = () => ({
  'a part declared as 1 GB': honestBomb(workbook),
  'a part that lies about its size (1 KB declared, 1 GB inside)': lyingBomb(workbook),
  'a local header that disagrees with the central directory': headersDisagree(workbook),
  '50,000 parts': manyParts(workbook),
});

/** Uploads bytes as the manager does, the token sized for them. */
const uploadBomb = async (bytes: Buffer) =>
  uploadTemplate(t, await t.as('manager'), demoId, bytes, {
    name: 'bomb.xlsx',
    fileSizeInMb: Math.ceil(bytes.length / MB) + 1,
  });

const rssMb = () => Math.round(process.memoryUsage().rss / MB);

describe('zip-bomb workbooks', () => {
  it('the template route refuses each with 413 before opening it, and the memory is not kept', async () => {
    const manager = await t.as('manager');
    // The bombs are built before measuring: their own buffers are not what the route may keep.
    const all = Object.entries(bombs());
    const before = rssMb();
    for (const [what, bytes] of all) {
      const res = await manager.patch(`/v1/api/Collection/${demoId}/Form/ExcelTemplate`, {
        excelTemplateFileName: 'Template.xlsx',
        blobNameWithPath: await uploadBomb(bytes),
      });
      expect(res.status, what).toBe(413);
      expect(res.body.code, what).toBe('file_too_large_unpacked');
      expect(res.body.title).toBe('The file is too large once opened');
      expect(res.body.detail, what).toMatch(/^The (part|file)/);
    }
    // An honest bomb opened by exceljs cost ~1 GB that was never given back; here nothing is inflated.
    expect(rssMb() - before).toBeLessThan(300);
    expect((await manager.get(`/v1/api/Collection/${demoId}/Form/ExcelTemplate`)).body.formId).toBeNull();
  });

  it('the prefill route refuses each with 413, and the clerk can still prefill a real workbook', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const url = `/v1/api/Submission/Prefill/Collection/${demoId}/ReportingPeriod/${periodId}/Organisation/${page.organisationId}`;
    const clerk = await t.as('clerkA');
    const send = (bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: bytes,
        headers: {
          cookie: [...clerk.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': clerk.cookies.get('XSRF-TOKEN') ?? '',
          'content-type': XLSX,
        },
      });
    const all = Object.entries(bombs());
    const before = rssMb();
    for (const [what, bytes] of all) {
      const res = await send(bytes);
      expect(res.statusCode, what).toBe(413);
      expect(res.json().code, what).toBe('file_too_large_unpacked');
    }
    expect(rssMb() - before).toBeLessThan(300);
    const fine = await send(workbook);
    expect(fine.statusCode).toBe(200);
    expect(fine.json().refused).toEqual([]);
  });

  it('a template recorded before files were measured is measured when it is filled in', async () => {
    const blobPath = await uploadBomb(honestBomb(workbook));
    const [form] = (await (await t.as('manager')).get(`/v1/api/Collection/${demoId}/Form`)).body;
    await t.database.db
      .updateTable('form')
      .set({ excelTemplateFileName: 'Old.xlsx', excelTemplateFileSize: 1, excelTemplateBlobPath: blobPath })
      .where('id', '=', form.id)
      .execute();
    const periodId = await newPeriod(t);
    const view = await startDraft(await t.as('clerkA'), await pageFor(t, periodId), { headcount: 1 });
    const res = await (await t.as('manager')).post(
      `/v1/api/Collection/${demoId}/Form/${form.id}/ExcelTemplate/Populate`,
      { submissionId: view.submissionId },
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large_unpacked');
  });
});
