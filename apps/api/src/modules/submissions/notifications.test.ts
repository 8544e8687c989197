import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/harness';
import { runJobs as runQueue } from '../../../test/support/jobs';
import {
  completeAnswers,
  lock,
  newPage,
  type Page,
  save,
  sendForSignOff,
  submit,
  withRecipientFlags,
} from '../../../test/support/submission-fixtures';
import { notificationJobs } from '../notifications/jobs';

/**
 * The emails the submissions workflow raises (decision 0006), seen in the outbox after the job queue
 * has run: no SMTP server here (the embedded default keeps each email as a 'kept' outbox row);
 * delivery itself is the notifications tests' business.
 */

const t = useTestApp();
beforeAll(async () => {
  await setEmailEnabled(true);
  await t.database.db
    .updateTable('collection')
    .set({ isEmailEnabled: true })
    .where('id', '=', await t.demoCollectionId())
    .execute();
});

async function setEmailEnabled(enabled: boolean) {
  const res = await (await t.as('superAdmin')).put('/v1/api/FeatureFlag/EMAILENABLED', { enabled });
  expect(res.status).toBe(200);
}

/** The notification jobs only, as the service's worker runs them. */
const runJobs = () => runQueue(t, { jobs: notificationJobs });

/** The period's emails so far: per event type, the addresses (sorted), with subject and body. */
async function outbox(page: Page) {
  const rows = await t.database.db
    .selectFrom('mailOutbox')
    .select(['eventType', 'toAddress', 'subject', 'bodyText', 'status'])
    .where('reportingPeriodId', '=', page.periodId)
    .orderBy('toAddress')
    .execute();
  const of = (eventType: string) => rows.filter((r) => r.eventType === eventType);
  const to = (eventType: string) => of(eventType).map((r) => r.toAddress);
  return { rows, of, to };
}

async function release(client: Awaited<ReturnType<TestApp['as']>>, page: Page) {
  expect((await client.delete(`${page.url}/Lock`)).status).toBeLessThan(300);
}

