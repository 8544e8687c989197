import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { openNonRecipients } from '../../../test/support/returns-fixture';
import {
  auditActions,
  lock,
  newPage,
  newPeriod,
  pageFor,
  save,
} from '../../../test/support/submission-fixtures';

const t = useTestApp();

const lockedByPattern = (name: string) => new RegExp(`^Locked by ${name} since \\d{2}:\\d{2}$`);

describe('GET .../Submission (the form-entry page)', () => {
  it('before anything is saved: status none, no submission, the period form, abilities per role', async () => {
    const page = await newPage(t);
    const authoriser = await (await t.as('authoriserA')).get(page.url);
    expect(authoriser.status).toBe(200);
    expect(authoriser.body).toMatchObject({
      submissionId: null,
      status: 'none',
      content: '{}',
      completedPages: [],
      currentRevisionId: null,
      officialRevisionId: null,
      isLocked: false,
      canEdit: true,
      canSubmit: true,
      readOnlyReason: null,
      readOnlyCode: null,
      organisationName: expect.any(String),
      period: { reportingPeriodStatus: 'Open' },
      submissionRevisions: [],
    });
    expect(authoriser.body.form.definition.display).toBe('wizard');

    // The demo collection requires trust authorisation: a clerk edits but cannot submit, and is told why.
    const clerk = await (await t.as('clerkA')).get(page.url);
    expect(clerk.body).toMatchObject({
      canEdit: true,
      canSubmit: false,
      readOnlyReason: messages.submissionAuthoriserRequired,
      readOnlyCode: 'authoriser_required',
    });
    // A manager reads it but does not fill it in.
    const manager = await (await t.as('manager')).get(page.url);
    expect(manager.body).toMatchObject({
      canEdit: false,
      readOnlyReason: messages.submissionNoEditRole,
      readOnlyCode: 'no_edit_role',
    });
  });

  it('an administrator is offered to fill in a return exactly when the lock route lets them in', async () => {
    const page = await newPage(t);
    const admin = await t.as('collectionAdmin');
    const view = await admin.get(page.url);
    // The demo collection requires the trust's own sign-off, which nobody outside the trust gives.
    expect(view.body).toMatchObject({
      canEdit: true,
      canSubmit: false,
      readOnlyReason: messages.submissionAuthoriserRequired,
      readOnlyCode: 'authoriser_required',
    });
    expect((await admin.post(`${page.url}/Lock`)).status).toBe(200);
  });

  it('is 404 for a submitter of another organisation and for an organisation that is not a recipient', async () => {
    const page = await newPage(t);
    expect((await (await t.as('clerkB')).get(page.url)).status).toBe(404);
    const [other] = await openNonRecipients(t.database.db, 1);
    const url = page.url.replace(`/Organisation/${page.organisationId}/`, `/Organisation/${other!.id}/`);
    expect((await (await t.as('superAdmin')).get(url)).status).toBe(404);
    expect((await (await t.as('clerkA')).get(url)).status).toBe(404);
    const otherPeriod = page.url.replace(`/ReportingPeriod/${page.periodId}/`, '/ReportingPeriod/999999/');
    expect((await (await t.as('manager')).get(otherPeriod)).status).toBe(404);
  });

  it('shows a closed period read-only with the reason', async () => {
    const page = await newPage(t, { closed: true });
    const res = await (await t.as('authoriserA')).get(page.url);
    expect(res.body).toMatchObject({
      canEdit: false,
      canSubmit: false,
      readOnlyReason: messages.submissionPeriodClosed,
      readOnlyCode: 'period_closed',
      period: { reportingPeriodStatus: 'Closed' },
    });
  });

  it('says a period not open yet, and a period with no form, by code beside the words', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const authoriser = await t.as('authoriserA');
    const period = t.database.db.updateTable('reportingPeriod').where('id', '=', periodId);
    await period.set({ submissionsOpen: new Date(Date.now() + 86_400_000) }).execute();
    expect((await authoriser.get(page.url)).body).toMatchObject({
      canEdit: false,
      canSubmit: false,
      readOnlyReason: messages.submissionPeriodNotOpen,
      readOnlyCode: 'period_not_open',
    });
    await period.set({ submissionsOpen: new Date(Date.now() - 86_400_000), formId: null }).execute();
    expect((await authoriser.get(page.url)).body).toMatchObject({
      canEdit: false,
      canSubmit: false,
      form: null,
      readOnlyReason: messages.noFormDefinition,
      readOnlyCode: 'no_form_definition',
    });
  });
});

