import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  codeCarryingAnswers,
  codeCarryingDefinition,
  refusedProperties,
} from '@dcf/forms/testing/code-payloads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PersonaKey, useTestApp } from '../../../test/harness';
import {
  addDemoFormVersion,
  lock,
  newPeriod,
  pageFor,
  save,
  submit,
} from '../../../test/support/submission-fixtures';
import { uploadTemplate, XLSX } from '../../../test/support/template-upload';

/**
 * Form definitions are data, never code (decision 0014). A definition carrying JavaScript in every place
 * Form.io evaluates it, each payload writing a marker file and reading process.env.SESSION_SECRET:
 * the upload is refused naming every place, and a definition stored before the rule (put straight into
 * the database) goes through every server path that reads definitions or answers (draft save, submit,
 * PDF, Excel populate and prefill, CSV and XLSX exports, manager and submitter views) without any of
 * it running: no marker file, the secret in no response and nowhere in the saved return.
 */

const secret = `secret-${Math.random().toString(36).slice(2)}-must-never-leak`;
const markerDir = mkdtempSync(path.join(tmpdir(), 'dcf-no-code-'));
const previousSecret = process.env.SESSION_SECRET;

let collectionId: number;
let formId: number;
let periodId: number;

// The secret in this process's environment too, as the API's own would be, before the app starts.
beforeAll(() => {
  process.env.SESSION_SECRET = secret;
});
afterAll(() => {
  if (previousSecret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = previousSecret;
  rmSync(markerDir, { recursive: true, force: true });
});
const t = useTestApp({ SESSION_SECRET: secret, STORAGE_DRIVER: 'local' });

beforeAll(async () => {
  collectionId = await t.demoCollectionId();
  // Stored as a definition uploaded before the rule would have been: straight into the database.
  formId = await addDemoFormVersion(t, codeCarryingDefinition(markerDir));
  periodId = await newPeriod(t, { formId });
});

/** Nothing ran: no marker file was written. */
const expectNothingRan = () => expect(readdirSync(markerDir)).toEqual([]);
const expectNoSecret = (text: string | Buffer) => expect(Buffer.from(text).includes(secret)).toBe(false);

/** A raw request keeping the body's bytes (binary downloads), signed in as the persona. */
async function raw(
  persona: PersonaKey,
  method: 'GET' | 'POST',
  url: string,
  payload?: Buffer | object,
  type?: string,
) {
  const client = await t.as(persona);
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined
      ? {}
      : { payload: Buffer.isBuffer(payload) ? payload : JSON.stringify(payload) }),
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      ...(payload === undefined ? {} : { 'content-type': type ?? 'application/json' }),
    },
  });
  expectNoSecret(res.rawPayload);
  return res;
}

