import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import {
  auditActions,
  closePeriodNow,
  completeAnswers,
  lock,
  newPage,
  newPeriod,
  type Page,
  pageFor,
  save,
  submit,
} from '../../../test/support/submission-fixtures';

const t = useTestApp();

/** The authoriser submits a complete return (lock, submit); returns the view. */
async function submitted(page: Page) {
  const authoriser = await t.as('authoriserA');
  const view = await lock(authoriser, page);
  const res = await submit(authoriser, view.submissionId, { baseRevisionId: view.currentRevisionId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await authoriser.get(page.url)).body;
}

const setNhsiRequired = (page: Page, required: boolean) =>
  t.database.db
    .updateTable('collectionOrganisation')
    .set({ isNhsiAuthorisationRequired: required })
    .where('collectionId', '=', page.collectionId)
    .where('organisationId', '=', page.organisationId)
    .execute();

describe('POST /Submission/{id}/Return', () => {
  it('a manager returns a completed submission with a reason: draft again, the official revision stays', async () => {
    const page = await newPage(t);
    const done = await submitted(page);
    const res = await (await t.as('manager')).post(`/v1/api/Submission/${done.submissionId}/Return`, {
      reason: 'Headcount looks wrong',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'draft',
      officialRevisionId: done.officialRevisionId,
      returned: { by: { name: expect.any(String) }, reason: 'Headcount looks wrong' },
    });
    // The clerk sees why, amends; the authoriser resubmits and the return note is cleared.
    const clerkView = (await (await t.as('clerkA')).get(page.url)).body;
    expect(clerkView.returned.reason).toBe('Headcount looks wrong');
    const authoriser = await t.as('authoriserA');
    const again = await submit(authoriser, done.submissionId, {
      content: { ...completeAnswers, headcount: 99 },
      baseRevisionId: done.currentRevisionId,
    });
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('completed');
    expect((await authoriser.get(page.url)).body).toMatchObject({ status: 'completed', returned: null });
    expect(await auditActions(t, done.submissionId)).toEqual([
      'submission.lock',
      'submission.submit',
      'submission.return',
      'submission.submit',
    ]);
  });

  it('needs a reason (400), a completed submission (409) and a collection manager (403; 404 for another trust)', async () => {
    const page = await newPage(t);
    const done = await submitted(page);
    const url = `/v1/api/Submission/${done.submissionId}/Return`;
    const manager = await t.as('manager');
    const blank = await manager.post(url, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason).toEqual([messages.required]);
    expect((await (await t.as('authoriserA')).post(url, { reason: 'x' })).status).toBe(403);
    expect((await (await t.as('submissionManager')).post(url, { reason: 'x' })).status).toBe(403);
    expect((await (await t.as('clerkB')).post(url, { reason: 'x' })).status).toBe(404);
    expect((await manager.post(url, { reason: 'first' })).status).toBe(200);
    const twice = await manager.post(url, { reason: 'second' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('submission_not_completed');
  });
});

describe('POST /Submission/{id}/Reopen', () => {
  it('reopens one organisation’s submission after close until a date: it may save again, others may not', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const authoriser = await t.as('authoriserA');
    const view = await lock(authoriser, page);
    await closePeriodNow(t, periodId);
    const closedSave = await save(authoriser, view.submissionId, { content: {}, baseRevisionId: null });
    expect(closedSave.status).toBe(409);

    const manager = await t.as('manager');
    const url = `/v1/api/Submission/${view.submissionId}/Reopen`;
    const past = await manager.post(url, { until: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors.until).toEqual([messages.reopenUntilInPast]);
    expect((await manager.post(url, { until: 'next week' })).status).toBe(400);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const reopened = await manager.post(url, { until });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({
      reopenedUntil: until,
      period: { reportingPeriodStatus: 'Closed' },
    });

    expect((await authoriser.get(page.url)).body).toMatchObject({ canEdit: true, readOnlyReason: null });
    await lock(authoriser, page);
    const saved = await submit(authoriser, view.submissionId, { baseRevisionId: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // The other trust's return in the same period stays closed.
    const other = await pageFor(t, periodId, 'RGT');
    expect((await (await t.as('authoriserB')).post(`${other.url}/Lock`)).status).toBe(409);
    expect(await auditActions(t, view.submissionId)).toContain('submission.reopen');
    expect((await (await t.as('clerkA')).post(url, { until })).status).toBe(403);
  });
});

describe('POST /Submission/{id}/NhsiAuthorisation', () => {
  it('where required, a completed return awaits NHSI authorisation until a management-organisation user gives it', async () => {
    const page = await newPage(t);
    await setNhsiRequired(page, true);
    try {
      const done = await submitted(page);
      expect(done).toMatchObject({ isNhsiAuthorisationRequired: true, awaitingNhsiAuthorisation: true });
      const url = `/v1/api/Submission/${done.submissionId}/NhsiAuthorisation`;
      expect((await (await t.as('authoriserA')).post(url)).status).toBe(403);
      expect((await (await t.as('manager')).post(url)).status).toBe(403);
      const nhsi = await t.as('nhsi');
      const res = await nhsi.post(url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        awaitingNhsiAuthorisation: false,
        nhsiAuthorisedBy: { name: expect.any(String) },
      });
      expect(res.body.nhsiAuthorisedAt).toEqual(expect.any(String));
      const twice = await nhsi.post(url);
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('already_authorised');
      // A resubmission needs authorising again.
      const authoriser = await t.as('authoriserA');
      const again = await submit(authoriser, done.submissionId, { baseRevisionId: done.currentRevisionId });
      expect(again.status).toBe(201);
      expect((await authoriser.get(page.url)).body).toMatchObject({
        awaitingNhsiAuthorisation: true,
        nhsiAuthorisedBy: null,
      });
      expect(await auditActions(t, done.submissionId)).toContain('submission.nhsiAuthorise');
    } finally {
      await setNhsiRequired(page, false);
    }
  });

  it('is refused (409) for a draft; where NHSI authorisation is not required the return is not theirs (404)', async () => {
    const page = await newPage(t);
    const done = await submitted(page);
    const nhsi = await t.as('nhsi');
    // Not required: the NHSI user does not see the return at all (decision 0022).
    const notRequired = await nhsi.post(`/v1/api/Submission/${done.submissionId}/NhsiAuthorisation`);
    expect(notRequired.status).toBe(404);
    await setNhsiRequired(page, true);
    try {
      const authoriser = await t.as('authoriserA');
      await save(authoriser, done.submissionId, { content: {}, baseRevisionId: done.currentRevisionId });
      const draft = await nhsi.post(`/v1/api/Submission/${done.submissionId}/NhsiAuthorisation`);
      expect(draft.status).toBe(409);
      expect(draft.body.code).toBe('submission_not_completed');
    } finally {
      await setNhsiRequired(page, false);
    }
  });
});
