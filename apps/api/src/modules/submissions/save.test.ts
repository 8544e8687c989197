import { mergeSavedRevision, messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import {
  addDemoFormVersion,
  auditActions,
  closePeriodNow,
  completeAnswers,
  lock,
  lockNewPage,
  newPage,
  newPeriod,
  pageFor,
  save,
  startDraft,
  submit,
  withRecipientFlags,
} from '../../../test/support/submission-fixtures';
import { demoFormDefinition } from '../../db/seed/demo-collection';

const t = useTestApp();

const revisionCount = async (submissionId: number) =>
  (
    await t.database.db
      .selectFrom('submissionRevision')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submissionId', '=', submissionId)
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /Submission/{id}/SubmissionRevision: save a draft', () => {
  it('saves the content with empty values dropped, and the ticked wizard pages; a save renews the lock', async () => {
    const { page, client: clerk, view } = await lockNewPage(t, 'clerkA');
    const res = await save(clerk, view.submissionId, {
      // Staffing answered (a tick stands only on a page that passes the submit's checks: decision 0036).
      content: {
        headcount: 12,
        vacancies: 3,
        sicknessDays: null,
        comments: '  ',
        agencyShifts: 0,
        grid: [{}],
        extra: {},
      },
      baseRevisionId: null,
      completedPages: ['staffing', 'staffing'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers['server-timing']).toMatch(/^validate;dur=\d+\.\d{2}$/);
    expect(JSON.parse(res.body.content)).toEqual({ headcount: 12, vacancies: 3, agencyShifts: 0 });
    expect(res.body).toMatchObject({
      status: 'draft',
      completedPages: ['staffing'],
      officialRevisionId: null,
      revision: { status: 'draft', isOfficial: false, isDeleted: false },
    });
    expect(res.body.currentRevisionId).toBe(res.body.revision.id);
    expect(Date.parse(res.body.lockExpiresAt)).toBeGreaterThanOrEqual(Date.parse(view.lockExpiresAt));
    // The reply is what changed, not the form again; merged into the page's view it gives the server's view.
    expect(res.body.form).toBeUndefined();
    const { content: mergedContent, ...merged } = mergeSavedRevision(view, res.body);
    const { content: serverContent, ...server } = (await clerk.get(page.url)).body;
    expect(merged).toEqual(server);
    expect(JSON.parse(mergedContent)).toEqual(JSON.parse(serverContent));
    // Another session (the same clerk tomorrow) resumes the draft.
    const resumed = (await (await t.as('clerkA')).get(page.url)).body;
    expect(JSON.parse(resumed.content)).toEqual({ headcount: 12, vacancies: 3, agencyShifts: 0 });
    expect(resumed.completedPages).toEqual(['staffing']);
    expect(await auditActions(t, view.submissionId)).toEqual(['submission.lock', 'submission.saveDraft']);
  });

  it('keeps answer keys exactly as the form names them (q1_total stays q1_total) and drops keys it does not ask for', async () => {
    // A new version of the demo form with snake_case questions (a superset: later tests still fit).
    const definition = {
      ...demoFormDefinition,
      components: [
        ...demoFormDefinition.components,
        { type: 'number', key: 'q1_total', label: 'Q1 total', input: true },
        {
          type: 'datagrid',
          key: 'staff_grid',
          label: 'Staff',
          input: true,
          components: [{ type: 'number', key: 'band_5', label: 'Band 5', input: true }],
        },
      ],
    };
    await addDemoFormVersion(t, definition);
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page, {
      q1_total: 3,
      staff_grid: [{ band_5: 2, notAsked: 1 }],
      notInTheForm: 'dropped',
    });
    expect(JSON.parse(view.content)).toEqual({ q1_total: 3, staff_grid: [{ band_5: 2 }] });
    const revision = await clerk.get(`/v1/api/SubmissionRevision/${view.currentRevisionId}`);
    expect(JSON.parse(revision.body.content)).toEqual({ q1_total: 3, staff_grid: [{ band_5: 2 }] });
  });

  it('a stale save (naming an older revision) answers 409 and overwrites nothing', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const first = await startDraft(clerk, page, { headcount: 1 });
    const second = await save(clerk, first.submissionId, {
      content: { headcount: 2 },
      baseRevisionId: first.currentRevisionId,
    });
    expect(second.status).toBe(201);
    const stale = await save(clerk, first.submissionId, {
      content: { headcount: 3 },
      baseRevisionId: first.currentRevisionId,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_revision');
    const now = (await clerk.get(page.url)).body;
    expect(JSON.parse(now.content)).toEqual({ headcount: 2 });
    expect(now.currentRevisionId).toBe(second.body.currentRevisionId);
    expect(await revisionCount(first.submissionId)).toBe(2);
    // A first save that names no base when one exists is stale too.
    expect((await save(clerk, first.submissionId, { content: {}, baseRevisionId: null })).status).toBe(409);
  });

  it('two saves racing from the same base: one is written, the other is stale', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const first = await startDraft(clerk, page);
    const body = (headcount: number) => ({ content: { headcount }, baseRevisionId: first.currentRevisionId });
    const results = await Promise.all([
      save(clerk, first.submissionId, body(10)),
      save(clerk, first.submissionId, body(20)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await revisionCount(first.submissionId)).toBe(2);
  });

  it('without the lock: 409 (never taken, or released)', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page);
    expect((await clerk.delete(`${page.url}/Lock`)).status).toBe(204);
    const res = await save(clerk, view.submissionId, { content: {}, baseRevisionId: view.currentRevisionId });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('lock_required');
  });

  it('after the period closes: 409 with the reason, nothing saved', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page);
    await closePeriodNow(t, periodId);
    const res = await save(clerk, view.submissionId, {
      content: { headcount: 9 },
      baseRevisionId: view.currentRevisionId,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('window_closed');
    expect(await revisionCount(view.submissionId)).toBe(1);
    expect((await clerk.get(page.url)).body).toMatchObject({
      canEdit: false,
      readOnlyReason: messages.submissionPeriodClosed,
      readOnlyCode: 'period_closed',
    });
  });

  it('only a published collection takes returns: an archived one is gone for its submitters (404), read-only for others', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page);
    const db = t.database.db;
    const setStatus = (status: 'published' | 'archived') =>
      db.updateTable('collection').set({ status }).where('id', '=', page.collectionId).execute();
    // A manager who also enters RJ1's data (a clerk from elsewhere) still sees the archived collection.
    const manager = await t.userId('manager');
    const managerAsClerk = { ...page, userId: manager, role: 'DataEntryClerk' as const };
    await db
      .insertInto('collectionOrganisationRole')
      .values({
        collectionId: managerAsClerk.collectionId,
        organisationId: managerAsClerk.organisationId,
        userId: managerAsClerk.userId,
        role: managerAsClerk.role,
      })
      .execute();
    await setStatus('archived');
    try {
      // Submitters see published collections only (decision 0022): the return does not exist for them.
      const res = await save(clerk, view.submissionId, {
        content: {},
        baseRevisionId: view.currentRevisionId,
      });
      expect(res.status).toBe(404);
      expect((await clerk.post(`${page.url}/Lock`)).status).toBe(404);
      expect((await clerk.get(page.url)).status).toBe(404);
      expect(await revisionCount(view.submissionId)).toBe(1);
      const both = await t.as('manager');
      const locked = await both.post(`${page.url}/Lock`);
      expect(locked.status).toBe(409);
      expect(locked.body.code).toBe('collection_not_published');
      expect((await both.get(page.url)).body).toMatchObject({
        canEdit: false,
        readOnlyReason: messages.submissionCollectionNotPublished,
        readOnlyCode: 'collection_not_published',
      });
    } finally {
      await setStatus('published');
      await db
        .deleteFrom('collectionOrganisationRole')
        .where('userId', '=', manager)
        .where('collectionId', '=', page.collectionId)
        .execute();
    }
  });

  it('checks types, lengths and patterns on a draft (400 in our words, nothing saved), not required answers', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page);
    const res = await save(clerk, view.submissionId, {
      content: { headcount: 'lots', comments: 'x'.repeat(2001) },
      baseRevisionId: view.currentRevisionId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      headcount: ['Headcount must be a number'],
      comments: ['Comments must be 2,000 characters or fewer'],
    });
    expect(await revisionCount(view.submissionId)).toBe(1);
    // Negative numbers (min: 0) and missing required answers wait for submit.
    const ok = await save(clerk, view.submissionId, {
      content: { headcount: -1 },
      baseRevisionId: view.currentRevisionId,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('refuses an answer outside a static list and an answer or return over its size limit, on a draft (400, nothing saved)', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page);
    const offList = await save(clerk, view.submissionId, {
      content: { covidRelated: 'maybe' },
      baseRevisionId: view.currentRevisionId,
    });
    expect(offList.status).toBe(400);
    expect(offList.body.errors).toEqual({
      covidRelated: ["Select an answer to 'Were any absences COVID-19 related?' from the options given"],
    });
    const long = await save(clerk, view.submissionId, {
      content: { comments: 'x'.repeat(10_001) },
      baseRevisionId: view.currentRevisionId,
    });
    expect(long.body.errors.comments).toContain('Comments must be 10,000 characters or fewer');
    const huge = await save(clerk, view.submissionId, {
      content: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, 'y'.repeat(9_000)])),
      baseRevisionId: view.currentRevisionId,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors.form[0]).toMatch(
      /^This return is too large to save \(1\.1 MB\): a return can be at most 1 MB/,
    );
    expect(await revisionCount(view.submissionId)).toBe(1);
  });

  it('refuses a malformed body (400)', async () => {
    const { client: clerk, view } = await lockNewPage(t, 'clerkA');
    const url = `/v1/api/Submission/${view.submissionId}/SubmissionRevision`;
    expect((await clerk.post(url, { content: 'x', status: 'draft', baseRevisionId: null })).status).toBe(400);
    expect((await clerk.post(url, { content: {}, status: 'done', baseRevisionId: null })).status).toBe(400);
    expect((await clerk.post('/v1/api/Submission/999999/SubmissionRevision', {})).status).toBe(404);
  });
});

