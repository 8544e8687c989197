import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../components';
import { evaluateForm } from './evaluate';

/** Decision 0024: a date typed in part is kept by a draft and refused by a submit, naming what is missing. */
const form = (component: Record<string, unknown>): FormDefinition =>
  ({
    display: 'form',
    components: [{ input: true, label: 'Date of admission', key: 'admitted', ...component }],
  }) as FormDefinition;

const day = form({ type: 'day', dayFirst: true, fields: { day: {}, month: {}, year: {} } });
const dateTime = form({ type: 'datetime', enableTime: false, format: 'dd/MM/yyyy' });

describe('dates typed in part', () => {
  it('a draft keeps 15//2026 as typed, a submit asks for the month (date and time, as the web form sends it)', () => {
    const draft = evaluateForm(dateTime, { admitted: '15//2026' }, 'draft');
    expect(draft.errors).toEqual({});
    expect(draft.data).toEqual({ admitted: '15//2026' });
    expect(evaluateForm(dateTime, { admitted: '15//2026' }, 'completed').errors).toEqual({
      admitted: ['Date of admission must include a month'],
    });
  });

  it('the same for a day question (Form.io keeps a part not typed as zeros), every missing part named', () => {
    expect(evaluateForm(day, { admitted: '15/00/2026' }, 'draft').errors).toEqual({});
    expect(evaluateForm(day, { admitted: '00/00/2026' }, 'completed').errors).toEqual({
      admitted: ['Date of admission must include a day', 'Date of admission must include a month'],
    });
  });

  it("a required part with the manager's own message still lets a draft keep the partial date", () => {
    const strict = form({
      type: 'day',
      dayFirst: true,
      fields: { day: { required: true }, month: { required: true }, year: { required: true } },
      validate: { customMessage: 'Enter the date the patient was admitted' },
    });
    expect(evaluateForm(strict, { admitted: '15/00/2026' }, 'draft').errors).toEqual({});
    expect(evaluateForm(strict, { admitted: '15/00/2026' }, 'completed').errors).toEqual({
      admitted: ['Enter the date the patient was admitted'],
    });
  });

  it('a part out of range is a wrong answer, refused in a draft too; a part the form hides is not asked for', () => {
    for (const [definition, answer] of [
      [day, '32/00/2026'],
      [dateTime, '15/13/2026'],
    ] as const)
      expect(evaluateForm(definition, { admitted: answer }, 'draft').errors).toEqual({
        admitted: ['Date of admission must be a real date'],
      });
    const noDay = form({ type: 'day', dayFirst: true, fields: { day: { hide: true }, month: {}, year: {} } });
    expect(evaluateForm(noDay, { admitted: '00/10/2026' }, 'completed').errors).toEqual({});
  });
});
