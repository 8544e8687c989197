import { describe, expect, it } from 'vitest';
import { formAnswers } from './answers';
import type { FormDefinition } from './components';

const definition = {
  display: 'wizard' as const,
  components: [
    {
      type: 'panel',
      key: 'beds',
      title: 'Beds',
      components: [
        {
          type: 'select',
          key: 'site',
          label: 'Site',
          input: true,
          data: { values: [{ label: 'North', value: 'n' }] },
        },
        { type: 'checkbox', key: 'agreed', label: 'Agreed', input: true },
        {
          type: 'selectboxes',
          key: 'kinds',
          label: 'Kinds',
          input: true,
          values: [
            { label: 'Adult', value: 'adult' },
            { label: 'Child', value: 'child' },
          ],
        },
        { type: 'htmlelement', key: 'note', input: false, content: '<p>Read this</p>' },
        { type: 'textfield', key: 'secret', label: 'Secret', input: true, hidden: true },
        {
          type: 'fieldset',
          legend: 'Wards',
          key: 'wardsSet',
          components: [
            {
              type: 'datagrid',
              key: 'wards',
              label: 'Wards',
              input: true,
              components: [
                { type: 'textfield', key: 'name', label: 'Ward', input: true },
                { type: 'number', key: 'count', label: 'Beds', input: true },
              ],
            },
          ],
        },
        {
          type: 'columns',
          key: 'cols',
          columns: [{ components: [{ type: 'file', key: 'evidence', label: 'Evidence', input: true }] }],
        },
        {
          type: 'container',
          key: 'contact',
          input: true,
          components: [{ type: 'email', key: 'email', label: 'Email', input: true }],
        },
      ],
    },
  ],
};

