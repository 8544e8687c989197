import { messages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

let demoId: number;
const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
});

const newCollection = {
  name: 'Cancer waiting times',
  period: 'financialYear',
  trustAuthorisation: 'mandatory',
  nhsiAuthorisation: 'notRequired',
};

describe('GET /Collection', () => {
  it('lists every collection for an administrator, with abilities', async () => {
    const res = await (await t.as('collectionAdmin')).get('/v1/api/Collection');
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: any) => c.name)).toContain('Monthly workforce return');
    expect(res.body.items[0].abilities).toMatchObject({ canAmend: true, canMonitor: true });
  });

  it('shows a submitter only published collections they report to, without setup rights', async () => {
    const res = await (await t.as('clerkA')).get('/v1/api/Collection');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      id: demoId,
      abilities: { canAmend: false, canMonitor: false },
    });
  });

  it('filters by name and pages', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.get('/v1/api/Collection?query=WORKFORCE&pageSize=1');
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(res.body.items).toHaveLength(1);
    const none = await admin.get('/v1/api/Collection?query=zzz-no-such');
    expect(none.body).toEqual({ items: [], total: 0 });
    expect((await admin.get('/v1/api/Collection?pageSize=1000')).status).toBe(400);
  });

  it('sorts by name, status or last change either way, in SQL before paging (decision 0025)', async () => {
    const admin = await t.as('superAdmin');
    for (const name of ['Sort test A', 'Sort test B', 'Sort test C'])
      expect((await admin.post('/v1/api/Collection', { name })).status).toBe(201);
    const names = async (query: string) =>
      (
        (await admin.get(`/v1/api/Collection?query=sort%20test&${query}`)).body.items as { name: string }[]
      ).map((c) => c.name);
    expect(await names('sortBy=name&sortOrder=DESC')).toEqual(['Sort test C', 'Sort test B', 'Sort test A']);
    expect(await names('sortBy=updatedAt&sortOrder=DESC&pageSize=1&page=1')).toEqual(['Sort test C']);
    expect(await names('sortBy=status')).toEqual(['Sort test A', 'Sort test B', 'Sort test C']);
    expect((await admin.get('/v1/api/Collection?sortBy=owner')).status).toBe(400);
  });

  it('needs sign-in', async () => {
    expect((await t.anonymous().get('/v1/api/Collection')).status).toBe(401);
  });
});

describe('GET /Collection/{id}', () => {
  it('returns the collection to its manager and its submitters', async () => {
    for (const persona of ['manager', 'clerkB', 'submissionManager'] as const) {
      const res = await (await t.as(persona)).get(`/v1/api/Collection/${demoId}`);
      expect(res.status, persona).toBe(200);
      expect(res.body.name).toBe('Monthly workforce return');
    }
  });

  it('answers 404 for a collection the user has nothing to do with, and for a missing one', async () => {
    const admin = await t.as('collectionAdmin');
    const other = await admin.post('/v1/api/Collection', { name: 'Private draft' });
    expect((await (await t.as('clerkA')).get(`/v1/api/Collection/${other.body.id}`)).status).toBe(404);
    expect((await admin.get('/v1/api/Collection/999999')).status).toBe(404);
    expect((await admin.get('/v1/api/Collection/abc')).status).toBe(404);
  });
});

describe('POST /Collection', () => {
  it('creates a draft; a manager who creates one becomes its manager', async () => {
    const manager = await t.as('manager');
    const res = await manager.post('/v1/api/Collection', newCollection);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...newCollection,
      status: 'draft',
      isExcelTemplateEnabled: false,
      abilities: { canAmend: true, canDelete: true },
    });
    expect((await manager.get(`/v1/api/Collection/${res.body.id}`)).status).toBe(200);
  });

  it('answers 400 with the required message for a missing name', async () => {
    const res = await (await t.as('collectionAdmin')).post('/v1/api/Collection', { period: 'calendarYear' });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Please fill in this field']);
  });

  it('answers 400 for a value outside the enumerations', async () => {
    const res = await (await t.as('collectionAdmin')).post('/v1/api/Collection', {
      name: 'X',
      period: 'academicYear',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['period']);
  });

  it('refuses submitters (403)', async () => {
    expect((await (await t.as('clerkA')).post('/v1/api/Collection', newCollection)).status).toBe(403);
  });
});

describe('PUT /Collection/{id}', () => {
  it('updates the fields and forces authorisation flags on every recipient', async () => {
    const manager = await t.as('manager');
    const current = (await manager.get(`/v1/api/Collection/${demoId}`)).body;
    const res = await manager.put(`/v1/api/Collection/${demoId}`, {
      ...current,
      notes: 'Updated notes',
      trustAuthorisation: 'notRequired',
      nhsiAuthorisation: 'mandatory',
    });
    expect(res.status).toBe(200);
    expect(res.body.notes).toBe('Updated notes');
    const flags = await t.database.db
      .selectFrom('collectionOrganisation')
      .select(['isTrustAuthorisationRequired', 'isNhsiAuthorisationRequired'])
      .where('collectionId', '=', demoId)
      .execute();
    expect(flags.length).toBe(2);
    expect(flags.every((f) => !f.isTrustAuthorisationRequired && f.isNhsiAuthorisationRequired)).toBe(true);
    await manager.put(`/v1/api/Collection/${demoId}`, { ...current });
  });

  it('refuses a submission manager (403) and a submitter (403)', async () => {
    for (const persona of ['submissionManager', 'clerkA'] as const) {
      expect(
        (await (await t.as(persona)).put(`/v1/api/Collection/${demoId}`, newCollection)).status,
        persona,
      ).toBe(403);
    }
  });
});