describe('custom JavaScript in a form definition never runs', () => {
  it('an upload carrying it is refused with a 400 naming every component and property, and nothing runs', async () => {
    const manager = await t.as('manager');
    const res = await manager.post(`/v1/api/Collection/${collectionId}/Form`, {
      definition: codeCarryingDefinition(markerDir),
    });
    expect(res.status).toBe(400);
    const messages: string[] = res.body.errors.definition;
    for (const property of refusedProperties)
      expect(
        messages.some((m) => m.includes(property)),
        `${property} in ${JSON.stringify(messages, null, 1)}`,
      ).toBe(true);
    expect(messages.some((m) => m.startsWith("'Calculated' (key 'calculated'), calculateValue: "))).toBe(
      true,
    );
    expect(res.body.additionalDetails).toMatch(/JSON Logic/);
    // A save of an existing version is checked the same way.
    const put = await manager.put(`/v1/api/Collection/${collectionId}/Form/${formId}`, {
      definition: codeCarryingDefinition(markerDir),
    });
    expect(put.status).toBe(400);
    expect(put.body.errors.definition).toEqual(messages);
    expectNothingRan();
  });

  it('a stored definition carrying it goes through saving, submitting, PDF, Excel, exports and views without running', async () => {
    const page = await pageFor(t, periodId);
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, page);
    const answers = codeCarryingAnswers(markerDir);

    // Draft save: the pattern fails (a type check), in our words; then a passing draft is saved.
    const refused = await save(clerk, view.submissionId, {
      content: answers,
      baseRevisionId: view.currentRevisionId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ reference: ['Reference must be in the correct format'] });
    // A draft is kept even while the form cannot be checked: only a submit needs every rule to run.
    expectNoSecret(refused.text);
    const draft = await save(clerk, view.submissionId, {
      content: { ...answers, reference: 'ABC' },
      baseRevisionId: view.currentRevisionId,
    });
    expect(draft.status, draft.text).toBe(201);
    expectNoSecret(draft.text);

    // Submit, by the organisation's authoriser: refused while the form's rules that use an operation
    // we do not support (`_invoke`) are there, naming each question and property (decision 0030).
    const authoriser = await t.as('authoriserA');
    await clerk.delete(`${page.url}/Lock`);
    const held = await lock(authoriser, page);
    const submitted = await submit(authoriser, view.submissionId, {
      content: { ...answers, reference: 'ABC' },
      baseRevisionId: held.currentRevisionId,
    });
    expect(submitted.status, submitted.text).toBe(400);
    expect(submitted.body.errors.form).toEqual([
      expect.stringMatching(/^This form cannot be checked: the rule in 'Reference' \(validate\.json\)/),
      expect.stringMatching(
        /^This form cannot be checked: the rule in 'JSON condition' \(conditional\.json\)/,
      ),
    ]);
    expectNoSecret(submitted.text);

    // What was saved: the form's own keys, the answers as typed (nothing calculated by code).
    const revisions = await t.database.db
      .selectFrom('submissionRevision')
      .select('content')
      .where('submissionId', '=', view.submissionId)
      .execute();
    expect(revisions).toHaveLength(1);
    for (const { content } of revisions) {
      expectNoSecret(JSON.stringify(content));
      expect(content).not.toHaveProperty('code');
      expect(content).toMatchObject({ calculated: 'typed', conditional: 'shown', reference: 'ABC' });
    }

    // PDF.
    const pdf = await raw('manager', 'GET', `/v1/api/Submission/${view.submissionId}/Pdf`);
    expect(pdf.statusCode).toBe(200);

    // Excel: a template on this form version, populated with the return, and a filled one read back.
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Return');
    wb.definedNames.add('Return!$B$2', 'calculated');
    wb.definedNames.add('Return!$B$3', 'reference');
    sheet.getCell('B2').value = 'from excel';
    sheet.getCell('B3').value = 'XYZ';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const manager = await t.as('manager');
    const blobNameWithPath = await uploadTemplate(t, manager, collectionId, bytes, { folder: 'code' });
    expect(
      (
        await manager.patch(`/v1/api/Collection/${collectionId}/Form/ExcelTemplate`, {
          excelTemplateFileName: 't.xlsx',
          blobNameWithPath,
        })
      ).status,
    ).toBe(200);
    await manager.patch(`/v1/api/Collection/${collectionId}/IsExcelTemplateEnabled`, {
      isExcelTemplateEnabled: true,
    });
    const populated = await raw(
      'manager',
      'POST',
      `/v1/api/Collection/${collectionId}/Form/${formId}/ExcelTemplate/Populate`,
      {
        submissionId: view.submissionId,
      },
    );
    expect(populated.statusCode, populated.body).toBe(200);
    const prefill = await raw(
      'clerkA',
      'POST',
      `/v1/api/Submission/Prefill/Collection/${collectionId}/ReportingPeriod/${periodId}/Organisation/${page.organisationId}`,
      bytes,
      XLSX,
    );
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json().values).toEqual({ calculated: 'from excel', reference: 'XYZ' });

    // Exports (period and whole collection, CSV and XLSX) and the views that read returns.
    for (const url of [
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=csv`,
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=xlsx`,
      `/v1/api/Collection/${collectionId}/Export?format=csv`,
      `/v1/api/Collection/${collectionId}/Export?format=xlsx`,
      `/v1/api/View/Manager/ReportingPeriod/${periodId}/Submission`,
      `/v1/api/View/Manager/ReportingPeriod/${periodId}/NonSubmitters`,
      `/v1/api/View/Manager/Home`,
      `/v1/api/View/Manager/Home/Collection/${collectionId}`,
      `/v1/api/View/Manager/Collection/${collectionId}/Organisation/${page.organisationId}/History`,
      `/v1/api/Collection/${collectionId}/Form/${formId}`,
      `${page.url}`,
    ]) {
      const res = await raw('manager', 'GET', url);
      expect(res.statusCode, url).toBe(200);
    }
    const home = await raw(
      'clerkA',
      'GET',
      `/v1/api/View/Submitter/Home/Collection/${collectionId}/Organisation/${page.organisationId}`,
    );
    expect(home.statusCode).toBe(200);

    expectNothingRan();
    expect(process.env.SESSION_SECRET).toBe(secret);
  }, 180_000);
});