describe('POST / DELETE .../Submission/Lock', () => {
  it('two users racing for the lock: exactly one wins, the other gets 409 with who holds it', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    const results = await Promise.all([clerk.post(`${page.url}/Lock`), authoriser.post(`${page.url}/Lock`)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 409)!;
    expect(winner.body).toMatchObject({ isLocked: true, lockedByMe: true, status: 'none' });
    expect(winner.body.submissionId).toEqual(expect.any(Number));
    expect(loser.body.code).toBe('lock_held');
    expect(loser.body.title).toMatch(lockedByPattern(winner.body.lockedBy.name));

    // The loser sees the page read-only with the holder and the time.
    const loserClient = results[0] === loser ? clerk : authoriser;
    const view = (await loserClient.get(page.url)).body;
    expect(view).toMatchObject({ isLocked: true, lockedByMe: false, canEdit: false, canSubmit: false });
    expect(view.readOnlyReason).toMatch(lockedByPattern(winner.body.lockedBy.name));
    expect(view.readOnlyCode).toBe('locked');
    // ...and cannot save.
    const refused = await save(loserClient, view.submissionId, {
      content: { headcount: 1 },
      baseRevisionId: null,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('lock_held');
    expect(refused.body.title).toMatch(lockedByPattern(winner.body.lockedBy.name));
    // One submission row for the pair, whoever created it.
    const rows = await t.database.db
      .selectFrom('submission')
      .select('id')
      .where('reportingPeriodId', '=', page.periodId)
      .where('organisationId', '=', page.organisationId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the heartbeat renews the lock and keeps the time it was taken; taking it is audited once', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const first = await lock(clerk, page);
    await t.database.db
      .updateTable('submission')
      .set({ lockExpiresAt: new Date(Date.now() + 60_000) })
      .where('id', '=', first.submissionId)
      .execute();
    const second = await lock(clerk, page);
    expect(second.lockedOn).toBe(first.lockedOn);
    expect(Date.parse(second.lockExpiresAt)).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(await auditActions(t, first.submissionId)).toEqual(['submission.lock']);
  });

  it('a lock lapses after 20 minutes without a save or heartbeat: another user may take it', async () => {
    const page = await newPage(t);
    const first = await lock(await t.as('clerkA'), page);
    expect(Date.parse(first.lockExpiresAt) - Date.parse(first.lockedOn)).toBe(20 * 60_000);
    await t.database.db
      .updateTable('submission')
      .set({ lockExpiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', first.submissionId)
      .execute();
    const view = (await (await t.as('authoriserA')).get(page.url)).body;
    expect(view).toMatchObject({ isLocked: false, lockedBy: null, canEdit: true });
    const taken = await lock(await t.as('authoriserA'), page);
    expect(taken.lockedByMe).toBe(true);
    // The lapsed holder cannot save over it.
    const res = await save(await t.as('clerkA'), first.submissionId, { content: {}, baseRevisionId: null });
    expect(res.status).toBe(409);
  });

  it('the holder releases it; a clerk gets 409; a manager may release anyone’s (audited)', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');
    const held = await lock(authoriser, page);
    // A clerk may not release the authoriser's lock (the organisation's authoriser may release a clerk's:
    // lock-handover.test.ts).
    const other = await clerk.delete(`${page.url}/Lock`);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('lock_held');
    expect(other.body.title).toMatch(lockedByPattern(held.lockedBy.name));
    expect((await authoriser.delete(`${page.url}/Lock`)).status).toBe(204);
    const view = await lock(clerk, page);
    expect((await clerk.delete(`${page.url}/Lock`)).status).toBe(204);
    expect((await clerk.get(page.url)).body.isLocked).toBe(false);
    // Releasing what is not held is fine (idempotent).
    expect((await clerk.delete(`${page.url}/Lock`)).status).toBe(204);

    await lock(clerk, page);
    expect((await (await t.as('manager')).delete(`${page.url}/Lock`)).status).toBe(204);
    expect((await clerk.get(page.url)).body.isLocked).toBe(false);
    // A submission manager may not; to a submitter of another organisation it does not exist.
    await lock(clerk, page);
    expect((await (await t.as('submissionManager')).delete(`${page.url}/Lock`)).status).toBe(403);
    expect((await (await t.as('clerkB')).delete(`${page.url}/Lock`)).status).toBe(404);
    expect(await auditActions(t, view.submissionId)).toEqual([
      'submission.lock',
      'submission.unlock',
      'submission.lock',
      'submission.unlock',
      'submission.lock',
      'submission.unlock',
      'submission.lock',
    ]);
  });

  it('cannot be taken outside the open window (409 with the reason) or by a reader', async () => {
    const closed = await newPage(t, { closed: true });
    const res = await (await t.as('authoriserA')).post(`${closed.url}/Lock`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('window_closed');
    const open = await newPage(t);
    expect((await (await t.as('manager')).post(`${open.url}/Lock`)).status).toBe(403);
    // The demo collection does not require NHSI authorisation: its returns do not exist for the NHSI user.
    expect((await (await t.as('nhsi')).post(`${open.url}/Lock`)).status).toBe(404);
  });
});