describe('PATCH /Collection/{id}/Status', () => {
  it('refuses to publish an incomplete collection, listing every missing part', async () => {
    const admin = await t.as('collectionAdmin');
    const created = await admin.post('/v1/api/Collection', { name: 'Incomplete' });
    const res = await admin.patch(`/v1/api/Collection/${created.body.id}/Status`, { status: 'Published' });
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toEqual([
      'This collection has no scheduled reporting periods',
      'This collection has not been assigned any recipients organisations',
      'This collection has no form definition',
    ]);
  });

  it('archives a published collection and restores it', async () => {
    const manager = await t.as('manager');
    const archived = await manager.patch(`/v1/api/Collection/${demoId}/Status`, { status: 'Archived' });
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    // An archived collection is hidden from submitters and read-only.
    expect((await (await t.as('clerkA')).get(`/v1/api/Collection/${demoId}`)).status).toBe(404);
    expect((await manager.put(`/v1/api/Collection/${demoId}`, newCollection)).status).toBe(409);
    const restored = await manager.patch(`/v1/api/Collection/${demoId}/Status`, { status: 'Published' });
    expect(restored.body.status).toBe('published');
  });

  it('refuses every change to an archived collection alike (409, what is in the way and what to do)', async () => {
    const manager = await t.as('manager');
    const demo = `/v1/api/Collection/${demoId}`;
    const rgt = await t.organisationId('RGT');
    const clerk = await t.userId('clerkA');
    const collection = (await manager.get(demo)).body;
    const form = (await manager.get(`${demo}/Form`)).body[0];
    const changes: [string, (body: unknown) => Promise<{ status: number; body: any }>, unknown][] = [
      ['the collection', (body) => manager.put(demo, body), { ...newCollection, name: collection.name }],
      ['recipients', (body) => manager.put(`${demo}/Organisation/Bulk`, body), { add: [rgt], remove: [] }],
      [
        'recipients by code',
        (body) => manager.put(`${demo}/Organisation/Selection`, body),
        { action: 'add', codes: ['RGT'] },
      ],
      [
        'authorisation flags',
        (body) => manager.put(`${demo}/Organisation/Role`, body),
        [{ organisationId: rgt, isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: false }],
      ],
      [
        'a collection role',
        (body) => manager.put(`${demo}/Role`, body),
        { userId: clerk, role: 'submissionManager', assigned: true },
      ],
      [
        'submitter access',
        (body) => manager.put(`${demo}/Organisation/${rgt}/SubmitterAccess`, body),
        { userId: clerk, roles: [] },
      ],
      ['the form', (body) => manager.post(`${demo}/Form`, body), { definition: form.definition }],
      [
        'the Excel template',
        (body) => manager.patch(`${demo}/Form/ExcelTemplate`, body),
        { excelTemplateFileName: 'Return.xlsx', blobNameWithPath: `${demoId}/FORMTEMPLATE/x/Return.xlsx` },
      ],
      [
        'a reporting period',
        (body) => manager.post(`${demo}/ReportingPeriod`, body),
        {
          name: 'Archived period',
          start: '2031-01-01',
          end: '2031-01-31',
          submissionsOpen: '2031-02-01T00:00:00.000Z',
          submissionsClose: '2031-02-10T00:00:00.000Z',
        },
      ],
      [
        'a schedule',
        (body) => manager.post(`${demo}/Schedule`, body),
        {
          reportingCycle: 'oneTime',
          firstReportingPeriodStart: '2031-03-01',
          lastReportingPeriodStart: '2031-03-01',
          daysOpen: 5,
          includeWorkingDaysOnly: false,
          isDefault: false,
        },
      ],
    ];
    expect((await manager.patch(`${demo}/Status`, { status: 'Archived' })).status).toBe(200);
    try {
      for (const [what, change, body] of changes) {
        const refused = await change(body);
        expect(refused.status, what).toBe(409);
        expect(refused.body, what).toMatchObject({
          code: 'collection_archived',
          title: messages.collectionArchived,
          detail: messages.collectionRestoreFirst,
        });
      }
    } finally {
      expect((await manager.patch(`${demo}/Status`, { status: 'Published' })).status).toBe(200);
    }
  });

  it('refuses a transition the workflow does not have (409) and a bad status (400)', async () => {
    const manager = await t.as('manager');
    expect((await manager.patch(`/v1/api/Collection/${demoId}/Status`, { status: 'Published' })).status).toBe(
      409,
    );
    expect((await manager.patch(`/v1/api/Collection/${demoId}/Status`, { status: 'draft' })).status).toBe(
      400,
    );
  });
});

describe('DELETE /Collection/{id}', () => {
  it('deletes a draft without submissions', async () => {
    const admin = await t.as('collectionAdmin');
    const created = await admin.post('/v1/api/Collection', { name: 'Mistake' });
    expect((await admin.delete(`/v1/api/Collection/${created.body.id}`)).status).toBe(204);
    expect((await admin.get(`/v1/api/Collection/${created.body.id}`)).status).toBe(404);
  });

  it('refuses to delete a published collection (409)', async () => {
    const res = await (await t.as('collectionAdmin')).delete(`/v1/api/Collection/${demoId}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('has_submissions');
  });
});

describe('PATCH /Collection/{id}/IsExcelTemplateEnabled', () => {
  it('turns the Excel template on and off', async () => {
    const manager = await t.as('manager');
    const on = await manager.patch(`/v1/api/Collection/${demoId}/IsExcelTemplateEnabled`, {
      isExcelTemplateEnabled: true,
    });
    expect(on.body.isExcelTemplateEnabled).toBe(true);
    const bad = await manager.patch(`/v1/api/Collection/${demoId}/IsExcelTemplateEnabled`, {});
    expect(bad.body.errors.isExcelTemplateEnabled).toEqual(['Please fill in this field']);
  });
});
