import {
  evaluateForm,
  type FormComponent,
  type FormDefinition,
  formatAnswer,
  stripDefinition,
  walkAnswers,
} from '@dcf/forms';
import { answerSets, formioVerdict, intendedDifferences } from '@dcf/forms/testing/answer-sets';
import type { Component } from '@formio/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, readCorpusDefinition } from '../../../../../test-data/formio-corpus/index';
import { startTestApp, type TestApp } from '../../../test/harness';
import { pdfText } from '../pdf/testing/pdf-text';
import { lock, pageFor, save } from '../submissions/testing/fixtures';

/**
 * Every real form of the corpus (test-data/formio-corpus) through HTTP, as people would use them: a
 * manager uploads it (JavaScript JSON Logic can say is converted; any other is refused with a 400
 * naming the component and property), then on each accepted form an authoriser saves and submits a
 * complete answer, every wrong answer set is refused with Form.io's own verdict (the same fields), and
 * the PDF and the XLSX export print every answer given, at any depth. One app, loops inside the tests.
 */

let t: TestApp;
let collectionId: number;
beforeAll(async () => {
  t = await startTestApp();
  collectionId = await t.demoCollectionId();
});
afterAll(() => t.close());

/**
 * Refused properties the corpus index does not list as JavaScript: options from a URL (never fetched),
 * and a date picker's limits written as a moment.js expression rather than a date.
 */
const notCodeRefusals = ['dataSrc', 'widget.minDate', 'widget.maxDate'];

interface Accepted {
  name: string;
  formId: number;
  definition: FormDefinition;
}
const accepted: Accepted[] = [];
let nextYear = 2400;

