import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import {
  addDemoFormVersion,
  completeAnswers,
  lockNewPage,
  save,
  submit,
} from '../../../test/support/submission-fixtures';
import { demoFormDefinition } from '../../db/seed/demo-collection';

/**
 * A date typed in part (decision 0024) through HTTP: a draft keeps `15//2026` as typed, a submit is
 * refused with the missing part named; the browser's renderer gets the same verdict from the same engine.
 */
const t = useTestApp();
beforeAll(async () => {
  // A new version of the demo form with two date questions (a superset: the demo answers still fit).
  const definition = {
    ...demoFormDefinition,
    components: [
      ...demoFormDefinition.components,
      { type: 'datetime', key: 'visitDate', label: 'Date of visit', enableTime: false, input: true },
      { type: 'day', key: 'openedOn', label: 'Date the ward opened', dayFirst: true, input: true },
    ],
  };
  await addDemoFormVersion(t, definition);
});

describe('a date typed in part', () => {
  it('a draft keeps it as typed; a submit answers 400 naming the missing part of each date', async () => {
    const { client: authoriser, view } = await lockNewPage(t, 'authoriserA');
    const partial = { visitDate: '15//2026', openedOn: '00/10/2026' };
    const draft = await save(authoriser, view.submissionId, {
      content: { ...completeAnswers, ...partial },
      baseRevisionId: null,
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(JSON.parse(draft.body.content)).toMatchObject(partial);

    const refused = await submit(authoriser, view.submissionId, {
      content: { ...completeAnswers, ...partial },
      baseRevisionId: draft.body.currentRevisionId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      visitDate: ['Date of visit must include a month'],
      openedOn: ['Date the ward opened must include a day'],
    });

    // A part out of range is a wrong answer: refused in a draft too.
    const wrong = await save(authoriser, view.submissionId, {
      content: { ...completeAnswers, visitDate: '32//2026' },
      baseRevisionId: draft.body.currentRevisionId,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ visitDate: ['Date of visit must be a real date'] });
  });
});
