import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../components';
import { evaluateForm } from './evaluate';

/** Multi-value questions (`multiple: true`, decision 0035): a list of answers, each checked at its own path. */
const form = (component: Record<string, unknown>): FormDefinition => ({
  display: 'form',
  components: [{ input: true, multiple: true, label: 'Wards', key: 'wards', ...component }],
});

describe('evaluateForm: multi-value questions', () => {
  it('a draft never requires them: absent, [] and empty items save; a submit asks for them', () => {
    const required = form({ type: 'textfield', validate: { required: true } });
    for (const answers of [{}, { wards: [] }, { wards: [''] }])
      expect(evaluateForm(required, answers, 'draft').errors).toEqual({});
    expect(evaluateForm(required, {}, 'completed').errors).toEqual({ wards: ['Enter wards'] });
    expect(evaluateForm(required, { wards: [] }, 'completed').errors).toEqual({ wards: ['Enter wards'] });
    expect(evaluateForm(required, { wards: ['Ash', ''] }, 'completed').errors).toEqual({
      'wards[1]': ['Enter wards'],
    });
    expect(evaluateForm(required, { wards: ['Ash', 'Elm'] }, 'completed').errors).toEqual({});
  });

  it('checks each item as a single answer, the message at the item', () => {
    expect(
      evaluateForm(
        form({ type: 'textfield', validate: { maxLength: 5 } }),
        { wards: ['Ash', 'Ashford'] },
        'draft',
      ).errors,
    ).toEqual({ 'wards[1]': ['Wards must be 5 characters or fewer'] });
    expect(evaluateForm(form({ type: 'email' }), { wards: ['a@nhs.net', 'nope'] }, 'draft').errors).toEqual({
      'wards[1]': ['Enter wards in the correct format, like name@example.com'],
    });
    expect(
      evaluateForm(form({ type: 'day' }), { wards: ['02/30/2026', '10/15/2026'] }, 'draft').errors,
    ).toEqual({
      'wards[0]': ['Wards must be a real date'],
    });
    const select = form({
      type: 'select',
      data: { values: [{ label: 'Ash', value: 'ash' }] },
    });
    expect(evaluateForm(select, { wards: ['ash', 'elm'] }, 'draft').errors).toEqual({
      'wards[1]': ['Select wards from the options given'],
    });
  });

  it('words in a number with a maximum are an error at that item, not a broken form', () => {
    const numbers = form({ type: 'number', validate: { max: 10 } });
    expect(evaluateForm(numbers, { wards: [1, 20, 'many'] }, 'completed').errors).toEqual({
      'wards[1]': ['Wards must be 10 or less'],
      'wards[2]': ['Wards must be a number'],
    });
  });

  it('keeps the list as typed; one answer becomes a list of one; dates typed in UK order become ISO', () => {
    expect(evaluateForm(form({ type: 'textfield' }), { wards: ['Elm', '', 'Ash'] }, 'draft').data).toEqual({
      wards: ['Elm', '', 'Ash'],
    });
    expect(evaluateForm(form({ type: 'textfield' }), { wards: 'Elm' }, 'draft').data).toEqual({
      wards: ['Elm'],
    });
    expect(
      evaluateForm(form({ type: 'datetime' }), { wards: ['15/10/2026 14:30', '01/01/2026'] }, 'draft').data,
    ).toEqual({ wards: ['2026-10-15T14:30:00+01:00', '2026-01-01T00:00:00Z'.replace('Z', '+00:00')] });
  });

  it('a list inside the list is refused', () => {
    expect(evaluateForm(form({ type: 'textfield' }), { wards: [['Elm']] }, 'draft').errors).toEqual({
      'wards[0]': ['Wards must be a single answer'],
    });
  });
});
