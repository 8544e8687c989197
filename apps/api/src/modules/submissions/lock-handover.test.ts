import { randomUUID } from 'node:crypto';
import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import {
  auditActions,
  completeAnswers,
  lock,
  lockNewPage,
  newPage,
  type Page,
  save,
  sendForSignOff,
  startDraft,
  submit,
  withRecipientFlags,
} from '../../../test/support/submission-fixtures';

/**
 * The return between people (decision 0036), through HTTP on both engines: a page that has left never
 * takes the lock again, the organisation's authoriser may release a lock, a draft is sent for sign-off
 * only when it passes the submit's checks, and the authoriser may send it back with a reason.
 */

const t = useTestApp();

const takeAs = (client: Client, page: Page, pageToken: string) =>
  client.post(`${page.url}/Lock`, { pageToken });
const leave = (client: Client, page: Page, pageToken: string) =>
  client.delete(`${page.url}/Lock?pageToken=${pageToken}`);
const viewOf = async (client: Client, page: Page) => (await client.get(page.url)).body;
const signOffList = async (client: Client) =>
  ((await client.get('/v1/api/View/Worklist/SignOff')).body.items as { submissionId: number }[]).map(
    (i) => i.submissionId,
  );
const returnedList = async (client: Client) =>
  (await client.get('/v1/api/View/Worklist/Returned')).body.items as {
    submissionId: number;
    returnedReason: string | null;
  }[];

describe('a page that has left never takes the lock again', () => {
  it("a lock request arriving after its page's release is refused, even on a return nobody has opened", async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const token = randomUUID();
    // The release arrives first (the page left while its lock request was on its way).
    expect((await leave(clerk, page, token)).status).toBe(204);
    const late = await takeAs(clerk, page, token);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'lock_page_closed', title: messages.submissionPageClosed });
    expect(await viewOf(clerk, page)).toMatchObject({ isLocked: false, status: 'none' });
    // The next visit is another page, with another token.
    expect((await takeAs(clerk, page, randomUUID())).body).toMatchObject({ lockedByMe: true });
  });

  it('a lock request and the release of the same page racing: whichever wins, nothing stays locked', async () => {
    const clerk = await t.as('clerkA');
    const pages = [...(await Promise.all([1, 2, 3].map(async () => newPage(t)))), await newPage(t)];
    const existing = pages[3]!;
    for (let round = 0; round < 6; round++) {
      // Three returns nobody opened (the release may have to make the row), and one opened many times.
      const page = round < 3 ? pages[round]! : existing;
      const token = randomUUID();
      const [taken, left] = await Promise.all([takeAs(clerk, page, token), leave(clerk, page, token)]);
      expect(left.status).toBe(204);
      expect([200, 409]).toContain(taken.status);
      if (taken.status === 409) expect(taken.body.code).toBe('lock_page_closed');
      expect((await viewOf(clerk, page)).isLocked, `round ${round}: ${taken.status}`).toBe(false);
      // The page's heartbeat after it left is refused too.
      expect((await takeAs(clerk, page, token)).status).toBe(409);
    }
  });

  it("a page leaving drops only its own lock: the same person's other tab and someone else's stay", async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const [first, second] = [randomUUID(), randomUUID()];
    expect((await takeAs(clerk, page, first)).status).toBe(200);
    // The same person opens the return in another tab: that tab holds it from now on.
    expect((await takeAs(clerk, page, second)).status).toBe(200);
    expect((await leave(clerk, page, first)).status).toBe(204);
    expect(await viewOf(clerk, page)).toMatchObject({ isLocked: true, lockedByMe: true });
    expect((await leave(clerk, page, second)).status).toBe(204);
    expect((await viewOf(clerk, page)).isLocked).toBe(false);

    const authoriser = await t.as('authoriserA');
    expect((await takeAs(authoriser, page, randomUUID())).status).toBe(200);
    expect((await leave(clerk, page, randomUUID())).status).toBe(204);
    expect(await viewOf(clerk, page)).toMatchObject({
      isLocked: true,
      lockedBy: { name: 'Alex Authoriser' },
    });
  });

  it('a token that is not a UUID is refused (400); a lock request without a body still works', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    expect((await clerk.request('POST', `${page.url}/Lock`)).status).toBe(200);
    expect((await clerk.request('DELETE', `${page.url}/Lock`)).status).toBe(204);
    expect((await clerk.post(`${page.url}/Lock`, { pageToken: 'x' })).status).toBe(400);
    expect((await clerk.delete(`${page.url}/Lock?pageToken=x`)).status).toBe(400);
  });
});

