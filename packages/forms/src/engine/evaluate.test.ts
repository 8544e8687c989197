import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCarryingAnswers, codeCarryingDefinition } from '../testing/code-payloads';
import { form } from '../testing/single-page-form';
import { evaluateForm } from './evaluate';

describe('evaluateForm: no code runs', () => {
  it('evaluates a definition carrying JavaScript everywhere without running any of it, in both modes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcf-engine-'));
    try {
      const definition = codeCarryingDefinition(dir);
      for (const mode of ['draft', 'completed'] as const) {
        const state = evaluateForm(definition, codeCarryingAnswers(dir), mode);
        expect(state.data).not.toHaveProperty('code');
        expect(state.data.calculated).toBe('typed');
        expect(state.hidden.has('conditional')).toBe(false);
      }
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('JSON Logic cannot reach Function: var reads own properties only, so a constructor path reads nothing', () => {
    const definition = form([
      { type: 'textfield', key: 'a', label: 'A', input: true },
      {
        type: 'textfield',
        key: 'shownWhenFunctionReachable',
        label: 'B',
        input: true,
        conditional: { json: { '!!': [{ var: 'data.constructor.constructor' }] } },
      },
    ]);
    // A definition stored before the upload check keeps its condition; `var` gives null: hidden, cleared.
    const state = evaluateForm(definition, { a: 'x', shownWhenFunctionReachable: 'y' }, 'draft');
    expect(state.data).toEqual({ a: 'x' });
    expect(state.hidden.has('shownWhenFunctionReachable')).toBe(true);
    expect(state.unchecked).toEqual([]);
  });

  it('a stored rule with an operation we do not support is never passed over: the form cannot be checked', () => {
    const definition = form([
      {
        type: 'number',
        key: 'beds',
        label: 'Number of beds',
        input: true,
        calculateValue: { _invoke: [{ var: 'data' }, 'constructor.constructor', 'return 1'] },
      },
    ]);
    expect(evaluateForm(definition, { beds: 3 }, 'draft').errors).toEqual({});
    for (const mode of ['completed'] as const) {
      const state = evaluateForm(definition, { beds: 3 }, mode);
      expect(state.errors.form).toEqual([
        `This form cannot be checked: the rule in 'Number of beds' (calculateValue) cannot be evaluated because the operation "_invoke" is not supported. Ask the collection manager to correct the form.`,
      ]);
      expect(state.unchecked).toEqual([
        {
          component: { path: 'beds', key: 'beds', label: 'Number of beds' },
          property: 'calculateValue',
          reason: 'unsupported',
          operation: '_invoke',
          detail: 'the operation "_invoke" is not supported',
        },
      ]);
    }
  });

  it('a rule past a bound (a text doubled in a reduce) stops at the bound and names the question', () => {
    const definition = form([
      { type: 'textfield', key: 'seed', label: 'Seed', input: true },
      {
        type: 'textfield',
        key: 'total',
        label: 'Total',
        input: true,
        validate: {
          json: {
            reduce: [
              {
                merge: [
                  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
                ],
              },
              { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] },
              { var: 'data.seed' },
            ],
          },
        },
      },
    ]);
    const state = evaluateForm(definition, { seed: 'xxxxxxxxxx', total: 'a' }, 'completed');
    expect(state.unchecked).toMatchObject([
      { component: { key: 'total' }, property: 'validate.json', reason: 'limit', bound: 'maxStringLength' },
    ]);
    expect(state.errors.form?.[0]).toContain("the rule in 'Total' (validate.json)");
  });
});