/** A period of the demo collection on this form version, open now. */
async function periodFor(formId: number): Promise<number> {
  const year = nextYear++;
  const now = Date.now();
  const row = await t.database.db
    .insertInto('reportingPeriod')
    .values({
      collectionId,
      formId,
      name: `Corpus ${year}`,
      start: `${year}-01-01`,
      end: `${year}-01-31`,
      submissionsOpen: new Date(now - 86_400_000),
      submissionsClose: new Date(now + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The raw bytes of a download (the harness client reads bodies as text). */
async function download(url: string) {
  const client = await t.as('manager');
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every answer given, at any depth: its data path, its question and the value. */
function givenAnswers(definition: FormDefinition, content: Record<string, unknown>) {
  const { hidden } = evaluateForm(definition, content, 'draft');
  const given: { path: string; component: FormComponent; value: unknown }[] = [];
  walkAnswers(definition.components, content, ({ component, path, value }) => {
    if (value === undefined || value === null || value === '' || hidden.has(path)) return;
    if (component.type === 'hidden' || component.type === 'signature') return;
    given.push({ path, component, value });
  });
  return given;
}

describe('the corpus through HTTP', () => {
  it('uploads every form: converted where JSON Logic can say it, refused naming component and property where not', async () => {
    const manager = await t.as('manager');
    const refused: string[] = [];
    for (const entry of corpus) {
      const res = await manager.post(`/v1/api/Collection/${collectionId}/Form`, {
        definition: readCorpusDefinition(entry),
      });
      if (res.status === 201) {
        accepted.push({ name: entry.name, formId: res.body.id, definition: res.body.definition });
        continue;
      }
      expect(res.status, `${entry.name}: ${res.text}`).toBe(400);
      // Every message names a component and the property: one the corpus records as JavaScript, or
      // options fetched from a URL (never fetched: decision 0014).
      const messages: string[] = res.body.errors.definition;
      expect(messages.length, entry.name).toBeGreaterThan(0);
      for (const message of messages) {
        const named = /^'[^']*' \(key '[^']+'\), ([\w.]+): /.exec(message);
        expect(named, `${entry.name}: ${message}`).not.toBeNull();
        const property = named?.[1] ?? '';
        const listed = [...entry.customJavaScript, ...notCodeRefusals].some(
          (p) => p === property || p.startsWith(`${property}.`),
        );
        expect(listed, `${entry.name}: ${message}`).toBe(true);
      }
      refused.push(entry.name);
    }
    expect(accepted.length + refused.length).toBe(corpus.length);
    expect(accepted.length).toBeGreaterThan(corpus.length / 2);
    console.info(`corpus through HTTP: ${accepted.length} accepted, refused: ${refused.join(', ')}`);
  });

  it("takes a valid submission of every accepted form and refuses each wrong answer set with Form.io's verdict; the PDF and the export print every answer", async () => {
    expect(accepted.length).toBeGreaterThan(0);
    const authoriser = await t.as('authoriserA');
    const problems: string[] = [];
    for (const form of accepted) {
      const definition = stripDefinition(form.definition) as FormDefinition;
      const components = definition.components as Component[] & FormComponent[];
      const page = await pageFor(t, await periodFor(form.formId));
      const view = await lock(authoriser, page);
      const submissionId: number = view.submissionId;
      const sets = answerSets(components);
      const sample = sets[0]?.[1] as Record<string, unknown>;

      // A complete answer (Form.io finds nothing wrong with it): saved as a draft first, as the form page does.
      const sampleVerdict = await formioVerdict(structuredClone(components), sample);
      if (sampleVerdict.length > 0) {
        problems.push(`${form.name}: the sample answer is not valid to Form.io: ${sampleVerdict.join(', ')}`);
        continue;
      }
      const draft = await save(authoriser, submissionId, { content: sample, baseRevisionId: null });
      if (draft.status !== 201) {
        problems.push(`${form.name}: draft ${draft.status} ${draft.text}`);
        continue;
      }
      let base: number = draft.body.currentRevisionId;

      // Every answer set submitted: the fields refused are the ones Form.io's engine refuses.
      for (const [set, answers] of sets) {
        const theirs = await formioVerdict(structuredClone(components), answers);
        const res = await save(authoriser, submissionId, {
          content: answers,
          status: 'completed',
          declaration: true,
          baseRevisionId: base,
        });
        const ours = res.status === 400 ? Object.keys(res.body.errors ?? {}).sort() : [];
        if (res.status === 201) base = res.body.currentRevisionId;
        else if (res.status !== 400) problems.push(`${form.name} / ${set}: ${res.status} ${res.text}`);
        if (JSON.stringify(ours) !== JSON.stringify(theirs) && !intendedDifferences[`${form.name} / ${set}`])
          problems.push(
            `${form.name} / ${set}: ours ${JSON.stringify(ours)}, Form.io ${JSON.stringify(theirs)}`,
          );
      }

      // The complete answer is the return: submitted last, then printed and exported.
      const final = await save(authoriser, submissionId, {
        content: sample,
        status: 'completed',
        declaration: true,
        baseRevisionId: base,
      });
      if (final.status !== 201) {
        problems.push(`${form.name}: the complete answer was refused: ${final.text}`);
        continue;
      }
      const stored = await t.database.db
        .selectFrom('submissionRevision')
        .select('content')
        .where('id', '=', final.body.currentRevisionId)
        .executeTakeFirstOrThrow();
      const given = givenAnswers(definition, stored.content);

      const pdf = squash(pdfText(await download(`/v1/api/Submission/${submissionId}/Pdf`)));
      for (const answer of given) {
        const printed = squash(formatAnswer(answer.component, answer.value));
        if (!pdf.includes(printed)) problems.push(`${form.name}: PDF lacks ${answer.path} = ${printed}`);
      }

      const workbook = new ExcelJS.Workbook();
      const exported = await download(
        `/v1/api/Collection/${collectionId}/ReportingPeriod/${page.periodId}/Export?format=xlsx`,
      );
      await workbook.xlsx.load(exported as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const headers = ((sheet?.getRow(1).values ?? []) as unknown[]).map((v) => String(v ?? ''));
      const codeColumn = headers.indexOf('Organisation code');
      let row: ExcelJS.Row | undefined;
      sheet?.eachRow((candidate) => {
        if (candidate.getCell(codeColumn).value === 'RJ1') row = candidate;
      });
      if (!row) problems.push(`${form.name}: no RJ1 row in the export`);
      for (const answer of given) {
        const options =
          answer.component.type === 'selectboxes' && typeof answer.value === 'object'
            ? Object.keys(answer.value as object).map((option) => `${answer.path}.${option}`)
            : [answer.path];
        for (const header of options) {
          const column = headers.indexOf(header);
          const cell = column > 0 ? row?.getCell(column).value : undefined;
          if (cell === undefined || cell === null || cell === '')
            problems.push(`${form.name}: export lacks ${header}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