describe("the organisation's authoriser may release a lock on its return", () => {
  it('releases the clerk’s lock (audited), and the view tells each person who can', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    const held = await lock(clerk, page);
    expect(await viewOf(authoriser, page)).toMatchObject({
      isLocked: true,
      lockedByMe: false,
      canEdit: false,
      canReleaseLock: true,
      lockedBy: { name: 'Chris Clerk' },
      lockExpiresAt: expect.any(String),
    });
    expect((await viewOf(await t.as('manager'), page)).canReleaseLock).toBe(true);
    expect((await viewOf(await t.as('submissionManager'), page)).canReleaseLock).toBe(false);
    expect((await viewOf(clerk, page)).canReleaseLock).toBe(false);

    expect((await authoriser.delete(`${page.url}/Lock`)).status).toBe(204);
    expect(await viewOf(authoriser, page)).toMatchObject({ isLocked: false, canEdit: true });
    expect(await auditActions(t, held.submissionId)).toEqual(['submission.lock', 'submission.unlock']);
    // The clerk then sees the authoriser's lock, which they may not release.
    await lock(authoriser, page);
    expect(await viewOf(clerk, page)).toMatchObject({ canReleaseLock: false, canEdit: false });
    expect((await clerk.delete(`${page.url}/Lock`)).status).toBe(409);
  });

  it('an authoriser who is not the organisation’s own staff may not', async () => {
    const page = await newPage(t);
    const db = t.database.db;
    const collectionId = await t.demoCollectionId();
    const outsider = await t.userId('authoriserB');
    // Given before the own-staff rule: RJ1's authoriser role held by RGT's staff.
    await db
      .insertInto('collectionOrganisationRole')
      .values({ collectionId, organisationId: page.organisationId, userId: outsider, role: 'Authoriser' })
      .execute();
    try {
      await lock(await t.as('clerkA'), page);
      const stranger = await t.as('authoriserB');
      expect((await viewOf(stranger, page)).canReleaseLock).toBe(false);
      expect((await stranger.delete(`${page.url}/Lock`)).status).toBe(409);
      const draft = await viewOf(stranger, page);
      expect(draft.isLocked).toBe(true);
    } finally {
      await db
        .deleteFrom('collectionOrganisationRole')
        .where('userId', '=', outsider)
        .where('organisationId', '=', page.organisationId)
        .where('collectionId', '=', collectionId)
        .execute();
    }
  });
});

