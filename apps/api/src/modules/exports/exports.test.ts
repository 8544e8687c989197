import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import {
  addRecipients,
  insertCollection,
  insertForm,
  insertPeriod,
  insertReturn,
  userIdByEmail,
} from '../../../test/support/returns-fixture';
import { SESSION_COOKIE } from '../../platform/sessions';
import { refuseWhatExcelCannotHold } from './service';

/** Version 1 of the form: a question version 2 dropped (its answers must stay in the export). */
const formV1 = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'page1',
      input: false,
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        { type: 'textfield', key: 'oldField', label: 'Old question', input: true },
      ],
    },
  ],
};

/** Version 2: a wizard with columns, a data grid, a container and select boxes. */
const formV2 = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      input: false,
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        {
          type: 'columns',
          key: 'cols',
          input: false,
          columns: [{ components: [{ type: 'number', key: 'vacancies', label: 'Vacancies', input: true }] }],
        },
        {
          type: 'datagrid',
          key: 'staff',
          label: 'Staff',
          input: true,
          components: [
            { type: 'textfield', key: 'grade', label: 'Grade', input: true },
            { type: 'number', key: 'fte', label: 'FTE', input: true },
          ],
        },
      ],
    },
    {
      type: 'panel',
      key: 'about',
      input: false,
      components: [
        {
          type: 'container',
          key: 'site',
          input: true,
          components: [{ type: 'textfield', key: 'postcode', label: 'Postcode', input: true }],
        },
        {
          type: 'selectboxes',
          key: 'services',
          label: 'Services',
          input: true,
          values: [
            { label: 'X-ray', value: 'xray' },
            { label: 'MRI', value: 'mri' },
          ],
        },
        { type: 'textarea', key: 'notes', label: 'Notes', input: true },
        // A key with an underscore: answers must keep their keys exactly as the form names them.
        { type: 'number', key: 'q1_total', label: 'Total', input: true },
        { type: 'datetime', key: 'visitedAt', label: 'Visited at', input: true },
        { type: 'day', key: 'openedOn', label: 'Opened on', input: true },
        { type: 'button', key: 'submit', action: 'submit', input: true },
      ],
    },
  ],
};

const NOTES = '=SUM(A1)\nsecond line, "quoted"';

let admin: Client;
let collectionId: number;
let periodId: number;
const orgs: { id: number; code: string; name: string }[] = [];

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  admin = await t.as('collectionAdmin');
  const clerk = await userIdByEmail(db, 'clerk.a@dcf.example');
  collectionId = await insertCollection(db, { name: 'Export test' });
  const v1 = await insertForm(db, collectionId, 1, formV1);
  const v2 = await insertForm(db, collectionId, 2, formV2);
  periodId = await insertPeriod(db, {
    collectionId,
    formId: v2,
    name: 'January 2026',
    open: new Date('2026-02-01T00:00:00Z'),
    close: new Date('2026-02-21T00:00:00Z'),
  });
  orgs.push(
    ...(await db
      .selectFrom('organisation')
      .select(['id', 'code', 'name'])
      .where('isManagementOrg', '=', false)
      .orderBy('code')
      .limit(4)
      .execute()),
  );
  const [a, b, c, d] = orgs as [(typeof orgs)[0], (typeof orgs)[0], (typeof orgs)[0], (typeof orgs)[0]];
  await addRecipients(
    db,
    collectionId,
    orgs.map((o) => o.id),
  );
  const base = { collectionId, periodId, userId: clerk };
  await insertReturn(db, {
    ...base,
    organisationId: a.id,
    formId: v1,
    status: 'completed',
    content: { headcount: 10, oldField: 'kept' },
    at: new Date('2026-02-10T09:30:00Z'),
  });
  await insertReturn(db, {
    ...base,
    organisationId: b.id,
    formId: v2,
    status: 'completed',
    content: {
      headcount: 5,
      vacancies: 0,
      staff: [
        { grade: 'Band 5', fte: 1 },
        { grade: 'Band 6', fte: 0.5 },
      ],
      site: { postcode: 'CB2 0QQ' },
      services: { xray: true, mri: false },
      notes: NOTES,
      q1_total: 7,
      visitedAt: '2026-06-10T08:30:00.000Z',
      // Form.io's day answer, month first: 3 December 2026.
      openedOn: '12/03/2026',
    },
    at: new Date('2026-02-20T23:59:00Z'),
  });
  await insertReturn(db, {
    ...base,
    organisationId: c.id,
    formId: v2,
    status: 'draft',
    content: { headcount: 99 },
  });
  void d;
}, 60_000);

/** The database's text order (C collation on both engines for these upper-case names). */
const byName = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byCode = (x: unknown[], y: unknown[]) => byName(String(x[0]), String(y[0]));