describe('formAnswers', () => {
  it('reads a return in form order: pages and panels as headings, choices by label, grids as tables', () => {
    const items = formAnswers(definition, {
      site: 'n',
      agreed: false,
      kinds: { adult: true, child: false },
      secret: 'x',
      wards: [{ name: 'Ash', count: 12 }, { name: 'Elm' }],
      evidence: [{ name: 'a1/report.pdf', originalName: 'report.pdf' }],
      contact: { email: 'a@nhs.net' },
    });
    expect(items).toEqual([
      { kind: 'page', title: 'Beds', path: 'beds' },
      { kind: 'field', key: 'site', path: 'site', label: 'Site', answer: 'North', answered: true },
      { kind: 'field', key: 'agreed', path: 'agreed', label: 'Agreed', answer: 'No', answered: true },
      { kind: 'field', key: 'kinds', path: 'kinds', label: 'Kinds', answer: 'Adult', answered: true },
      { kind: 'heading', title: 'Wards', path: 'beds.wardsSet', depth: 1 },
      {
        kind: 'table',
        key: 'wards',
        path: 'wards',
        label: 'Wards',
        columns: ['Ward', 'Beds'],
        rows: [
          ['Ash', '12'],
          ['Elm', 'Not answered'],
        ],
      },
      {
        kind: 'field',
        key: 'evidence',
        path: 'evidence',
        label: 'Evidence',
        answer: 'report.pdf',
        answered: true,
      },
      {
        kind: 'field',
        key: 'email',
        path: 'contact.email',
        label: 'Email',
        answer: 'a@nhs.net',
        answered: true,
      },
    ]);
  });

  it('says Not answered for empty values and treats top-level panels of a single-page form as headings', () => {
    const items = formAnswers({ ...definition, display: 'form' }, {});
    expect(items[0]).toEqual({ kind: 'heading', title: 'Beds', path: 'beds', depth: 0 });
    expect(items.filter((i) => i.kind === 'field').map((i) => (i as { answer: string }).answer)).toEqual([
      'Not answered',
      'Not answered',
      'Not answered',
      'Not answered',
      'Not answered',
      'Not answered',
    ]);
  });

  it('prints every answer at any depth: a grid in a grid, an edit grid, containers, tabs and table cells', () => {
    const nested: FormDefinition = {
      display: 'form',
      components: [
        {
          type: 'tabs',
          key: 'tabs',
          input: false,
          components: [
            {
              key: 'tab1',
              label: 'Wards',
              components: [
                {
                  type: 'datagrid',
                  key: 'wards',
                  label: 'Ward',
                  input: true,
                  components: [
                    { type: 'textfield', key: 'name', label: 'Ward name', input: true },
                    {
                      type: 'editgrid',
                      key: 'bays',
                      label: 'Bay',
                      input: true,
                      components: [
                        { type: 'number', key: 'beds', label: 'Beds', input: true },
                        {
                          type: 'container',
                          key: 'lead',
                          input: true,
                          components: [{ type: 'textfield', key: 'nurse', label: 'Lead nurse', input: true }],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              key: 'tab2',
              label: 'Totals',
              components: [
                {
                  type: 'table',
                  key: 'grid',
                  input: false,
                  rows: [
                    [
                      { components: [{ type: 'number', key: 'total', label: 'Total beds', input: true }] },
                      { components: [] },
                    ],
                  ],
                },
                { type: 'textarea', key: 'notes', label: 'Notes', input: true, rows: 3 },
              ],
            },
          ],
        },
      ],
    };
    const items = formAnswers(nested, {
      wards: [{ name: 'Ash', bays: [{ beds: 4, lead: { nurse: 'Sam' } }, { beds: 6 }] }],
      total: 10,
      notes: 'Two\nlines',
    });
    expect(items).toEqual([
      { kind: 'heading', title: 'Wards', path: 'tabs.tab1', depth: 1 },
      { kind: 'heading', title: 'Ward 1', path: 'wards[0]', depth: 3 },
      {
        kind: 'field',
        key: 'name',
        path: 'wards[0].name',
        label: 'Ward name',
        answer: 'Ash',
        answered: true,
      },
      { kind: 'heading', title: 'Bay 1', path: 'wards[0].bays[0]', depth: 5 },
      {
        kind: 'field',
        key: 'beds',
        path: 'wards[0].bays[0].beds',
        label: 'Beds',
        answer: '4',
        answered: true,
      },
      {
        kind: 'field',
        key: 'nurse',
        path: 'wards[0].bays[0].lead.nurse',
        label: 'Lead nurse',
        answer: 'Sam',
        answered: true,
      },
      { kind: 'heading', title: 'Bay 2', path: 'wards[0].bays[1]', depth: 5 },
      {
        kind: 'field',
        key: 'beds',
        path: 'wards[0].bays[1].beds',
        label: 'Beds',
        answer: '6',
        answered: true,
      },
      {
        kind: 'field',
        key: 'nurse',
        path: 'wards[0].bays[1].lead.nurse',
        label: 'Lead nurse',
        answer: 'Not answered',
        answered: false,
      },
      { kind: 'heading', title: 'Totals', path: 'tabs.tab2', depth: 1 },
      { kind: 'field', key: 'total', path: 'total', label: 'Total beds', answer: '10', answered: true },
      { kind: 'field', key: 'notes', path: 'notes', label: 'Notes', answer: 'Two\nlines', answered: true },
    ]);
  });

  it('writes dates, times, money, surveys and signatures in words, and leaves out what the engine hides', () => {
    const kinds: FormDefinition = {
      display: 'form',
      components: [
        { type: 'datetime', key: 'when', label: 'When', input: true },
        { type: 'datetime', key: 'day', label: 'Day', input: true, enableTime: false },
        { type: 'day', key: 'born', label: 'Born', input: true, dayFirst: true },
        { type: 'time', key: 'at', label: 'At', input: true },
        { type: 'currency', key: 'cost', label: 'Cost', input: true, currency: 'GBP' },
        {
          type: 'survey',
          key: 'survey',
          label: 'Survey',
          input: true,
          questions: [{ label: 'Was it clean?', value: 'clean' }],
          values: [{ label: 'Agree', value: 'agree' }],
        },
        { type: 'signature', key: 'sign', label: 'Signature', input: true },
        { type: 'signature', key: 'typed', label: 'Typed signature', input: true },
        { type: 'textfield', key: 'gone', label: 'Hidden by a condition', input: true },
      ],
    };
    const items = formAnswers(
      kinds,
      {
        when: '2026-10-15T14:30:00+01:00',
        day: '2026-10-15T00:00:00+01:00',
        born: '15/10/2026',
        at: '09:30:00',
        cost: 1234.5,
        survey: { clean: 'agree' },
        sign: 'data:image/png;base64,AAAA',
        typed: 'Ann Smith',
        gone: 'x',
      },
      { hidden: new Set(['gone']) },
    );
    expect(items.map((i) => (i.kind === 'field' ? i.answer : i.kind))).toEqual([
      '15 October 2026, 14:30',
      '15 October 2026',
      '15 October 2026',
      '09:30',
      '£1,234.50',
      'Was it clean?: Agree',
      'Signed',
      'Signed: Ann Smith',
    ]);
  });
});

describe('formAnswers: multi-value questions (decision 0035)', () => {
  it('lists every item, each formatted as a single answer', () => {
    const definition = {
      display: 'form',
      components: [
        { type: 'textfield', key: 'wards', label: 'Ward', multiple: true, input: true },
        {
          type: 'select',
          key: 'grades',
          label: 'Grade',
          multiple: true,
          input: true,
          data: {
            values: [
              { label: 'Band 5', value: 'b5' },
              { label: 'Band 6', value: 'b6' },
            ],
          },
        },
        { type: 'number', key: 'beds', label: 'Beds', multiple: true, input: true },
      ],
    } as FormDefinition;
    const fields = formAnswers(definition, { wards: ['Oak, north', 'Elm'], grades: ['b6', 'b5'], beds: [4] });
    expect(fields).toEqual([
      expect.objectContaining({ label: 'Ward', answer: 'Oak, north, Elm', items: ['Oak, north', 'Elm'] }),
      expect.objectContaining({ label: 'Grade', answer: 'Band 6, Band 5', items: ['Band 6', 'Band 5'] }),
      expect.objectContaining({ label: 'Beds', answer: '4', answered: true }),
    ]);
    expect(fields[2]).not.toHaveProperty('items');
  });
});
