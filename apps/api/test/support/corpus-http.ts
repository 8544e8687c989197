import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { type CorpusEntry, readCorpusDefinition } from '../../../../test-data/formio-corpus/index';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/platform/csrf';
import type { Client, TestApp } from '../harness';
import type { Page } from './submission-fixtures';
import { uploadTemplate } from './template-upload';

/**
 * For the corpus test through HTTP (corpus-http.test.ts): each corpus form's collection set up as a
 * manager does it, and its downloads.
 */

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A collection of the form's own, set up by the demo manager; returns the upload's response. */
export async function upload(t: TestApp, entry: CorpusEntry) {
  const manager = await t.as('manager');
  const collection = await manager.post('/v1/api/Collection', {
    name: `Corpus ${entry.name}`,
    period: 'financialYear',
    trustAuthorisation: 'notRequired',
    nhsiAuthorisation: 'notRequired',
  });
  expect(collection.status, JSON.stringify(collection.body)).toBe(201);
  const collectionId: number = collection.body.id;
  const definition = readCorpusDefinition(entry);
  if (definition.display === undefined) {
    // An upload must say how the form displays (product decisions, "Forms"); Form.io's default is a
    // single page, which is what the manager then says.
    const refusal = await manager.post(`/v1/api/Collection/${collectionId}/Form`, { definition });
    expect(refusal.status).toBe(400);
    expect(refusal.body.errors['definition.display']).toEqual([
      "The form definition's display must be form or wizard",
    ]);
  }
  const form = await manager.post(`/v1/api/Collection/${collectionId}/Form`, {
    definition: { ...definition, display: entry.display },
  });
  return { manager, collectionId, form };
}

/** Publishes the collection with an open period and Guy's and St Thomas' as its recipient. */
export async function publish(
  t: TestApp,
  manager: Client,
  collectionId: number,
  organisationId: number,
): Promise<Page> {
  const now = Date.now();
  const period = await manager.post(`/v1/api/Collection/${collectionId}/ReportingPeriod`, {
    name: 'Corpus period',
    start: isoDay(now - 40 * DAY),
    end: isoDay(now - 10 * DAY),
    submissionsOpen: new Date(now - 5 * DAY).toISOString(),
    submissionsClose: new Date(now + 30 * DAY).toISOString(),
  });
  expect(period.status, JSON.stringify(period.body)).toBe(201);
  const recipients = await manager.put(`/v1/api/Collection/${collectionId}/Organisation/Bulk`, {
    add: [organisationId],
    remove: [],
  });
  expect(recipients.status, JSON.stringify(recipients.body)).toBe(200);
  const status = await manager.patch(`/v1/api/Collection/${collectionId}/Status`, { status: 'Published' });
  expect(status.status, JSON.stringify(status.body)).toBeLessThan(300);
  // The administrator makes the demo clerk a data entry clerk of the recipient for this collection.
  const role = await (await t.as('superAdmin')).put(`/v1/api/User/${await t.userId('clerkA')}/Role`, {
    scope: 'organisation',
    collectionId,
    organisationId,
    role: 'DataEntryClerk',
    granted: true,
  });
  expect(role.status, role.text).toBe(200);
  const periodId: number = period.body.id;
  return {
    collectionId,
    periodId,
    organisationId,
    url: `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Organisation/${organisationId}/Submission`,
  };
}

/** The bytes of a download, GET or POST (the harness client's body is text). */
export async function download(t: TestApp, client: Client, url: string, body?: object) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: { cookie, [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '' },
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.rawPayload;
}

/** The manager records an Excel template on the collection's form and switches templates on. */
export async function recordTemplate(t: TestApp, manager: Client, collectionId: number, bytes: Buffer) {
  const blobNameWithPath = await uploadTemplate(t, manager, collectionId, bytes, { folder: 'corpus' });
  const recorded = await manager.patch(`/v1/api/Collection/${collectionId}/Form/ExcelTemplate`, {
    excelTemplateFileName: 'template.xlsx',
    blobNameWithPath,
  });
  expect(recorded.status, recorded.text).toBe(200);
  const enabled = await manager.patch(`/v1/api/Collection/${collectionId}/IsExcelTemplateEnabled`, {
    isExcelTemplateEnabled: true,
  });
  expect(enabled.status, enabled.text).toBeLessThan(300);
  return recorded.body as { missedKeys: string[]; unknownNames: string[] };
}

export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The export's cells of one organisation's row, by column key (the 'Data dictionary' gives the keys). */
export async function exportRow(xlsx: Buffer, code: string): Promise<Map<string, unknown>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const [returns, dictionary] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
  const keys: string[] = [];
  dictionary.eachRow((row, n) => {
    if (n > 1) keys.push(String(row.getCell(1).value));
  });
  let cells = new Map<string, unknown>();
  returns.eachRow((row, n) => {
    if (n === 1 || row.getCell(1).value !== code) return;
    cells = new Map(keys.map((key, i) => [key, row.getCell(i + 1).value]));
  });
  return cells;
}