describe('evaluateForm: answers', () => {
  const grid = form([
    {
      type: 'datagrid',
      key: 'wards',
      label: 'Wards',
      input: true,
      components: [
        { type: 'textfield', key: 'name', label: 'Ward name', input: true },
        {
          type: 'datagrid',
          key: 'bays',
          label: 'Bays',
          input: true,
          components: [{ type: 'number', key: 'beds', label: 'Beds in bay', input: true }],
        },
      ],
    },
    {
      type: 'container',
      key: 'contact',
      label: 'Contact',
      input: true,
      components: [{ type: 'email', key: 'email', label: 'Email address', input: true }],
    },
  ]);

  it('drops keys the form does not ask for, at any depth, and never changes the answers given', () => {
    const answers = {
      wards: [{ name: 'Ash', extra: 1, bays: [{ beds: 4, sneaky: true }] }],
      contact: { email: 'a@nhs.net', other: 'x' },
      notAQuestion: 'dropped',
    };
    const before = structuredClone(answers);
    const state = evaluateForm(grid, answers, 'draft');
    expect(state.data).toEqual({
      wards: [{ name: 'Ash', bays: [{ beds: 4 }] }],
      contact: { email: 'a@nhs.net' },
    });
    expect(answers).toEqual(before);
  });

  it('reports a wrong type inside a grid inside a grid at its data path, in our words, in a draft too', () => {
    const state = evaluateForm(grid, { wards: [{ name: 'Ash', bays: [{ beds: 'many' }] }] }, 'draft');
    expect(state.errors).toEqual({ 'wards[0].bays[0].beds': ['Beds in bay must be a number'] });
    const email = evaluateForm(grid, { contact: { email: 'not an address' } }, 'draft');
    expect(email.errors).toEqual({
      'contact.email': ['Enter email address in the correct format, like name@example.com'],
    });
  });

  it('limits each text to 10,000 characters and a whole return to 1 MB, with clear messages', () => {
    const text = form([{ type: 'textarea', key: 'notes', label: 'Notes', input: true, rows: 3 }]);
    expect(evaluateForm(text, { notes: 'x'.repeat(10_000) }, 'draft').errors).toEqual({});
    expect(evaluateForm(text, { notes: 'x'.repeat(10_001) }, 'draft').errors).toEqual({
      notes: ['Notes must be 10,000 characters or fewer'],
    });
    const big = evaluateForm(text, { notes: 'é'.repeat(600_000) }, 'draft');
    expect(big.errors.form?.[0]).toMatch(
      /^This return is too large to save \(1\.2 MB\): a return can be at most 1 MB/,
    );
  });

  it('refuses a value outside a static list for radio, select (single, multiple, JSON data) and select boxes, on a draft too', () => {
    const choices = form([
      { type: 'radio', key: 'site', label: 'Site', input: true, values: [{ label: 'North', value: 'n' }] },
      {
        type: 'select',
        key: 'ward',
        label: 'Ward',
        input: true,
        data: { values: [{ label: 'Ash', value: 'ash' }] },
      },
      {
        type: 'select',
        key: 'wards',
        label: 'Wards',
        input: true,
        multiple: true,
        data: { values: [{ label: 'Ash', value: 'ash' }] },
      },
      {
        type: 'select',
        key: 'grade',
        label: 'Grade',
        input: true,
        dataSrc: 'json',
        valueProperty: 'code',
        data: { json: [{ code: 'b5', name: 'Band 5' }] },
      },
      {
        type: 'selectboxes',
        key: 'services',
        label: 'Services',
        input: true,
        values: [{ label: 'X-ray', value: 'xray' }],
      },
    ]);
    const good = { site: 'n', ward: 'ash', wards: ['ash'], grade: 'b5', services: { xray: true } };
    expect(evaluateForm(choices, good, 'draft').errors).toEqual({});
    const bad = {
      site: 's',
      ward: 'elm',
      wards: ['ash', 'elm'],
      grade: 'b9',
      services: { xray: true, mri: true },
    };
    expect(evaluateForm(choices, bad, 'draft').errors).toEqual({
      site: ['Select site from the options given'],
      ward: ['Select ward from the options given'],
      'wards[1]': ['Select wards from the options given'],
      grade: ['Select grade from the options given'],
      services: ['Select services from the options given'],
    });
  });
});