async function download(client: Client, url: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` },
  });
  return response;
}

/** The first header row: what a person reads (the questions' labels). */
const labels = [
  'Organisation code',
  'Organisation name',
  'Reporting period',
  'Status',
  'Submitted by',
  'Submitted at',
  'Form version',
  'Headcount',
  'Vacancies',
  'Staff (row 1): Grade',
  'Staff (row 1): FTE',
  'Staff (row 2): Grade',
  'Staff (row 2): FTE',
  'Postcode',
  'Services: X-ray',
  'Services: MRI',
  'Notes',
  'Total',
  'Visited at',
  'Opened on',
  'Old question',
];

/** The CSV's second header row: the keys (data paths), stable whatever the labels say. */
const keys = [
  'organisationCode',
  'organisationName',
  'reportingPeriod',
  'status',
  'submittedBy',
  'submittedAt',
  'formVersion',
  'headcount',
  'vacancies',
  'staff[0].grade',
  'staff[0].fte',
  'staff[1].grade',
  'staff[1].fte',
  'site.postcode',
  'services.xray',
  'services.mri',
  'notes',
  'q1_total',
  'visitedAt',
  'openedOn',
  'oldField',
];

/** The expected rows (in organisation code order: the export's name order is compared separately). */
function expectedRows() {
  const [a, b, c, d] = orgs as [(typeof orgs)[0], (typeof orgs)[0], (typeof orgs)[0], (typeof orgs)[0]];
  const blank = (n: number) => Array<null>(n).fill(null);
  const rows = [
    [
      a.code,
      a.name,
      'January 2026',
      'Completed',
      'Chris Clerk',
      '2026-02-10 09:30:00',
      1,
      10,
      ...blank(12),
      'kept',
    ],
    [
      b.code,
      b.name,
      'January 2026',
      'Completed',
      'Chris Clerk',
      '2026-02-20 23:59:00',
      2,
      5,
      0,
      'Band 5',
      1,
      'Band 6',
      0.5,
      'CB2 0QQ',
      true,
      false,
      NOTES,
      7,
      // An instant answer in London time (summer time here: UTC+1), as Submitted at.
      '2026-06-10 09:30:00',
      // A whole day as yyyy-MM-dd, as every date of an export.
      '2026-12-03',
      null,
    ],
    // Statuses in the monitoring screens' words.
    [c.code, c.name, 'January 2026', 'Missed', null, null, 2, ...blank(14)],
    [d.code, d.name, 'January 2026', 'Missed', null, null, null, ...blank(14)],
  ];
  return rows;
}

describe('GET /Collection/{id}/ReportingPeriod/{periodId}/Export', () => {
  it('streams CSV: one row per organisation, one column per answer in form order, cell by cell', async () => {
    const response = await download(
      admin,
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=csv`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('Export-test-January-2026.csv');
    expect(response.headers['x-export-rows']).toBe('4');
    const records: string[][] = parse(response.body, { bom: true, relax_column_count: false });
    expect(records[0]).toEqual(labels);
    expect(records[1]).toEqual(keys);
    // Text that would run as a formula is defused with an apostrophe; empty cells are empty.
    const asText = (cell: unknown) => (cell === null ? '' : cell === NOTES ? `'${NOTES}` : String(cell));
    const rows = records.slice(2);
    expect(rows.map((r) => r[1])).toEqual(orgs.map((o) => o.name).sort(byName));
    expect(rows.sort(byCode)).toEqual(expectedRows().map((row) => row.map(asText)));
  });

  it('streams XLSX headed by labels, the same cells typed, and a data dictionary sheet', async () => {
    const response = await download(
      admin,
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=xlsx`,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['January 2026', 'Data dictionary']);
    const sheet = workbook.worksheets[0]!;
    const read = (from: typeof sheet, rowNumber: number, width: number) =>
      Array.from({ length: width }, (_, i) => {
        const v = from.getRow(rowNumber).getCell(i + 1).value;
        return v === undefined ? null : v;
      });
    expect(read(sheet, 1, labels.length)).toEqual(labels);
    // Dates and times are Excel dates (exceljs reads them as the wall-clock time in UTC); the rest as the CSV.
    const dateColumns = ['Submitted at', 'Visited at', 'Opened on'].map((label) => labels.indexOf(label));
    const asExcel = (row: unknown[]) =>
      row.map((cell, i) =>
        dateColumns.includes(i) && typeof cell === 'string' ? new Date(`${cell.replace(' ', 'T')}Z`) : cell,
      );
    expect([2, 3, 4, 5].map((r) => read(sheet, r, labels.length)).sort(byCode)).toEqual(
      expectedRows().map(asExcel),
    );
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getCell(`${sheet.getColumn(dateColumns[0]! + 1).letter}2`).numFmt).toBe(
      'd mmmm yyyy, hh:mm',
    );
    expect(sheet.getColumn(labels.indexOf('Opened on') + 1).width).toBeGreaterThanOrEqual(17);
    // The header row frozen and bold, a filter over every row.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(labels.length).letter}5`);

    const dictionary = workbook.worksheets[1]!;
    expect(dictionary.rowCount).toBe(1 + keys.length);
    expect(read(dictionary, 1, 5)).toEqual(['Key', 'Label', 'Type', 'Page', 'Options']);
    const entry = (key: string) => read(dictionary, 2 + keys.indexOf(key), 5);
    expect(entry('status')).toEqual([
      'status',
      'Status',
      'text',
      null,
      'Not yet required; Not started; Draft; Completed; Missed',
    ]);
    expect(entry('staff[1].fte')).toEqual(['staff[1].fte', 'Staff (row 2): FTE', 'number', 'Staffing', null]);
    expect(entry('services.mri')).toEqual([
      'services.mri',
      'Services: MRI',
      'selectboxes',
      'about',
      'xray = X-ray; mri = MRI',
    ]);
    expect(entry('oldField')).toEqual(['oldField', 'Old question', 'textfield', 'page1', null]);
  });

  it('exports a whole collection: every period in turn', async () => {
    const response = await download(admin, `/v1/api/Collection/${collectionId}/Export?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Export-test-all-periods.csv');
    const records: string[][] = parse(response.body, { bom: true });
    expect(records).toHaveLength(6);
    expect(records[0]).toEqual(labels);
    expect(records[1]).toEqual(keys);
  });

  it('writes who exported what to the audit log', async () => {
    const entry = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'export.download')
      .where('collectionId', '=', collectionId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.entityType).toBe('collection');
    expect(entry.after).toMatchObject({ format: 'csv', rows: 4, columns: 14 });
  });

  it('refuses an unknown format (400), a period of another collection (404), and callers without the right', async () => {
    const bad = await admin.get(
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=pdf`,
    );
    expect(bad.status).toBe(400);
    const demo = await t.demoCollectionId();
    const other = await admin.get(`/v1/api/Collection/${demo}/ReportingPeriod/${periodId}/Export?format=csv`);
    expect(other.status).toBe(404);
    // The demo manager manages another collection: this one is hidden from them; a clerk is refused.
    const manager = await t.as('manager');
    expect((await manager.get(`/v1/api/Collection/${collectionId}/Export?format=csv`)).status).toBe(404);
    const clerk = await t.as('clerkA');
    expect((await clerk.get(`/v1/api/Collection/${demo}/Export?format=csv`)).status).toBe(403);
  });
});

