import { describe, expect, it } from 'vitest';
import { formAnswers } from './form-answers';

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
      { kind: 'page', title: 'Beds' },
      { kind: 'field', key: 'site', label: 'Site', answer: 'North' },
      { kind: 'field', key: 'agreed', label: 'Agreed', answer: 'No' },
      { kind: 'field', key: 'kinds', label: 'Kinds', answer: 'Adult' },
      { kind: 'heading', title: 'Wards' },
      {
        kind: 'table',
        key: 'wards',
        label: 'Wards',
        columns: ['Ward', 'Beds'],
        rows: [
          ['Ash', '12'],
          ['Elm', 'Not answered'],
        ],
      },
      { kind: 'field', key: 'evidence', label: 'Evidence', answer: 'report.pdf' },
      { kind: 'field', key: 'email', label: 'Email', answer: 'a@nhs.net' },
    ]);
  });

  it('says Not answered for empty values and treats top-level panels of a single-page form as headings', () => {
    const items = formAnswers({ ...definition, display: 'form' }, {});
    expect(items[0]).toEqual({ kind: 'heading', title: 'Beds' });
    expect(items.filter((i) => i.kind === 'field').map((i) => (i as { answer: string }).answer)).toEqual([
      'Not answered',
      'Not answered',
      'Not answered',
      'Not answered',
      'Not answered',
    ]);
  });
});