describe('evaluateForm: drafts and submits', () => {
  const dates = form([
    {
      type: 'day',
      key: 'admitted',
      label: 'Date of admission',
      input: true,
      dayFirst: true,
      fields: { day: { required: true }, month: { required: true }, year: { required: true } },
    },
    {
      type: 'number',
      key: 'beds',
      label: 'Number of beds',
      input: true,
      validate: { required: true, min: 1 },
    },
    {
      type: 'radio',
      key: 'open',
      label: 'Is the ward open?',
      input: true,
      validate: { required: true },
      values: [{ label: 'Yes', value: 'yes' }],
    },
    { type: 'textfield', key: 'code', input: true, validate: { required: true } },
  ]);

  it('a draft is saved with required answers and date parts missing; a submit names each in our words', () => {
    const answers = { admitted: '00/10/2026', beds: 0 };
    expect(evaluateForm(dates, answers, 'draft').errors).toEqual({});
    expect(evaluateForm(dates, answers, 'completed').errors).toEqual({
      admitted: ['Date of admission must include a day'],
      beds: ['Number of beds must be 1 or more'],
      open: ["Select an answer to 'Is the ward open?'"],
      code: ['Please fill in this field'],
    });
    expect(evaluateForm(dates, {}, 'completed').errors.beds).toEqual(['Enter number of beds']);
  });

  it('uses a manager’s own messages (customMessage, errors.required) in place of ours', () => {
    const own = form([
      {
        type: 'number',
        key: 'a',
        label: 'A',
        input: true,
        validate: { required: true, customMessage: 'Tell us {{ field }}' },
      },
      {
        type: 'number',
        key: 'b',
        label: 'B',
        input: true,
        validate: { required: true },
        errors: { required: 'B please' },
      },
    ]);
    expect(evaluateForm(own, {}, 'completed').errors).toEqual({ a: ['Tell us A'], b: ['B please'] });
    expect(evaluateForm(own, {}, 'draft').errors).toEqual({});
  });

  it('accepts a date and time typed in UK order and keeps it as ISO with London’s offset', () => {
    const when = form([{ type: 'datetime', key: 'when', label: 'When', input: true, enableTime: false }]);
    const state = evaluateForm(when, { when: '15/10/2026' }, 'completed');
    expect(state.errors).toEqual({});
    expect(state.data.when).toBe('2026-10-15T00:00:00+01:00');
    expect(evaluateForm(when, { when: '15/01/2027 14:30' }, 'draft').data.when).toBe(
      '2027-01-15T14:30:00+00:00',
    );
  });
});

describe('evaluateForm: conditions and calculations (JSON Logic and simple)', () => {
  const definition = form([
    { type: 'number', key: 'a', label: 'A', input: true },
    { type: 'number', key: 'b', label: 'B', input: true },
    {
      type: 'number',
      key: 'total',
      label: 'Total',
      input: true,
      calculateValue: { '+': [{ var: 'data.a' }, { var: 'data.b' }] },
    },
    {
      type: 'textfield',
      key: 'why',
      label: 'Why so many',
      input: true,
      validate: { required: true },
      conditional: { json: { '>': [{ var: 'data.total' }, 10] } },
    },
    {
      type: 'panel',
      key: 'more',
      title: 'More',
      input: false,
      conditional: { show: true, when: 'a', eq: '1' },
      components: [{ type: 'textfield', key: 'detail', label: 'Detail', input: true }],
    },
  ]);

  it('sets calculated values, hides and clears what its condition hides, and does not validate it', () => {
    const hidden = evaluateForm(
      definition,
      { a: 2, b: 3, why: 'typed earlier', detail: 'gone' },
      'completed',
    );
    expect(hidden.data).toEqual({ a: 2, b: 3, total: 5 });
    expect([...hidden.hidden].sort()).toEqual(['more', 'why']);
    expect(hidden.errors).toEqual({});
    const shown = evaluateForm(definition, { a: 1, b: 30, detail: 'kept' }, 'completed');
    expect(shown.data).toEqual({ a: 1, b: 30, total: 31, detail: 'kept' });
    expect(shown.errors).toEqual({ why: ['Enter why so many'] });
  });
});