describe('emails raised by saving, submitting and returning', () => {
  it('authorisation requested when a draft is sent for sign-off (never on a draft save), submitted, returned with the reason', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    const authoriser = await t.as('authoriserA');

    // Drafts, even one that would pass the submit's checks, ask nobody (decision 0036).
    let view = await lock(clerk, page);
    let res = await save(clerk, view.submissionId, { content: { headcount: 1 }, baseRevisionId: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    res = await save(clerk, view.submissionId, {
      content: completeAnswers,
      baseRevisionId: res.body.currentRevisionId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs();
    expect((await outbox(page)).rows).toEqual([]);

    // Sent for sign-off: the authorisers are asked, once for that revision.
    res = await save(clerk, view.submissionId, {
      content: completeAnswers,
      baseRevisionId: res.body.currentRevisionId,
      sendForSignOff: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs();
    let mails = await outbox(page);
    expect(mails.to('authorisationRequested')).toEqual(['authoriser.a@dcf.example']);
    expect(mails.of('authorisationRequested')[0]).toMatchObject({
      status: 'kept',
      subject: expect.stringContaining('needs your authorisation'),
      bodyText: expect.stringContaining('for sign-off'),
    });

    // The authoriser submits: the submitter and the organisation's authorisers (here one person), once.
    await release(clerk, page);
    view = await lock(authoriser, page);
    res = await submit(authoriser, view.submissionId, {
      content: { ...completeAnswers, headcount: 121 },
      baseRevisionId: view.currentRevisionId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs();
    mails = await outbox(page);
    expect(mails.to('submitted')).toEqual(['authoriser.a@dcf.example']);
    expect(mails.of('submitted')[0]?.subject).toContain('return submitted for');
    await release(authoriser, page);

    // A manager returns it: the clerks and authorisers, with the reason.
    const returned = await (await t.as('manager')).post(`/v1/api/Submission/${view.submissionId}/Return`, {
      reason: 'Headcount looks too high.',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await runJobs();
    mails = await outbox(page);
    expect(mails.to('returned')).toEqual(['authoriser.a@dcf.example', 'clerk.a@dcf.example']);
    for (const mail of mails.of('returned')) expect(mail.bodyText).toContain('Headcount looks too high.');

    // The clerk corrects it and sends it again: the authorisers are asked again.
    ({ view } = await sendForSignOff(clerk, page, { ...completeAnswers, vacancies: 5 }));
    await release(clerk, page);
    await runJobs();
    mails = await outbox(page);
    expect(mails.to('authorisationRequested')).toEqual([
      'authoriser.a@dcf.example',
      'authoriser.a@dcf.example',
    ]);

    // The authoriser sends it back: the clerks, with the reason; not the authoriser.
    const sentBack = await authoriser.post(`/v1/api/Submission/${view.submissionId}/SendBack`, {
      reason: 'Vacancies do not match the rota.',
    });
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    await runJobs();
    mails = await outbox(page);
    expect(mails.to('sentBack')).toEqual(['clerk.a@dcf.example']);
    expect(mails.of('sentBack')[0]).toMatchObject({
      subject: expect.stringContaining('has been sent back to you'),
      bodyText: expect.stringContaining('Vacancies do not match the rota.'),
    });
    expect(mails.rows).toHaveLength(6);
  }, 120_000); // a dozen requests and five queue runs: 31 s at load 22, past the 30 s default

  it('an authoriser’s own draft and a refused submit raise nothing', async () => {
    const page = await newPage(t);
    const clerk = await t.as('clerkA');
    let view = await lock(clerk, page);
    const refused = await submit(clerk, view.submissionId, { baseRevisionId: null });
    expect(refused.status).toBe(403);
    await release(clerk, page);
    const authoriser = await t.as('authoriserA');
    view = await lock(authoriser, page);
    const draft = await save(authoriser, view.submissionId, {
      content: completeAnswers,
      baseRevisionId: null,
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    await runJobs();
    expect((await outbox(page)).rows).toEqual([]);
  });

  it('with EMAILENABLED off the events run but nothing is queued for delivery', async () => {
    const page = await newPage(t);
    await setEmailEnabled(false);
    try {
      const clerk = await t.as('clerkA');
      const { sent } = await sendForSignOff(clerk, page);
      await release(clerk, page);
      const authoriser = await t.as('authoriserA');
      const view = await lock(authoriser, page);
      const submitted = await submit(authoriser, view.submissionId, {
        baseRevisionId: view.currentRevisionId,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      await runJobs();

      const db = t.database.db;
      const events = await db
        .selectFrom('job')
        .select(['key', 'status'])
        .where('key', 'like', `event:%:${view.submissionId}:%`)
        .orderBy('key')
        .execute();
      expect(events).toEqual([
        {
          key: `event:authorisationRequested:${view.submissionId}:${sent.body.currentRevisionId}`,
          status: 'done',
        },
        { key: `event:submitted:${view.submissionId}:${submitted.body.currentRevisionId}`, status: 'done' },
      ]);
      expect((await outbox(page)).rows).toEqual([]);
      const deliveries = await db
        .selectFrom('job')
        .select('id')
        .where('name', 'in', ['mail.send', 'mail.sendBatch'])
        .where('status', '=', 'pending')
        .execute();
      expect(deliveries).toEqual([]);
    } finally {
      await setEmailEnabled(true);
    }
  });
});

describe('NHSI authorisation emails', () => {
  /** The clerk (who may submit: no trust authorisation here) submits the complete answers. */
  async function clerkSubmits(page: Page, content: Record<string, unknown> = completeAnswers) {
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, page);
    const res = await submit(clerk, view.submissionId, { content, baseRevisionId: view.currentRevisionId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = (await clerk.get(page.url)).body;
    await release(clerk, page);
    return after;
  }

  const managementOrganisation = ['collection.admin@dcf.example', 'nhsi.user@dcf.example'];

  it('requested from the management organisation once per submitted revision; authorised to the submitter and authorisers once', async () => {
    const page = await newPage(t);
    await withRecipientFlags(
      t,
      page,
      { isNhsiAuthorisationRequired: true, isTrustAuthorisationRequired: false },
      async () => {
        // A draft awaits nothing.
        const clerk = await t.as('clerkA');
        let view = await lock(clerk, page);
        const draft = await save(clerk, view.submissionId, {
          content: completeAnswers,
          baseRevisionId: null,
        });
        expect(draft.status, JSON.stringify(draft.body)).toBe(201);
        await release(clerk, page);
        await runJobs();
        expect((await outbox(page)).to('nhsiAuthorisationRequested')).toEqual([]);

        // The submit: the management-organisation users are asked, in plain English, with the link.
        view = await clerkSubmits(page);
        expect(view.awaitingNhsiAuthorisation).toBe(true);
        await runJobs();
        await runJobs();
        let mails = await outbox(page);
        expect(mails.to('nhsiAuthorisationRequested')).toEqual(managementOrganisation);
        const request = mails.of('nhsiAuthorisationRequested')[0];
        expect(request?.subject).toContain('needs NHSI authorisation');
        expect(request?.bodyText).toContain('This return needs NHSI authorisation.');
        expect(request?.bodyText).toContain(
          `/form/collection/${page.collectionId}/organisation/${page.organisationId}/reportingPeriod/${page.periodId}`,
        );

        // A management-organisation user authorises: the submitter (the clerk) and the authorisers, once;
        // a second attempt is refused and sends nothing.
        const nhsi = await t.as('nhsi');
        const url = `/v1/api/Submission/${view.submissionId}/NhsiAuthorisation`;
        expect((await nhsi.post(url)).status).toBe(200);
        expect((await nhsi.post(url)).status).toBe(409);
        await runJobs();
        mails = await outbox(page);
        expect(mails.to('nhsiAuthorised')).toEqual(['authoriser.a@dcf.example', 'clerk.a@dcf.example']);
        for (const mail of mails.of('nhsiAuthorised')) {
          expect(mail.subject).toContain('has NHSI authorisation');
          expect(mail.bodyText).toContain('Nadia Regulator gave NHSI authorisation for the');
        }

        // A resubmission is a new revision to authorise: asked again, once.
        await clerkSubmits(page, { ...completeAnswers, vacancies: 5 });
        await runJobs();
        mails = await outbox(page);
        expect(mails.to('nhsiAuthorisationRequested')).toEqual(
          [...managementOrganisation, ...managementOrganisation].sort(),
        );
        expect(mails.to('nhsiAuthorised')).toHaveLength(2);
      },
    );
  });

  it('with EMAILENABLED off both events run but nothing is queued', async () => {
    const page = await newPage(t);
    await withRecipientFlags(
      t,
      page,
      { isNhsiAuthorisationRequired: true, isTrustAuthorisationRequired: false },
      async () => {
        await setEmailEnabled(false);
        try {
          const view = await clerkSubmits(page);
          const res = await (await t.as('nhsi')).post(
            `/v1/api/Submission/${view.submissionId}/NhsiAuthorisation`,
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          await runJobs();
          const events = await t.database.db
            .selectFrom('job')
            .select(['key', 'status'])
            .where('key', 'like', `event:nhsi%:${view.submissionId}:%`)
            .orderBy('key')
            .execute();
          expect(events).toEqual([
            {
              key: `event:nhsiAuthorisationRequested:${view.submissionId}:${view.officialRevisionId}`,
              status: 'done',
            },
            { key: `event:nhsiAuthorised:${view.submissionId}:${view.officialRevisionId}`, status: 'done' },
          ]);
          expect((await outbox(page)).rows).toEqual([]);
        } finally {
          await setEmailEnabled(true);
        }
      },
    );
  });
});
