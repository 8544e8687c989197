import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  evaluateForm,
  type FormComponent,
  type FormDefinition,
  formatAnswer,
  mapChildren,
  stripDefinition,
  walkAnswers,
} from '@dcf/forms';
import { pruneAnswers } from '@dcf/forms/engine/answers-data';
import { answerSets, formioVerdict, intendedDifferences } from '@dcf/forms/testing/answer-sets';
import type { Component } from '@formio/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorpusEntry, corpus, readCorpusDefinition } from '../../../../../test-data/formio-corpus/index';
import { type Client, startTestApp, type TestApp } from '../../../test/harness';
import { CSRF_COOKIE, CSRF_HEADER } from '../../platform/csrf';
import { templateForForm } from '../excel/testing/template-for-form';
import { pdfText } from '../pdf/testing/pdf-text';
import { lock, type Page, save } from '../submissions/testing/fixtures';

/**
 * The corpus of real Form.io forms (test-data/formio-corpus) through real HTTP as real personas
 * (issue #12, item 6; decision 0016): a manager uploads each form to a collection of its own, which is
 * accepted with its JavaScript converted (and the conversions listed) or refused with a 400 naming each
 * component and property; an accepted form is published with a period and a recipient, a clerk saves the
 * sample answers as a draft, every wrong answer set is refused with the verdict Form.io's own engine
 * gives, the sample is submitted with the declaration, and the PDF and the XLSX export show every answer.
 */

/**
 * The forms the upload refuses, and the properties named (indices left out), as the corpus README's
 * "What an upload does with it" says: JavaScript that cannot be JSON Logic, options fetched from a URL
 * or a resource, moment.js dates, template code in content, logic actions that set a value by code.
 */
const refused: Record<string, string[]> = {
  wizard: ['dataSrc'],
  'inline-embed-form-portal': ['content', 'customDefaultValue'],
  'ny-health-validation-rules': [
    'calculateValue',
    'datePicker.maxDate',
    'datePicker.minDate',
    'widget.maxDate',
    'widget.minDate',
  ],
  'inline-embed': ['content'],
  'other-form': ['customDefaultValue'],
  checkout: ['calculateValue', 'dataSrc', 'fetch.url'],
  'logic-javascript-value': ['logic.actions.value'],
  'logic-simple-triggers': ['logic.actions.value'],
  'logic-result-variable': ['logic.actions.value', 'logic.trigger.javascript'],
  'bc-overtime-timesheet': ['calculateValue'],
};

/**
 * A valid return where the generated sample is not one: the forms whose own rules ask for one exact
 * text (their validation says which). Their sample is then one more wrong answer set.
 */
const validAnswers: Record<string, Record<string, unknown>> = {
  'custom-validation': { customValidation: '123' },
  'json-logic-validation': { jsonLogic: '123' },
  'json-logic-conditions': { typeShow: 'Show', typeMe: 'Me', typeThe: 'The', typeMonkey: 'Monkey!' },
};

/** `'Label' (key 'k'), property: why` or `Component 3 (a panel), property: why`. */
const PROBLEM = /^(?:'[^']+'(?: \(key '[^']+'\))?|Component \S+(?: \(a [^)]+\))?|The form), ([\w.[\]]+): \S/;
const withoutIndices = (property: string) => property.replace(/\[\d+\]/g, '');

