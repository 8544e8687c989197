import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './components';
import { pagesWithErrors } from './pages';

const wizard: FormDefinition = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      components: [
        { type: 'number', key: 'headcount', input: true },
        {
          type: 'columns',
          key: 'cols',
          columns: [{ components: [{ type: 'textfield', key: 'grade', input: true }] }],
        },
      ],
    },
    {
      type: 'panel',
      key: 'absence',
      components: [
        {
          type: 'datagrid',
          key: 'rows',
          input: true,
          components: [{ type: 'number', key: 'days', input: true }],
        },
        {
          type: 'container',
          key: 'address',
          input: true,
          components: [{ type: 'textfield', key: 'postcode' }],
        },
      ],
    },
  ],
};

describe('pagesWithErrors', () => {
  it('names the page of each question with an error, whatever its nesting', () => {
    expect(pagesWithErrors(wizard, { grade: ['Grade is required'] })).toEqual(new Set(['staffing']));
    expect(pagesWithErrors(wizard, { 'rows[2].days': ['Days is required'] })).toEqual(new Set(['absence']));
    expect(pagesWithErrors(wizard, { 'address.postcode': ['x'], headcount: ['y'] })).toEqual(
      new Set(['staffing', 'absence']),
    );
  });

  it('no page for no errors, an empty list, a form-level error or a form that is not a wizard', () => {
    expect(pagesWithErrors(wizard, {})).toEqual(new Set());
    expect(pagesWithErrors(wizard, { headcount: [] })).toEqual(new Set());
    expect(pagesWithErrors(wizard, { form: ['The form cannot be checked'] })).toEqual(new Set());
    expect(pagesWithErrors({ ...wizard, display: 'form' }, { headcount: ['y'] })).toEqual(new Set());
  });
});
