import { describe, expect, it } from 'vitest';
import { yesNoRadio } from '../../test/fixtures';
import { compareRevisions, parseContent } from './compare-revisions';

const definition = {
  components: [
    {
      type: 'panel',
      key: 'p1',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        yesNoRadio('covid', 'COVID related?'),
      ],
    },
    { type: 'textarea', key: 'comments', label: 'Comments', input: true },
    { type: 'checkbox', key: 'confirmed', label: 'Confirmed', input: true },
  ],
};

describe('compareRevisions', () => {
  it('lists every field in form order with option labels, marking the changed ones', () => {
    const rows = compareRevisions(
      definition,
      { headcount: 10, covid: 'no', confirmed: false },
      { headcount: 12, covid: 'no', comments: 'New', confirmed: true },
    );
    expect(rows).toEqual([
      { key: 'headcount', label: 'Headcount', before: '10', after: '12', changed: true },
      { key: 'covid', label: 'COVID related?', before: 'No', after: 'No', changed: false },
      { key: 'comments', label: 'Comments', before: '', after: 'New', changed: true },
      { key: 'confirmed', label: 'Confirmed', before: 'No', after: 'Yes', changed: true },
    ]);
  });

  it('keeps answers to fields no longer in the form, last, under their key; 0 is an answer', () => {
    const rows = compareRevisions(definition, { headcount: 0, oldField: 'x' }, { headcount: 0 });
    expect(rows.at(-1)).toEqual({
      key: 'oldField',
      label: 'oldField',
      before: 'x',
      after: '',
      changed: true,
    });
    expect(rows[0]).toMatchObject({ before: '0', after: '0', changed: false });
  });

  it('parses content text, with {} for anything unreadable', () => {
    expect(parseContent('{"a":1}')).toEqual({ a: 1 });
    expect(parseContent('nope')).toEqual({});
    expect(parseContent('[1]')).toEqual({});
  });
});
