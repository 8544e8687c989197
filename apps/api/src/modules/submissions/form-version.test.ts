import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { lock, lockNewPage, pageFor, save } from '../../../test/support/submission-fixtures';

const t = useTestApp();

/** Decision 0006: a submission always renders with the form version it was made with. */
describe('a submission keeps its own form version', () => {
  it('after the form and its period move on, the submission, its revisions and its saves stay on the old version', async () => {
    const { page, client: clerk, view } = await lockNewPage(t, 'clerkA');
    const first = await save(clerk, view.submissionId, {
      content: { headcount: 7 },
      status: 'draft',
      baseRevisionId: null,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const madeWith = view.form as { id: number; definition: { components: unknown[] } };

    const manager = await t.as('manager');
    const changed = await manager.put(`/v1/api/Collection/${page.collectionId}/Form/${madeWith.id}`, {
      definition: {
        display: 'form',
        components: [{ type: 'textfield', key: 'onlyInTheNewVersion', label: 'New question', input: true }],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.createdNewVersion).toBe(true);
    expect(changed.body.id).not.toBe(madeWith.id);

    // The period itself moves to the new version (a manager may do so with PUT .../ReportingPeriod/{id}
    // formId); set directly here to keep the test on the rule under test.
    await t.database.db
      .updateTable('reportingPeriod')
      .set({ formId: changed.body.id })
      .where('id', '=', page.periodId)
      .execute();
    const otherTrust = await lock(await t.as('authoriserB'), await pageFor(t, page.periodId, 'RGT'));
    expect(otherTrust.form.id).toBe(changed.body.id);

    const again = await clerk.get(page.url);
    expect(again.body.form.id).toBe(madeWith.id);
    expect(again.body.form.definition).toEqual(madeWith.definition);
    expect(JSON.parse(again.body.content)).toEqual({ headcount: 7 });
    const revision = await clerk.get(`/v1/api/SubmissionRevision/${first.body.currentRevisionId}`);
    expect(revision.body.formId).toBe(madeWith.id);

    // Saving again is validated against the version the submission uses, not the new one.
    const second = await save(clerk, view.submissionId, {
      content: { headcount: 8 },
      status: 'draft',
      baseRevisionId: first.body.currentRevisionId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(JSON.parse(second.body.content)).toEqual({ headcount: 8 });
    expect((await clerk.get(page.url)).body.form.id).toBe(madeWith.id);
  });

  it('a save checks against the version as stored now, even when the server has read it before', async () => {
    const { client: clerk, view } = await lockNewPage(t, 'clerkA');
    const first = await save(clerk, view.submissionId, { content: { ward: 'Ash' }, baseRevisionId: null });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The stored version changes under the server (no route does this once a version has submissions:
    // a correction made in the database): its ward name may now be 3 characters at most.
    const definition = {
      display: 'form',
      components: [
        { type: 'textfield', key: 'ward', label: 'Ward', input: true, validate: { maxLength: 3 } },
      ],
    };
    await t.database.db
      .updateTable('form')
      .set({ definition: JSON.stringify(definition) })
      .where('id', '=', (view.form as { id: number }).id)
      .execute();
    const second = await save(clerk, view.submissionId, {
      content: { ward: 'Birch' },
      baseRevisionId: first.body.currentRevisionId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(400);
    expect(Object.keys(second.body.errors)).toEqual(['ward']);
  });
});