let t: TestApp;
let organisationId: number;
let blobDir: string;
beforeAll(async () => {
  blobDir = await mkdtemp(path.join(tmpdir(), 'dcf-corpus-'));
  t = await startTestApp({ STORAGE_DRIVER: 'local', STORAGE_LOCAL_DIR: blobDir });
  organisationId = await t.organisationId('RJ1');
});
afterAll(async () => {
  await t.close();
  await rm(blobDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A collection of the form's own, set up by the demo manager; returns the upload's response. */
async function upload(entry: CorpusEntry) {
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
async function publish(manager: Client, collectionId: number): Promise<Page> {
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
async function download(client: Client, url: string, body?: object) {
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The manager records an Excel template on the collection's form and switches templates on. */
async function recordTemplate(manager: Client, collectionId: number, bytes: Buffer) {
  const blobNameWithPath = `${collectionId}/FORMTEMPLATE/corpus/template.xlsx`;
  const token = await manager.post(
    `/v1/api/Storage/StorageTokensForUpload/Collection/${collectionId}/Organisation`,
    [{ blobNameWithPath, fileSizeInMb: 1, isFormTemplate: true }],
  );
  expect(token.status, token.text).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: token.body[0].url,
    payload: bytes,
    headers: { 'content-type': XLSX },
  });
  expect(put.statusCode).toBe(201);
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

/**
 * Every answer given, at any depth, that a person sees: its path, question and text. Left out: what
 * the form's conditions hide (the engine says), and what sits in a component the form itself hides
 * (`hidden: true`, never shown to the person filling it in).
 */
function givenAnswers(definition: FormDefinition, content: Record<string, unknown>) {
  const { hidden } = evaluateForm(definition, content, 'draft');
  const isHidden = (path: string) =>
    [...hidden].some((h) => path === h || path.startsWith(`${h}.`) || path.startsWith(`${h}[`));
  const shown = (list: FormComponent[]): FormComponent[] =>
    list.filter((c) => c.hidden !== true).map((c) => mapChildren(c, shown));
  const answers: { path: string; component: FormComponent; value: unknown; text: string }[] = [];
  walkAnswers(shown(definition.components), content, ({ component, value, path }) => {
    if (value === undefined || value === null || value === '' || isHidden(path)) return;
    answers.push({ path, component, value, text: formatAnswer(component, value) });
  });
  return answers;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The export's cells of one organisation's row, by column key (the 'Data dictionary' gives the keys). */
async function exportRow(xlsx: Buffer, code: string): Promise<Map<string, unknown>> {
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

describe('the corpus through HTTP', () => {
  it.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s',
    async (name, entry) => {
      const { manager, collectionId, form } = await upload(entry);

      // The upload: refused naming each component and property, or accepted with its JavaScript converted.
      const expectedRefusal = refused[name];
      if (expectedRefusal) {
        expect(form.status, JSON.stringify(form.body)).toBe(400);
        const problems: string[] = form.body.errors.definition;
        for (const problem of problems) expect(problem, name).toMatch(PROBLEM);
        const named = new Set(problems.map((p) => withoutIndices(PROBLEM.exec(p)?.[1] ?? '')));
        expect([...named].sort()).toEqual(expectedRefusal);
        return;
      }
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      const converted = new Set(
        (form.body.conversions as { property: string }[]).map((c) => withoutIndices(c.property)),
      );
      for (const property of entry.customJavaScript) expect(converted, property).toContain(property);
      const stored = form.body.definition as FormDefinition;
      const components = stripDefinition(stored).components as Component[] & FormComponent[];

      const page = await publish(manager, collectionId);
      const clerk = await t.as('clerkA');
      const view = await lock(clerk, page);
      const sets = answerSets(components);
      const sample = sets.find(([set]) => set === 'sample')?.[1] as Record<string, unknown>;

      // A draft of the sample answers.
      const draft = await save(clerk, view.submissionId, {
        content: sample,
        baseRevisionId: view.currentRevisionId,
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      let base: number = draft.body.currentRevisionId;

      // Every wrong answer set gets Form.io's own verdict, field by field (the valid return goes last).
      const valid = validAnswers[name] ?? sample;
      expect(await formioVerdict(components, pruneAnswers(components, valid))).toEqual([]);
      const differences: string[] = [];
      for (const [set, answers] of sets) {
        if (answers === valid) continue;
        const theirs = await formioVerdict(components, pruneAnswers(components, answers));
        const res = await save(clerk, view.submissionId, {
          content: answers,
          status: 'completed',
          declaration: true,
          baseRevisionId: base,
        });
        expect([201, 400], JSON.stringify(res.body)).toContain(res.status);
        const ours = res.status === 201 ? [] : Object.keys(res.body.errors).sort();
        if (res.status === 201) base = res.body.currentRevisionId;
        if (JSON.stringify(ours) !== JSON.stringify(theirs) && !intendedDifferences[`${name} / ${set}`])
          differences.push(`${set}: ours ${JSON.stringify(ours)}, Form.io ${JSON.stringify(theirs)}`);
      }
      expect(differences).toEqual([]);

      // A valid return is submitted with the declaration.
      const submitted = await save(clerk, view.submissionId, {
        content: valid,
        status: 'completed',
        declaration: true,
        baseRevisionId: base,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      expect(submitted.body.status).toBe('completed');
      const content = JSON.parse(submitted.body.content) as Record<string, unknown>;
      const given = givenAnswers(stored, content);

      // The PDF prints every answer in form order (so none at any depth reads "Not answered", even where
      // many answers have the same words), each word unbroken.
      const pdf = squash(pdfText(await download(clerk, `/v1/api/Submission/${view.submissionId}/Pdf`)));
      let from = 0;
      for (const answer of given) {
        const at = pdf.indexOf(squash(answer.text), from);
        expect(at, `${answer.path} = ${answer.text} after ${pdf.slice(from - 40, from)}`).toBeGreaterThan(-1);
        from = at + squash(answer.text).length;
      }

      // The XLSX export has every answer in the column named by its data path.
      const row = await exportRow(
        await download(
          manager,
          `/v1/api/Collection/${collectionId}/ReportingPeriod/${page.periodId}/Export?format=xlsx`,
        ),
        'RJ1',
      );
      for (const answer of given) {
        // Select boxes and surveys have a column per option or question (`services.xray`).
        if (answer.component.type === 'selectboxes' || answer.component.type === 'survey') {
          for (const [part, given] of Object.entries(answer.value as Record<string, unknown>))
            expect(row.get(`${answer.path}.${part}`), `${answer.path}.${part}`).toBe(given);
          continue;
        }
        const cell = row.get(answer.path);
        expect(cell, `${answer.path} in ${[...row.keys()].join(', ')}`).not.toBeNull();
        expect(cell, answer.path).not.toBeUndefined();
        expect(cell, answer.path).not.toBe('');
      }

      // Excel Populate fills every answer into a template naming every question and grid (decision 0023).
      const { bytes, expected } = await templateForForm(stored, content);
      const filled = new Set(expected.map((cell) => cell.path));
      for (const answer of given) expect(filled, answer.path).toContain(answer.path);
      const coverage = await recordTemplate(manager, collectionId, bytes);
      expect(coverage).toMatchObject({ missedKeys: [], unknownNames: [] });
      const populated = new ExcelJS.Workbook();
      await populated.xlsx.load(
        (await download(
          clerk,
          `/v1/api/Collection/${collectionId}/Form/${form.body.id}/ExcelTemplate/Populate`,
          {
            submissionId: view.submissionId,
          },
        )) as unknown as ArrayBuffer,
      );
      for (const cell of expected)
        expect(populated.getWorksheet(cell.sheet)?.getCell(cell.row, cell.column).value, cell.path).toEqual(
          cell.value,
        );
    },
    120_000,
  );
});
