import { describe, expect, it } from 'vitest';
import { formAnswers, formatAnswer } from './answers';

// PostgreSQL's jsonb keeps an object's keys shortest first, so a saved survey or select boxes answer
// comes back in another order than the form asks: the printed answer follows the form.
describe('object answers print in the form order, whatever order their keys come back in', () => {
  it('a survey by its questions, select boxes by their options', () => {
    const survey = {
      type: 'survey',
      key: 'rating',
      questions: [
        { label: 'How would you rate the ward?', value: 'ward' },
        { label: 'Overall?', value: 'overall' },
        { label: 'Food', value: 'food' },
      ],
      values: [
        { label: 'Good', value: 'good' },
        { label: 'Poor', value: 'poor' },
      ],
    };
    expect(formatAnswer(survey, { food: 'poor', ward: 'good', overall: 'good', extra: 'poor' })).toBe(
      'How would you rate the ward?: Good; Overall?: Good; Food: Poor; extra: Poor',
    );
    const boxes = {
      type: 'selectboxes',
      key: 'services',
      values: [
        { label: 'Maternity', value: 'maternity' },
        { label: 'A&E', value: 'ae' },
        { label: 'X-ray', value: 'xray' },
      ],
    };
    expect(formatAnswer(boxes, { ae: true, xray: true, maternity: true })).toBe('Maternity, A&E, X-ray');
  });
});

describe('sections', () => {
  it('a panel or fieldset with no question in it has no heading; one with questions keeps its heading', () => {
    const items = formAnswers(
      {
        display: 'form',
        components: [
          {
            type: 'fieldset',
            key: 'intro',
            legend: 'About this return',
            components: [{ type: 'htmlelement', key: 'note', content: '<p>Read this first</p>' }],
          },
          {
            type: 'panel',
            key: 'beds',
            title: 'Beds',
            components: [
              { type: 'number', key: 'open', label: 'Beds open', input: true },
              { type: 'fieldset', key: 'end', legend: 'Submit', components: [] },
            ],
          },
        ],
      },
      { open: 4 },
    );
    expect(
      items.map((i) =>
        i.kind === 'field' ? `${i.label}: ${i.answer}` : `${i.kind} ${'title' in i ? i.title : i.label}`,
      ),
    ).toEqual(['heading Beds', 'Beds open: 4']);
  });
});
