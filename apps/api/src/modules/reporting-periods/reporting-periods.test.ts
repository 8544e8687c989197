import { messages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditActionsFor, auditEntries } from '../../../test/support/audit';
import { formNotOfCollectionMessage } from './service';

let demoId: number;
const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
});

const url = (collectionId: number, rest = '') => `/v1/api/Collection/${collectionId}/ReportingPeriod${rest}`;

/** A new draft collection the manager sets up (the manager becomes its collection manager). */
async function newCollection(name: string, period: 'financialYear' | 'calendarYear' = 'financialYear') {
  const res = await (await t.as('manager')).post('/v1/api/Collection', { name, period });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const april2026 = {
  name: 'April 2026',
  start: '2026-04-01',
  end: '2026-04-30',
  submissionsOpen: '2026-05-01T00:00:00+01:00',
  submissionsClose: '2026-05-21T00:00:00+01:00',
};

/** Records a submission on a period directly, as a save would. */
async function submitOn(periodId: number) {
  const db = t.database.db;
  const period = await db
    .selectFrom('reportingPeriod')
    .select(['collectionId', 'formId'])
    .where('id', '=', periodId)
    .executeTakeFirstOrThrow();
  let formId = period.formId;
  if (formId === null) {
    formId = (
      await db
        .insertInto('form')
        .values({
          collectionId: period.collectionId,
          version: 1,
          definition: JSON.stringify({ display: 'form', components: [] }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const organisation = await db.selectFrom('organisation').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('submission')
    .values({
      collectionId: period.collectionId,
      reportingPeriodId: periodId,
      organisationId: organisation.id,
      formId,
      status: 'draft',
    })
    .execute();
}

describe('GET /Collection/{id}/ReportingPeriod', () => {
  it('lists the demo periods sorted by start, with London deadlines as instants and the status now', async () => {
    for (const persona of ['manager', 'submissionManager', 'clerkA', 'superAdmin'] as const) {
      const res = await (await t.as(persona)).get(url(demoId));
      expect(res.status, persona).toBe(200);
      expect(res.body).toHaveLength(7);
      const starts = res.body.map((p: any) => p.start);
      expect(starts).toEqual([...starts].sort());
      expect(new Set(res.body.map((p: any) => p.reportingPeriodStatus))).toEqual(
        new Set(['Open', 'Closed', 'Future']),
      );
    }
    const [first] = (await (await t.as('manager')).get(url(demoId))).body;
    expect(first).toMatchObject({
      collectionId: demoId,
      formId: expect.any(Number),
      ifSubmissionReopens: false,
      submissionsReopen: null,
      hasSubmissions: false,
    });
    expect(first.submissionsOpen).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
  });

  it('answers 401 without a session', async () => {
    expect((await t.anonymous().get(url(demoId))).status).toBe(401);
  });

  it('hides an unpublished collection from its submitters, and unknown collections from everyone (404)', async () => {
    const id = await newCollection('Draft with a submitter');
    const clerk = await t.as('clerkA');
    const clerkUserId = await t.userId('clerkA');
    const organisation = await t.database.db
      .selectFrom('organisation')
      .select('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('collectionOrganisation')
      .values({ collectionId: id, organisationId: organisation.id })
      .execute();
    await t.database.db
      .insertInto('collectionOrganisationRole')
      .values({
        collectionId: id,
        organisationId: organisation.id,
        userId: clerkUserId,
        role: 'DataEntryClerk',
      })
      .execute();
    expect((await clerk.get(url(id))).status).toBe(404);
    expect((await (await t.as('clerkB')).get(url(id))).status).toBe(404);
    expect((await (await t.as('superAdmin')).get(url(999999))).status).toBe(404);
  });
});

describe('POST /Collection/{id}/ReportingPeriod', () => {
  it('adds a period with the newest form version, audited, and the list is sorted by start', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Periods by hand');
    const march = await manager.post(url(id), {
      collectionId: id,
      name: 'March 2026',
      start: '2026-03-01',
      end: '2026-03-31',
      submissionsOpen: '2026-04-01T00:00:00+01:00',
      submissionsClose: '2026-04-21T00:00:00+01:00',
    });
    expect(march.status).toBe(201);
    const res = await manager.post(url(id), {
      ...april2026,
      collectionId: id,
      submissionsReopen: '2026-06-01T00:00:00+01:00',
      submissionsReclose: '2026-06-08T00:00:00+01:00',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      collectionId: id,
      name: 'April 2026',
      start: '2026-04-01',
      end: '2026-04-30',
      formId: null,
      submissionsOpen: '2026-04-30T23:00:00.000Z',
      submissionsClose: '2026-05-20T23:00:00.000Z',
      submissionsReopen: '2026-05-31T23:00:00.000Z',
      submissionsReclose: '2026-06-07T23:00:00.000Z',
      ifSubmissionReopens: true,
      hasSubmissions: false,
    });
    const list = await manager.get(url(id));
    expect(list.body.map((p: any) => p.name)).toEqual(['March 2026', 'April 2026']);
    expect(await auditActionsFor(t, 'reportingPeriod', { entityId: res.body.id })).toEqual([
      'reportingPeriod.create',
    ]);
  });

  it('accepts dates with separate London times, as the period form sends them', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Times apart');
    const res = await manager.post(url(id), {
      name: 'Winter',
      start: '2026-01-01',
      end: '2026-01-31',
      submissionsOpen: '2026-02-01',
      openTime: '09:00',
      submissionsClose: '2026-04-01',
      closeTime: '17:30:00',
    });
    expect(res.status).toBe(201);
    expect(res.body.submissionsOpen).toBe('2026-02-01T09:00:00.000Z');
    expect(res.body.submissionsClose).toBe('2026-04-01T16:30:00.000Z');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: '' }, 'name', messages.required],
    ['start missing', { start: undefined }, 'start', messages.required],
    ['close missing', { submissionsClose: null }, 'submissionsClose', messages.required],
    ['invalid date', { end: '2026-02-30' }, 'end', messages.invalidDate],
    ['invalid instant', { submissionsOpen: 'soon' }, 'submissionsOpen', messages.invalidDate],
    ['year above 2040', { end: '2041-01-01' }, 'end', messages.yearTooLate],
    [
      'instant year above 2040',
      { submissionsClose: '2041-01-01T00:00:00Z' },
      'submissionsClose',
      messages.yearTooLate,
    ],
    ['end before start', { end: '2026-03-31' }, 'end', messages.periodEndBeforeStart],
    [
      'open before start',
      { submissionsOpen: '2026-03-31T12:00:00+01:00' },
      'submissionsOpen',
      messages.periodOpenBeforeStart,
    ],
    [
      'close before start',
      { submissionsClose: '2026-03-30T00:00:00+01:00' },
      'submissionsClose',
      messages.periodCloseBeforeStart,
    ],
    [
      'close before open',
      { submissionsClose: '2026-04-30T00:00:00+01:00' },
      'submissionsClose',
      messages.periodCloseBeforeOpen,
    ],
    [
      'reopen not after close',
      { submissionsReopen: '2026-05-21T00:00:00+01:00', submissionsReclose: '2026-06-01T00:00:00+01:00' },
      'submissionsReopen',
      messages.periodReopenNotAfterClose,
    ],
    [
      'reclose not after reopen',
      { submissionsReopen: '2026-06-01T00:00:00+01:00', submissionsReclose: '2026-06-01T00:00:00+01:00' },
      'submissionsReclose',
      messages.periodRecloseNotAfterReopen,
    ],
    [
      'reclose missing when reopening',
      { ifSubmissionReopens: true, submissionsReopen: '2026-06-01T00:00:00+01:00' },
      'submissionsReclose',
      messages.reopenRequired,
    ],
    ['invalid time', { submissionsOpen: '2026-05-01', openTime: '24:00' }, 'openTime', messages.invalidTime],
  ];
  it.each(cases)('answers 400 with the message for %s', async (_label, change, field, message) => {
    const manager = await t.as('manager');
    const res = await manager.post(url(demoId), { ...april2026, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('answers 400 when a period with the same start and end exists already', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Duplicates');
    expect((await manager.post(url(id), april2026)).status).toBe(201);
    const res = await manager.post(url(id), { ...april2026, name: 'Again' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ start: [messages.periodDuplicate] });
  });

  it('answers 401 without a session and 403 without the CSRF header', async () => {
    expect((await t.anonymous().post(url(demoId), april2026)).status).toBe(401);
    const res = await (await t.as('manager')).post(url(demoId), april2026, { csrf: false });
    expect(res.status).toBe(403);
  });

  it('answers 403 to submitters and submission managers, 404 to a user who does not know the collection', async () => {
    for (const persona of ['clerkA', 'authoriserA', 'submissionManager'] as const) {
      const res = await (await t.as(persona)).post(url(demoId), { ...april2026, start: '2026-04-02' });
      expect(res.status, persona).toBe(403);
    }
    const draft = await newCollection('Unknown to clerks');
    expect((await (await t.as('clerkA')).post(url(draft), april2026)).status).toBe(404);
    expect((await (await t.as('superAdmin')).post(url(999999), april2026)).status).toBe(404);
  });
});

describe('GET / PUT / DELETE /Collection/{id}/ReportingPeriod/{periodId}', () => {
  it('reads one period, and answers 404 for another collection\u2019s period or an unknown id', async () => {
    const manager = await t.as('manager');
    const [demoPeriod] = (await manager.get(url(demoId))).body;
    const res = await manager.get(url(demoId, `/${demoPeriod.id}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(demoPeriod);
    expect((await (await t.as('clerkA')).get(url(demoId, `/${demoPeriod.id}`))).status).toBe(200);
    const other = await newCollection('Other collection');
    expect((await manager.get(url(other, `/${demoPeriod.id}`))).status).toBe(404);
    expect((await manager.get(url(demoId, '/999999'))).status).toBe(404);
    expect((await manager.get(url(demoId, '/abc'))).status).toBe(404);
    expect((await t.anonymous().get(url(demoId, `/${demoPeriod.id}`))).status).toBe(401);
  });

  it('updates a period, including its form version, and audits it', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Updates');
    const created = (await manager.post(url(id), april2026)).body;
    const form = await manager.post(`/v1/api/Collection/${id}/Form`, {
      definition: { display: 'form', components: [{ type: 'textfield', key: 'a', label: 'A', input: true }] },
    });
    expect(form.status).toBe(201);
    const res = await manager.put(url(id, `/${created.id}`), {
      ...april2026,
      name: 'April 2026 (late)',
      submissionsClose: '2026-05-28T00:00:00+01:00',
      formId: form.body.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      name: 'April 2026 (late)',
      submissionsClose: '2026-05-27T23:00:00.000Z',
      formId: form.body.id,
    });
    expect(await auditActionsFor(t, 'reportingPeriod', { entityId: created.id })).toEqual([
      'reportingPeriod.create',
      'reportingPeriod.update',
    ]);
  });

  it('answers 400 for a form of another collection, for the spec messages, and for a duplicate of another period', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Bad updates');
    const april = (await manager.post(url(id), april2026)).body;
    await manager.post(url(id), {
      ...april2026,
      name: 'May 2026',
      start: '2026-05-01',
      end: '2026-05-31',
      submissionsOpen: '2026-06-01',
      submissionsClose: '2026-06-20',
    });
    const demoForm = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body[0];
    const wrongForm = await manager.put(url(id, `/${april.id}`), { ...april2026, formId: demoForm.id });
    expect(wrongForm.status).toBe(400);
    expect(wrongForm.body.errors).toEqual({ formId: [formNotOfCollectionMessage] });
    const endBefore = await manager.put(url(id, `/${april.id}`), { ...april2026, end: '2026-03-01' });
    expect(endBefore.body.errors.end).toEqual([messages.periodEndBeforeStart]);
    const duplicate = await manager.put(url(id, `/${april.id}`), {
      ...april2026,
      start: '2026-05-01',
      end: '2026-05-31',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors.start).toEqual([messages.periodDuplicate]);
    // Saving a period with its own dates is not a duplicate.
    expect((await manager.put(url(id, `/${april.id}`), april2026)).status).toBe(200);
  });

  it('refuses to move the dates of a period with submissions (409) but lets its deadlines change', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('With submissions');
    const april = (await manager.post(url(id), april2026)).body;
    await submitOn(april.id);
    const moved = await manager.put(url(id, `/${april.id}`), { ...april2026, end: '2026-04-29' });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('has_submissions');
    const later = await manager.put(url(id, `/${april.id}`), {
      ...april2026,
      submissionsClose: '2026-05-31T00:00:00+01:00',
    });
    expect(later.status).toBe(200);
    expect(later.body.hasSubmissions).toBe(true);
  });

  it('deletes a period without submissions (204, audited) and keeps one with submissions (409)', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Deletes');
    const april = (await manager.post(url(id), april2026)).body;
    const may = (
      await manager.post(url(id), { ...april2026, name: 'May 2026', start: '2026-05-01', end: '2026-05-31' })
    ).body;
    await submitOn(may.id);
    const removed = await manager.delete(url(id, `/${april.id}`));
    expect(removed.status).toBe(204);
    expect((await manager.get(url(id, `/${april.id}`))).status).toBe(404);
    const kept = await manager.delete(url(id, `/${may.id}`));
    expect(kept.status).toBe(409);
    expect(kept.body.code).toBe('has_submissions');
    expect((await manager.get(url(id))).body.map((p: any) => p.id)).toEqual([may.id]);
    expect(await auditEntries(t, 'reportingPeriod.delete', { entityId: april.id })).toHaveLength(1);
  });

  it('answers 401, 403 and 404 on writes to one period', async () => {
    const manager = await t.as('manager');
    const [demoPeriod] = (await manager.get(url(demoId))).body;
    const path = url(demoId, `/${demoPeriod.id}`);
    expect((await t.anonymous().put(path, april2026)).status).toBe(401);
    expect((await t.anonymous().delete(path)).status).toBe(401);
    for (const persona of ['clerkA', 'submissionManager'] as const) {
      const client = await t.as(persona);
      expect((await client.put(path, april2026)).status, persona).toBe(403);
      expect((await client.delete(path)).status, persona).toBe(403);
    }
    const other = await newCollection('Not the period\u2019s collection');
    expect((await manager.put(url(other, `/${demoPeriod.id}`), april2026)).status).toBe(404);
    expect((await manager.delete(url(other, `/${demoPeriod.id}`))).status).toBe(404);
    expect((await manager.delete(url(demoId, '/999999'))).status).toBe(404);
    expect((await manager.get(url(demoId))).body).toHaveLength(7);
  });
});

const monthly2026 = {
  reportingCycle: 'monthly',
  firstReportingPeriodStart: '2026-04-01',
  lastReportingPeriodStart: '2026-09-01',
  daysOpen: 10,
  includeWorkingDaysOnly: true,
};

describe('Diff and Bulk', () => {
  it('previews a schedule on an empty collection, applies it, then diffs a change of daysOpen', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Scheduled');
    const first = await manager.post(url(id, '/Diff'), monthly2026);
    expect(first.status).toBe(200);
    expect(first.body.added.map((p: any) => p.name)).toEqual([
      'April 2026',
      'May 2026',
      'June 2026',
      'July 2026',
      'August 2026',
      'September 2026',
    ]);
    expect(first.body).toMatchObject({ removed: [], changed: [], unchanged: [], conflicts: [] });
    // May 2026: opens Monday 01/06; 10 working days end Friday 12/06, so it closes at 00:00 on 13/06.
    expect(first.body.added[1]).toMatchObject({
      submissionsOpen: '2026-05-31T23:00:00.000Z',
      submissionsClose: '2026-06-12T23:00:00.000Z',
    });
    expect(
      await t.database.db.selectFrom('reportingPeriod').where('collectionId', '=', id).execute(),
    ).toEqual([]);

    const applied = await manager.post(url(id, '/Bulk'), monthly2026);
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toEqual({ added: 6, changed: 0, removed: 0, unchanged: 0, kept: 0 });
    expect(applied.body.periods.map((p: any) => p.start)).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
    ]);
    expect(applied.body.periods[1]).toMatchObject(first.body.added[1]);

    const again = await manager.post(url(id, '/Diff'), monthly2026);
    expect(again.body.unchanged).toHaveLength(6);
    // References only: the stored and generated periods are not repeated for what does not change.
    expect(again.body.unchanged[0]).toEqual({
      id: applied.body.periods[0].id,
      name: applied.body.periods[0].name,
      start: applied.body.periods[0].start,
      end: applied.body.periods[0].end,
    });
    expect(again.body.added).toHaveLength(0);

    const longer = await manager.post(url(id, '/Diff'), { ...monthly2026, daysOpen: 15 });
    expect(longer.body.changed).toHaveLength(6);
    expect(longer.body.changed[0].fields).toEqual(['submissionsClose']);
    const reapplied = await manager.put(url(id, '/Bulk'), { ...monthly2026, daysOpen: 15 });
    expect(reapplied.body.counts).toEqual({ added: 0, changed: 6, removed: 0, unchanged: 0, kept: 0 });
    expect(reapplied.body.periods.map((p: any) => p.id)).toEqual(applied.body.periods.map((p: any) => p.id));

    expect(await auditActionsFor(t, 'reportingPeriod', { collectionId: id })).toEqual([
      'reportingPeriod.bulkAdd',
      'reportingPeriod.bulkReplace',
    ]);
  });

  it('never proposes removing a period with submissions: the diff lists it as a conflict and Bulk keeps it', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Shrinking schedule');
    const created = (await manager.post(url(id, '/Bulk'), monthly2026)).body.periods;
    const august = created.find((p: any) => p.name === 'August 2026');
    const september = created.find((p: any) => p.name === 'September 2026');
    await submitOn(august.id);
    const shorter = { ...monthly2026, lastReportingPeriodStart: '2026-06-01' };

    const diff = await manager.post(url(id, '/Diff'), shorter);
    expect(diff.status).toBe(200);
    expect(diff.body.removed.map((p: any) => p.name)).toEqual(['July 2026', 'September 2026']);
    expect(diff.body.removed.some((p: any) => p.hasSubmissions)).toBe(false);
    expect(diff.body.conflicts).toHaveLength(1);
    expect(diff.body.conflicts[0].existing).toMatchObject({ id: august.id, hasSubmissions: true });
    expect(diff.body.conflicts[0].reason).toContain('has submissions');

    // POST adds and updates only.
    const added = await manager.post(url(id, '/Bulk'), shorter);
    expect(added.body.counts).toMatchObject({ removed: 0, kept: 3 });
    expect(added.body.periods).toHaveLength(6);

    const replaced = await manager.put(url(id, '/Bulk'), shorter);
    expect(replaced.status).toBe(200);
    expect(replaced.body.counts).toEqual({ added: 0, changed: 0, removed: 2, unchanged: 3, kept: 1 });
    expect(replaced.body.periods.map((p: any) => p.name)).toEqual([
      'April 2026',
      'May 2026',
      'June 2026',
      'August 2026',
    ]);
    expect(replaced.body.periods.map((p: any) => p.id)).not.toContain(september.id);
  });

  it('gives new periods the newest form version', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('With a form');
    const definition = {
      display: 'form',
      components: [{ type: 'textfield', key: 'a', label: 'A', input: true }],
    };
    await manager.post(`/v1/api/Collection/${id}/Form`, { definition });
    const newest = (await manager.post(`/v1/api/Collection/${id}/Form`, { definition })).body;
    const res = await manager.post(url(id, '/Bulk'), monthly2026);
    expect(new Set(res.body.periods.map((p: any) => p.formId))).toEqual(new Set([newest.id]));
  });

  it('uses the collection\u2019s year type for quarters', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Calendar quarters', 'calendarYear');
    const res = await manager.post(url(id, '/Diff'), {
      ...monthly2026,
      reportingCycle: 'quarterly',
      lastReportingPeriodStart: '2026-12-31',
    });
    expect(res.body.added.map((p: any) => p.name)).toEqual(['Q2 2026', 'Q3 2026', 'Q4 2026']);
  });

  const scheduleCases: [string, Record<string, unknown>, string, string][] = [
    ['daysOpen missing', { daysOpen: undefined }, 'daysOpen', messages.required],
    ['reportingCycle missing', { reportingCycle: undefined }, 'reportingCycle', messages.required],
    ['daysOpen below 1', { daysOpen: 0 }, 'daysOpen', messages.minimumOne],
    ['daysOpen above 32767', { daysOpen: 32768 }, 'daysOpen', messages.daysTooLarge],
    [
      'invalid first start',
      { firstReportingPeriodStart: '2026-02-30' },
      'firstReportingPeriodStart',
      messages.invalidDate,
    ],
    [
      'last start after 2040',
      { lastReportingPeriodStart: '2041-01-01' },
      'lastReportingPeriodStart',
      messages.yearTooLate,
    ],
    ['reopen without stay', { reopenAfterDays: 3 }, 'stayReopenForDays', messages.reopenRequired],
    ['stay without reopen', { stayReopenForDays: 3 }, 'reopenAfterDays', messages.reopenRequired],
    ['stay below 1', { reopenAfterDays: 3, stayReopenForDays: 0 }, 'stayReopenForDays', messages.minimumOne],
    [
      'last before first',
      { lastReportingPeriodStart: '2026-01-01' },
      'lastReportingPeriodStart',
      messages.periodEndBeforeStart,
    ],
  ];
  it.each(scheduleCases)('Diff and Bulk answer 400 for %s', async (_label, change, field, message) => {
    const manager = await t.as('manager');
    for (const [method, path] of [
      ['post', '/Diff'],
      ['post', '/Bulk'],
      ['put', '/Bulk'],
    ] as const) {
      const res = await manager[method](url(demoId, path), { ...monthly2026, ...change });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[field], path).toContain(message);
    }
  });

  it('answers 401, 403 and 404', async () => {
    for (const [method, path] of [
      ['post', '/Diff'],
      ['post', '/Bulk'],
      ['put', '/Bulk'],
    ] as const) {
      expect((await t.anonymous()[method](url(demoId, path), monthly2026)).status).toBe(401);
      for (const persona of ['clerkA', 'submissionManager'] as const) {
        expect((await (await t.as(persona))[method](url(demoId, path), monthly2026)).status, persona).toBe(
          403,
        );
      }
      expect((await (await t.as('superAdmin'))[method](url(999999, path), monthly2026)).status).toBe(404);
    }
    expect((await (await t.as('manager')).get(url(demoId))).body).toHaveLength(7);
  });
});
