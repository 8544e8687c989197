import { describe, expect, it } from 'vitest';
import { formatAnswer } from './answers';

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
