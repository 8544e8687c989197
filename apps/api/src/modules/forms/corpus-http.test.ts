import {
  type FormComponent,
  type FormDefinition,
  formatAnswer,
  isMultiValue,
  stripDefinition,
} from '@dcf/forms';
import { pruneAnswers } from '@dcf/forms/engine/answers-data';
import { answerSets, formioVerdict, intendedDifferences, validAnswers } from '@dcf/forms/testing/answer-sets';
import { givenAnswers } from '@dcf/forms/testing/given-answers';
import type { Component } from '@formio/core';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpus } from '../../../../../test-data/formio-corpus/index';
import { useTestApp } from '../../../test/harness';
import {
  download,
  exportRow,
  publish,
  recordTemplate,
  squash,
  upload,
} from '../../../test/support/corpus-http';
import { templateForForm } from '../../../test/support/excel-template-for-form';
import { pdfText } from '../../../test/support/pdf-text';
import { lock, save, submit } from '../../../test/support/submission-fixtures';

/**
 * The corpus of real Form.io forms (test-data/formio-corpus) through real HTTP as real personas
 * (decision 0016): a manager uploads each form to a collection of its own, which is
 * accepted with its JavaScript converted (and the conversions listed) or refused with a 400 naming each
 * component and property; an accepted form is published with a period and a recipient, a clerk saves the
 * sample answers as a draft, every wrong answer set is refused with the verdict Form.io's own engine
 * gives, the sample is submitted with the declaration, and the PDF and the XLSX export show every answer.
 */

/**
 * The forms the upload refuses, and the properties named (indices left out), as the corpus README's
 * "What an upload does with it" says: JavaScript that cannot be JSON Logic, options fetched from a URL
 * or a resource, moment.js dates, template code in content, a logic action's value in JavaScript that
 * cannot be JSON Logic.
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
  'logic-result-variable': ['logic.actions.value', 'logic.trigger.javascript'],
  'bc-overtime-timesheet': ['calculateValue'],
  'columns-custom-conditionals': ['customConditional'],
  'sf-pizza-nested-wizard': ['src'],
  'sf-radio-example': ['key'],
  'qld-grab-my-ip': ['calculateValue', 'dataSrc', 'fetch.url', 'validate.pattern'],
  'nl-postcode': ['validate.pattern'],
};

/** `'Label' (key 'k'), property: why` or `Component 3 (a panel), property: why`. */
const PROBLEM = /^(?:'[^']+'(?: \(key '[^']+'\))?|Component \S+(?: \(a [^)]+\))?|The form), ([\w.[\]]+): \S/;
const withoutIndices = (property: string) => property.replace(/\[\d+\]/g, '');

let organisationId: number;
const t = useTestApp({ STORAGE_DRIVER: 'local' });
beforeAll(async () => {
  organisationId = await t.organisationId('RJ1');
});