describe('send for sign-off', () => {
  it('runs the submit’s checks and lists what is missing; nothing is saved or sent until they pass', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    const view = await lock(clerk, page);
    expect(view).toMatchObject({ canSendForSignOff: true, canSubmit: false, sentForSignOff: null });

    const refused = await save(clerk, view.submissionId, {
      content: { headcount: 4 },
      baseRevisionId: null,
      sendForSignOff: true,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['covidRelated', 'sicknessDays', 'vacancies']);
    expect(refused.body.errors.vacancies).toEqual(['Enter vacancies']);
    expect(await viewOf(clerk, page)).toMatchObject({ currentRevisionId: null, sentForSignOff: null });
    expect(await signOffList(authoriser)).not.toContain(view.submissionId);

    // A draft that would pass is still a draft: it waits on nobody's list until it is sent.
    const draft = await save(clerk, view.submissionId, { content: completeAnswers, baseRevisionId: null });
    expect(draft.status).toBe(201);
    expect(draft.body.sentForSignOff).toBeNull();
    expect(await signOffList(authoriser)).not.toContain(view.submissionId);

    const sent = await save(clerk, view.submissionId, {
      content: completeAnswers,
      baseRevisionId: draft.body.currentRevisionId,
      sendForSignOff: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ status: 'draft', sentForSignOff: { by: { name: 'Chris Clerk' } } });
    expect(await signOffList(authoriser)).toContain(view.submissionId);
    expect((await viewOf(authoriser, page)).sentForSignOff).toMatchObject({ by: { name: 'Chris Clerk' } });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityType', '=', 'submission')
      .where('entityId', '=', String(view.submissionId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'submission.saveDraft', after: { sentForSignOff: true } });

    // The clerk changes it afterwards: off the list until sent again (what waits has passed the checks).
    const changed = await save(clerk, view.submissionId, {
      content: { ...completeAnswers, vacancies: 7 },
      baseRevisionId: sent.body.currentRevisionId,
    });
    expect(changed.body.sentForSignOff).toBeNull();
    expect(await signOffList(authoriser)).not.toContain(view.submissionId);
  });

  it('an authoriser’s draft leaves it on the list; a submit takes it off', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    await sendForSignOff(clerk, page);
    await clerk.delete(`${page.url}/Lock`);
    const view = await lock(authoriser, page);
    const touched = await save(authoriser, view.submissionId, {
      content: { ...completeAnswers, comments: 'Checked' },
      baseRevisionId: view.currentRevisionId,
    });
    expect(touched.body.sentForSignOff).toMatchObject({ by: { name: 'Chris Clerk' } });
    expect(await signOffList(authoriser)).toContain(view.submissionId);
    const submitted = await submit(authoriser, view.submissionId, {
      content: { ...completeAnswers, comments: 'Checked' },
      baseRevisionId: touched.body.currentRevisionId,
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.sentForSignOff).toBeNull();
    expect(await signOffList(authoriser)).not.toContain(view.submissionId);
  });

  it('is refused where trust authorisation is not required (409): the clerk submits', async () => {
    const page = await newPage(t);
    await withRecipientFlags(t, page, { isTrustAuthorisationRequired: false }, async () => {
      const clerk = await t.as('clerkA');
      const view = await lock(clerk, page);
      expect(view).toMatchObject({ canSendForSignOff: false, canSubmit: true, canSendBack: false });
      const res = await save(clerk, view.submissionId, {
        content: completeAnswers,
        baseRevisionId: null,
        sendForSignOff: true,
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('signoff_not_required');
    });
  });
});

describe('send back', () => {
  it('the authoriser sends a draft back with a reason: audited, on the clerk’s list and the return, until sent again', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    const { view, sent } = await sendForSignOff(clerk, page);
    expect((await viewOf(authoriser, page)).canSendBack).toBe(true);
    expect((await viewOf(clerk, page)).canSendBack).toBe(false);

    const blank = await authoriser.post(`/v1/api/Submission/${view.submissionId}/SendBack`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason).toEqual([messages.required]);

    // The clerk still holds the lock: sending back changes no answer, so it does not need it.
    const back = await authoriser.post(`/v1/api/Submission/${view.submissionId}/SendBack`, {
      reason: 'Vacancies do not match the rota',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({
      status: 'draft',
      sentForSignOff: null,
      sentBack: { by: { name: 'Alex Authoriser' }, reason: 'Vacancies do not match the rota' },
    });
    expect(await signOffList(authoriser)).not.toContain(view.submissionId);
    expect(await returnedList(clerk)).toContainEqual(
      expect.objectContaining({
        submissionId: view.submissionId,
        returnedReason: 'Vacancies do not match the rota',
      }),
    );
    expect((await returnedList(authoriser)).map((r) => r.submissionId)).not.toContain(view.submissionId);
    expect((await viewOf(clerk, page)).sentBack).toMatchObject({ reason: 'Vacancies do not match the rota' });
    expect(await auditActions(t, view.submissionId)).toContain('submission.sendBack');

    // The clerk corrects it and sends it again: the note goes, the authoriser has it back.
    const again = await save(clerk, view.submissionId, {
      content: { ...completeAnswers, vacancies: 9 },
      baseRevisionId: sent.body.currentRevisionId,
      sendForSignOff: true,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ sentBack: null, sentForSignOff: { by: { name: 'Chris Clerk' } } });
    expect((await returnedList(clerk)).map((r) => r.submissionId)).not.toContain(view.submissionId);
    expect(await signOffList(authoriser)).toContain(view.submissionId);
  });

  it("is the organisation's own authoriser's alone", async () => {
    const page = await newPage(t);
    const draft = await startDraft(await t.as('clerkA'), page, completeAnswers);
    const url = `/v1/api/Submission/${draft.submissionId}/SendBack`;
    const body = { reason: 'No' };
    // A clerk, a manager and a submission manager are refused; another organisation's staff do not see it.
    for (const persona of ['clerkA', 'manager', 'submissionManager'] as const)
      expect((await (await t.as(persona)).post(url, body)).status, persona).toBe(403);
    expect((await (await t.as('authoriserB')).post(url, body)).status).toBe(404);
    // An administrator passes every scoped rule but is not the organisation's authoriser.
    const admin = await (await t.as('superAdmin')).post(url, body);
    expect(admin.status).toBe(403);
    expect(admin.body.detail ?? admin.body.title).toBe(messages.submissionSendBackNotAllowed);
    expect((await viewOf(await t.as('clerkA'), page)).sentBack).toBeNull();
  });

  it('only a saved draft, only where trust authorisation is required (409)', async () => {
    const { client: authoriser, view } = await lockNewPage(t, 'authoriserA');
    // Not started: no revision yet.
    let res = await authoriser.post(`/v1/api/Submission/${view.submissionId}/SendBack`, { reason: 'x' });
    expect(res.body.code).toBe('submission_not_draft');
    const submitted = await submit(authoriser, view.submissionId, { baseRevisionId: null });
    expect(submitted.status).toBe(201);
    res = await authoriser.post(`/v1/api/Submission/${view.submissionId}/SendBack`, { reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('submission_not_draft');
    const other = await newPage(t);
    await withRecipientFlags(t, other, { isTrustAuthorisationRequired: false }, async () => {
      const draft = await startDraft(authoriser, other, completeAnswers);
      const refused = await authoriser.post(`/v1/api/Submission/${draft.submissionId}/SendBack`, {
        reason: 'x',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('signoff_not_required');
    });
  });
});

describe("'This page is complete'", () => {
  it('stays ticked only on pages whose questions pass the submit’s checks', async () => {
    const { page, client: clerk, view } = await lockNewPage(t, 'clerkA');
    const res = await save(clerk, view.submissionId, {
      content: { headcount: 10, vacancies: 2, sicknessDays: 3 },
      baseRevisionId: null,
      completedPages: ['staffing', 'sickness'],
    });
    expect(res.status).toBe(201);
    // Staffing is answered; Sickness absence lacks its COVID-19 question.
    expect(res.body.completedPages).toEqual(['staffing']);
    expect((await viewOf(clerk, page)).completedPages).toEqual(['staffing']);
  });
});