describe("Excel's limits", () => {
  it('refuses an XLSX wider than an Excel sheet (409, saying so and offering CSV); the CSV has every column', async () => {
    const db = t.database.db;
    // 16,400 questions and the 7 fixed columns: 16,407 columns, 23 more than a sheet holds.
    const wide = await insertCollection(db, { name: 'Wide export' });
    const form = await insertForm(db, wide, 1, {
      display: 'form',
      components: Array.from({ length: 16_400 }, (_, i) => ({
        type: 'textfield',
        key: `q${i}`,
        label: `Question ${i}`,
        input: true,
      })),
    });
    const period = await insertPeriod(db, {
      collectionId: wide,
      formId: form,
      name: 'March 2026',
      open: new Date('2026-03-01T00:00:00Z'),
      close: new Date('2026-03-21T00:00:00Z'),
    });
    await addRecipients(db, wide, [orgs[0]!.id]);
    const url = `/v1/api/Collection/${wide}/ReportingPeriod/${period}/Export`;
    const xlsx = await admin.get(`${url}?format=xlsx`);
    expect(xlsx.status).toBe(409);
    expect(xlsx.body).toMatchObject({
      code: 'too_large_for_excel',
      title:
        'This export has 16,407 columns, more than the 16,384 an Excel sheet can hold. Download it as CSV instead',
    });
    const csv = await download(admin, `${url}?format=csv`);
    expect(csv.statusCode).toBe(200);
    const records: string[][] = parse(csv.body, { bom: true });
    expect(records[0]).toHaveLength(16_407);
  }, 120_000);

  it('refuses more rows than a sheet holds under its headings, and takes the most it holds', () => {
    expect(() => refuseWhatExcelCannotHold(16_384, 1_048_575)).not.toThrow();
    expect(() => refuseWhatExcelCannotHold(107, 1_048_576)).toThrow(
      'This export has 1,048,576 rows, more than the 1,048,575 an Excel sheet can hold under its headings. Download it as CSV instead',
    );
  });
});
