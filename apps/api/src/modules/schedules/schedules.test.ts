import { messages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditActionsFor } from '../../../test/support/audit';

let demoId: number;
let demoScheduleId: number;
const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  demoScheduleId = (
    await t.database.db
      .selectFrom('schedule')
      .select('id')
      .where('collectionId', '=', demoId)
      .executeTakeFirstOrThrow()
  ).id;
});

const weekly = {
  reportingCycle: 'weekly',
  firstReportingPeriodStart: '2026-04-06',
  lastReportingPeriodStart: '2026-06-29',
  daysOpen: 3,
  includeWorkingDaysOnly: true,
  reopenAfterDays: 2,
  stayReopenForDays: 5,
};

async function newCollection(name: string) {
  const res = await (await t.as('manager')).post('/v1/api/Collection', { name });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const defaultsOf = async (collectionId: number) =>
  (
    await t.database.db
      .selectFrom('schedule')
      .select('id')
      .where('collectionId', '=', collectionId)
      .where('isDefault', '=', true)
      .execute()
  ).map((r) => r.id);

describe('GET /Schedule and /Schedule/{id}', () => {
  it('lists the schedules the user may see: a draft collection\u2019s only to its managers and administrators', async () => {
    const draft = await newCollection('Draft schedules');
    const created = await (await t.as('manager')).post(`/v1/api/Collection/${draft}/Schedule`, weekly);
    expect(created.status).toBe(201);
    const seen = async (persona: 'manager' | 'clerkA' | 'superAdmin' | 'nhsi' | 'submissionManager') =>
      ((await (await t.as(persona)).get('/v1/api/Schedule')).body as { id: number }[]).map((s) => s.id);
    expect(await seen('manager')).toEqual(expect.arrayContaining([demoScheduleId, created.body.id]));
    expect(await seen('superAdmin')).toEqual(expect.arrayContaining([demoScheduleId, created.body.id]));
    expect(await seen('submissionManager')).toEqual([demoScheduleId]);
    expect(await seen('clerkA')).toEqual([demoScheduleId]);
    // The demo collection does not require NHSI authorisation, so the NHSI user does not see it (decision 0022).
    expect(await seen('nhsi')).toEqual([]);
    expect((await t.anonymous().get('/v1/api/Schedule')).status).toBe(401);
  });

  it('reads one schedule; 404 for an unknown one or one the user may not see', async () => {
    const manager = await t.as('manager');
    const res = await manager.get(`/v1/api/Schedule/${demoScheduleId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: demoScheduleId,
      collectionId: demoId,
      isDefault: true,
      reportingCycle: 'monthly',
      daysOpen: 20,
      includeWorkingDaysOnly: false,
      reopenAfterDays: null,
      stayReopenForDays: null,
    });
    expect((await (await t.as('clerkA')).get(`/v1/api/Schedule/${demoScheduleId}`)).status).toBe(200);
    const draft = await newCollection('Hidden schedule');
    const hidden = (await manager.post(`/v1/api/Collection/${draft}/Schedule`, weekly)).body;
    expect((await (await t.as('clerkA')).get(`/v1/api/Schedule/${hidden.id}`)).status).toBe(404);
    expect((await manager.get('/v1/api/Schedule/999999')).status).toBe(404);
    expect((await manager.get('/v1/api/Schedule/x')).status).toBe(404);
    expect((await t.anonymous().get(`/v1/api/Schedule/${demoScheduleId}`)).status).toBe(401);
  });
});

describe('GET /Collection/{id}/Schedule/Default', () => {
  it('answers the saved default schedule', async () => {
    const res = await (await t.as('clerkA')).get(`/v1/api/Collection/${demoId}/Schedule/Default`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: demoScheduleId, isDefault: true, isPlaceholder: false });
  });

  it('answers the specification\u2019s placeholder values when none is saved', async () => {
    const id = await newCollection('No default yet');
    const res = await (await t.as('manager')).get(`/v1/api/Collection/${id}/Schedule/Default`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: null,
      collectionId: id,
      isDefault: true,
      isPlaceholder: true,
      start: '2015-01-01',
      end: '2015-01-01',
      submissionsReopen: '2015-02-01',
      submissionsReclose: '2015-02-01',
      openTime: '00:00:00',
      closeTime: '00:00:00',
      reopenTime: '00:00:00',
      recloseTime: '00:00:00',
      ifSubmissionReopens: false,
    });
    expect((await (await t.as('clerkA')).get(`/v1/api/Collection/${id}/Schedule/Default`)).status).toBe(404);
    expect((await t.anonymous().get(`/v1/api/Collection/${id}/Schedule/Default`)).status).toBe(401);
  });
});

describe('POST /Collection/{id}/Schedule and PUT /Collection/{id}/Schedule/{scheduleId}', () => {
  it('saves schedules, keeps one default per collection, and audits each change', async () => {
    const manager = await t.as('manager');
    const id = await newCollection('Defaults');
    const first = await manager.post(`/v1/api/Collection/${id}/Schedule`, { ...weekly, isDefault: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ collectionId: id, isDefault: true, ...weekly });
    const second = await manager.post(`/v1/api/Collection/${id}/Schedule`, {
      ...weekly,
      reportingCycle: 'daily',
      isDefault: true,
    });
    expect(second.status).toBe(201);
    expect(await defaultsOf(id)).toEqual([second.body.id]);

    const back = await manager.put(`/v1/api/Collection/${id}/Schedule/${first.body.id}`, {
      ...weekly,
      daysOpen: 7,
      reopenAfterDays: null,
      stayReopenForDays: null,
      isDefault: true,
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      id: first.body.id,
      daysOpen: 7,
      reopenAfterDays: null,
      isDefault: true,
    });
    expect(await defaultsOf(id)).toEqual([first.body.id]);
    expect((await manager.get(`/v1/api/Collection/${id}/Schedule/Default`)).body.id).toBe(first.body.id);

    expect(await auditActionsFor(t, 'schedule', { collectionId: id })).toEqual([
      'schedule.create',
      'schedule.create',
      'schedule.update',
    ]);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['reportingCycle missing', { reportingCycle: undefined }, 'reportingCycle', messages.required],
    ['reportingCycle unknown', { reportingCycle: 'fortnightly' }, 'reportingCycle', messages.required],
    [
      'first start missing',
      { firstReportingPeriodStart: '' },
      'firstReportingPeriodStart',
      messages.required,
    ],
    [
      'first start invalid',
      { firstReportingPeriodStart: '2026-13-01' },
      'firstReportingPeriodStart',
      messages.invalidDate,
    ],
    [
      'last start after 2040',
      { lastReportingPeriodStart: '2041-04-01' },
      'lastReportingPeriodStart',
      messages.yearTooLate,
    ],
    [
      'last before first',
      { lastReportingPeriodStart: '2026-04-05' },
      'lastReportingPeriodStart',
      messages.periodEndBeforeStart,
    ],
    ['daysOpen missing', { daysOpen: null }, 'daysOpen', messages.required],
    ['daysOpen below 1', { daysOpen: 0 }, 'daysOpen', messages.minimumOne],
    ['daysOpen above 32767', { daysOpen: 32768 }, 'daysOpen', messages.daysTooLarge],
    ['reopenAfterDays above 32767', { reopenAfterDays: 40000 }, 'reopenAfterDays', messages.daysTooLarge],
    ['reopen without stay', { stayReopenForDays: null }, 'stayReopenForDays', messages.reopenRequired],
    ['stay without reopen', { reopenAfterDays: undefined }, 'reopenAfterDays', messages.reopenRequired],
    [
      'includeWorkingDaysOnly missing',
      { includeWorkingDaysOnly: undefined },
      'includeWorkingDaysOnly',
      messages.required,
    ],
    ['isDefault not a boolean', { isDefault: 'yes' }, 'isDefault', messages.required],
  ];
  it.each(cases)('POST and PUT answer 400 for %s', async (_label, change, field, message) => {
    const manager = await t.as('manager');
    const post = await manager.post(`/v1/api/Collection/${demoId}/Schedule`, { ...weekly, ...change });
    expect(post.status).toBe(400);
    expect(post.body.errors[field]).toContain(message);
    const put = await manager.put(`/v1/api/Collection/${demoId}/Schedule/${demoScheduleId}`, {
      ...weekly,
      ...change,
    });
    expect(put.status).toBe(400);
    expect(put.body.errors[field]).toContain(message);
  });

  it('answers 401, 403 to submitters and submission managers, and 404 for another collection\u2019s schedule', async () => {
    const post = `/v1/api/Collection/${demoId}/Schedule`;
    const put = `/v1/api/Collection/${demoId}/Schedule/${demoScheduleId}`;
    expect((await t.anonymous().post(post, weekly)).status).toBe(401);
    expect((await t.anonymous().put(put, weekly)).status).toBe(401);
    for (const persona of ['clerkA', 'authoriserA', 'submissionManager'] as const) {
      const client = await t.as(persona);
      expect((await client.post(post, weekly)).status, persona).toBe(403);
      expect((await client.put(put, weekly)).status, persona).toBe(403);
    }
    const manager = await t.as('manager');
    const other = await newCollection('Someone else\u2019s schedule');
    expect((await manager.put(`/v1/api/Collection/${other}/Schedule/${demoScheduleId}`, weekly)).status).toBe(
      404,
    );
    expect((await manager.put(`/v1/api/Collection/${demoId}/Schedule/999999`, weekly)).status).toBe(404);
    expect((await (await t.as('superAdmin')).post('/v1/api/Collection/999999/Schedule', weekly)).status).toBe(
      404,
    );
    const unchanged = (await manager.get(`/v1/api/Schedule/${demoScheduleId}`)).body;
    expect(unchanged).toMatchObject({ reportingCycle: 'monthly', daysOpen: 20 });
  });
});