describe('POST /Submission/{id}/SubmissionRevision: submit', () => {
  it('a clerk cannot submit where trust authorisation is required (403 with the reason)', async () => {
    const { client: clerk, view } = await lockNewPage(t, 'clerkA');
    const res = await submit(clerk, view.submissionId, { baseRevisionId: null });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(messages.submissionAuthoriserRequired);
    expect(await revisionCount(view.submissionId)).toBe(0);
  });

  it('a clerk submits where trust authorisation is not required for the organisation', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    await withRecipientFlags(t, page, { isTrustAuthorisationRequired: false }, async () => {
      const clerk = await t.as('clerkA');
      expect((await clerk.get(page.url)).body).toMatchObject({ canSubmit: true, readOnlyReason: null });
      const view = await lock(clerk, page);
      const res = await submit(clerk, view.submissionId, { baseRevisionId: null });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });
  });

  it('submit with a missing required field: 400 with the message, nothing saved', async () => {
    const { client: authoriser, view } = await lockNewPage(t, 'authoriserA');
    const { vacancies: _left, ...incomplete } = completeAnswers;
    const res = await submit(authoriser, view.submissionId, {
      content: { ...incomplete, headcount: -5 },
      baseRevisionId: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      vacancies: ['Enter vacancies'],
      headcount: ['Headcount must be 0 or more'],
    });
    expect(await revisionCount(view.submissionId)).toBe(0);
  });

  it('submit makes the revision official; an amendment is a new draft and the official one stays until the next submit', async () => {
    const page = await newPage(t);
    const authoriser = await t.as('authoriserA');
    const draft = await startDraft(authoriser, page, { headcount: 5 });
    const submitted = await submit(authoriser, draft.submissionId, {
      baseRevisionId: draft.currentRevisionId,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const official = submitted.body.currentRevisionId;
    expect(submitted.body).toMatchObject({
      status: 'completed',
      officialRevisionId: official,
      revision: { id: official, status: 'completed', isOfficial: true },
    });
    expect((await authoriser.get(page.url)).body).toMatchObject({
      status: 'completed',
      officialRevisionId: official,
      submittedBy: { name: expect.any(String) },
      awaitingNhsiAuthorisation: false,
    });

    const amended = await save(authoriser, draft.submissionId, {
      content: { ...completeAnswers, headcount: 121 },
      baseRevisionId: official,
    });
    expect(amended.status).toBe(201);
    expect(amended.body).toMatchObject({ status: 'draft', officialRevisionId: official });
    expect(amended.body.currentRevisionId).not.toBe(official);
    const afterAmendment = (await authoriser.get(page.url)).body;
    expect(afterAmendment.submissionRevisions.map((r: { isOfficial: boolean }) => r.isOfficial)).toEqual([
      false,
      true,
      false,
    ]);

    const resubmitted = await submit(authoriser, draft.submissionId, {
      content: { ...completeAnswers, headcount: 121 },
      baseRevisionId: amended.body.currentRevisionId,
    });
    expect(resubmitted.body.officialRevisionId).toBe(resubmitted.body.currentRevisionId);
    expect(await auditActions(t, draft.submissionId)).toEqual([
      'submission.lock',
      'submission.saveDraft',
      'submission.submit',
      'submission.saveDraft',
      'submission.submit',
    ]);
  });

  it('a submit needs the declaration (400 naming it, nothing saved); the revision and the audit record who confirmed it and when', async () => {
    const page = await newPage(t);
    const authoriser = await t.as('authoriserA');
    const draft = await startDraft(authoriser, page, completeAnswers);
    for (const declaration of [undefined, false]) {
      const refused = await save(authoriser, draft.submissionId, {
        content: completeAnswers,
        status: 'completed',
        ...(declaration === undefined ? {} : { declaration }),
        baseRevisionId: draft.currentRevisionId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ declaration: [messages.submissionDeclarationRequired] });
    }
    expect(await revisionCount(draft.submissionId)).toBe(1);

    const before = new Date();
    const submitted = await submit(authoriser, draft.submissionId, {
      baseRevisionId: draft.currentRevisionId,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const db = t.database.db;
    const revision = await db
      .selectFrom('submissionRevision')
      .innerJoin('appUser', 'appUser.id', 'submissionRevision.declaredBy')
      .select(['declaration', 'declaredAt', 'appUser.email'])
      .where('submissionRevision.id', '=', submitted.body.currentRevisionId)
      .executeTakeFirstOrThrow();
    expect(revision.declaration).toBe(messages.submissionDeclaration);
    expect(revision.email).toMatch(/authoriser/i);
    expect(revision.declaredAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // The draft before it carries none.
    const first = await db
      .selectFrom('submissionRevision')
      .select(['declaration', 'declaredBy'])
      .where('id', '=', draft.currentRevisionId)
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ declaration: null, declaredBy: null });
    const audit = await db
      .selectFrom('auditLog')
      .select(['userId', 'after'])
      .where('entityType', '=', 'submission')
      .where('entityId', '=', String(draft.submissionId))
      .where('action', '=', 'submission.submit')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ declaration: messages.submissionDeclaration });

    // A draft needs no declaration, and one sent with it stores none.
    const amended = await save(authoriser, draft.submissionId, {
      content: completeAnswers,
      declaration: true,
      baseRevisionId: submitted.body.currentRevisionId,
    });
    expect(amended.status).toBe(201);
    const amendedRow = await db
      .selectFrom('submissionRevision')
      .select('declaration')
      .where('id', '=', amended.body.currentRevisionId)
      .executeTakeFirstOrThrow();
    expect(amendedRow.declaration).toBeNull();
  });
});