describe('the corpus through HTTP', () => {
  it.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s',
    async (name, entry) => {
      const { manager, collectionId, form } = await upload(t, entry);

      // The upload: refused naming each component and property, or accepted with its JavaScript converted.
      const expectedRefusal = refused[name];
      if (expectedRefusal) {
        expect(form.status, JSON.stringify(form.body)).toBe(400);
        const problems: string[] = form.body.errors.definition;
        for (const problem of problems) expect(problem, name).toMatch(PROBLEM);
        const named = new Set(problems.map((p) => withoutIndices(PROBLEM.exec(p)?.[1] ?? '')));
        expect([...named].sort()).toEqual(expectedRefusal);
        // Nothing was stored.
        expect((await manager.get(`/v1/api/Collection/${collectionId}/Form`)).body).toEqual([]);
        return;
      }
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      const converted = new Set(
        (form.body.conversions as { property: string }[]).map((c) => withoutIndices(c.property)),
      );
      // The corpus names an action's JavaScript `logic.action.value`; a conversion, where it is.
      for (const property of entry.customJavaScript)
        expect(converted, property).toContain(property.replace(/^logic\.action\./, 'logic.actions.'));
      const stored = form.body.definition as FormDefinition;
      const components = stripDefinition(stored).components as Component[] & FormComponent[];

      const page = await publish(t, manager, collectionId, organisationId);
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
      // The draft keeps every answer the sample gives that the person sees.
      const kept = (answers: Record<string, unknown>) => givenAnswers(stored, answers).map((a) => a.path);
      expect(kept(JSON.parse(draft.body.content))).toEqual(kept(sample));
      let base: number = draft.body.currentRevisionId;

      // Every wrong answer set gets Form.io's own verdict, field by field (the valid return goes last).
      const valid = validAnswers[name] ?? sample;
      // Form.io's engine stops on a few conditions (isNotEmpty on an address not answered): no verdict.
      const formio = (answers: Record<string, unknown>) =>
        formioVerdict(components, pruneAnswers(components, answers)).catch(() => null);
      expect(await formio(valid)).toEqual(entry.name === 'address-conditional' ? null : []);
      const differences: string[] = [];
      for (const [set, answers] of sets) {
        if (answers === valid) continue;
        const theirs = await formio(answers);
        const res = await submit(clerk, view.submissionId, { content: answers, baseRevisionId: base });
        expect([201, 400], JSON.stringify(res.body)).toContain(res.status);
        const ours = res.status === 201 ? [] : Object.keys(res.body.errors).sort();
        if (res.status === 201) base = res.body.currentRevisionId;
        // Where Form.io has no verdict ours must still be one: never that the form cannot be checked.
        if (theirs === null) expect(ours, set).not.toContain('form');
        else if (JSON.stringify(ours) !== JSON.stringify(theirs) && !intendedDifferences[`${name} / ${set}`])
          differences.push(`${set}: ours ${JSON.stringify(ours)}, Form.io ${JSON.stringify(theirs)}`);
      }
      expect(differences).toEqual([]);

      // A valid return is submitted with the declaration, and not without it.
      const undeclared = await save(clerk, view.submissionId, {
        content: valid,
        status: 'completed',
        baseRevisionId: base,
      });
      expect(undeclared.status).toBe(400);
      expect(Object.keys(undeclared.body.errors)).toEqual(['declaration']);
      const submitted = await submit(clerk, view.submissionId, { content: valid, baseRevisionId: base });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      expect(submitted.body.status).toBe('completed');
      const content = JSON.parse(submitted.body.content) as Record<string, unknown>;
      const given = givenAnswers(stored, content);

      // The PDF prints every answer in form order (so none at any depth reads "Not answered", even where
      // many answers have the same words), each word unbroken.
      const pdf = squash(pdfText(await download(t, clerk, `/v1/api/Submission/${view.submissionId}/Pdf`)));
      let from = 0;
      for (const answer of given) {
        // A multi-value question's answers print one to a line (decision 0035).
        const texts =
          isMultiValue(answer.component) && Array.isArray(answer.value) && answer.value.length > 1
            ? answer.value.map((item) => formatAnswer({ ...answer.component, multiple: false }, item))
            : [answer.text];
        for (const text of texts) {
          const at = pdf.indexOf(squash(text), from);
          expect(at, `${answer.path} = ${text} after ${pdf.slice(from - 40, from)}`).toBeGreaterThan(-1);
          from = at + squash(text).length;
        }
      }

      // The XLSX export has every answer in the column named by its data path.
      const row = await exportRow(
        await download(
          t,
          manager,
          `/v1/api/Collection/${collectionId}/ReportingPeriod/${page.periodId}/Export?format=xlsx`,
        ),
        'RJ1',
      );
      for (const answer of given) {
        // Select boxes and surveys have a column per option or question (`services.xray`).
        if (answer.component.type === 'selectboxes' || answer.component.type === 'survey') {
          for (const [part, value] of Object.entries(answer.value as Record<string, unknown>))
            expect(row.get(`${answer.path}.${part}`), `${answer.path}.${part}`).toBe(value);
          continue;
        }
        // A multi-value question has a column per item (`wards[0]`, decision 0035).
        if (isMultiValue(answer.component) && Array.isArray(answer.value)) {
          for (const [index, item] of answer.value.entries())
            expect(row.get(`${answer.path}[${index}]`), `${answer.path}[${index}]`).toBe(item);
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
      const coverage = await recordTemplate(t, manager, collectionId, bytes);
      expect(coverage).toMatchObject({ missedKeys: [], unknownNames: [] });
      const populated = new ExcelJS.Workbook();
      await populated.xlsx.load(
        (await download(
          t,
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
