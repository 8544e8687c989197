import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

let demoId: number;
const t = useTestApp();
beforeAll(async () => {
  demoId = await t.demoCollectionId();
});

const definition = (label: string) => ({
  display: 'form',
  components: [
    { type: 'number', key: 'beds', label, input: true, validate: { required: true } },
    { type: 'button', key: 'submit', action: 'submit', label: 'Submit' },
  ],
});

/** Records a submission on the given period using the given form version, as a save would. */
async function submitOn(periodId: number, formId: number) {
  const db = t.database.db;
  const period = await db
    .selectFrom('reportingPeriod')
    .select('collectionId')
    .where('id', '=', periodId)
    .executeTakeFirstOrThrow();
  const org = await db
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', period.collectionId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('submission')
    .values({
      collectionId: period.collectionId,
      reportingPeriodId: periodId,
      organisationId: org.organisationId,
      formId,
      status: 'draft',
    })
    .execute();
}

describe('forms', () => {
  it('lists the demo form for its manager and its submitters', async () => {
    for (const persona of ['manager', 'clerkA'] as const) {
      const res = await (await t.as(persona)).get(`/v1/api/Collection/${demoId}/Form`);
      expect(res.status, persona).toBe(200);
      expect(res.body[0]).toMatchObject({
        version: 1,
        definition: { display: 'wizard' },
        hasSubmissions: false,
      });
    }
  });

  it('creates a first version, strips submit buttons, and attaches it to the periods', async () => {
    const admin = await t.as('collectionAdmin');
    const collection = await admin.post('/v1/api/Collection', { name: 'Bed occupancy' });
    await t.database.db
      .insertInto('reportingPeriod')
      .values({
        collectionId: collection.body.id,
        name: 'April 2026',
        start: '2026-04-01',
        end: '2026-04-30',
        submissionsOpen: new Date('2026-05-01T00:00:00+01:00'),
        submissionsClose: new Date('2026-05-21T00:00:00+01:00'),
      })
      .execute();
    const res = await admin.post(`/v1/api/Collection/${collection.body.id}/Form`, {
      definition: definition('Beds'),
    });
    expect(res.status).toBe(201);
    expect(res.body.version).toBe(1);
    expect(res.body.definition.components.map((c: any) => c.key)).toEqual(['beds']);
    const period = await t.database.db
      .selectFrom('reportingPeriod')
      .select('formId')
      .where('collectionId', '=', collection.body.id)
      .executeTakeFirstOrThrow();
    expect(period.formId).toBe(res.body.id);
  });

  it('keeps the keys inside a definition exactly as written (snake_case is not camelCased on reading)', async () => {
    const admin = await t.as('collectionAdmin');
    const collection = await admin.post('/v1/api/Collection', { name: 'Key spelling' });
    const spelled = {
      display: 'form',
      components: [
        { type: 'number', key: 'q1_total', label: 'Total', input: true, properties: { nhs_code: 'A_1' } },
      ],
    };
    const created = await admin.post(`/v1/api/Collection/${collection.body.id}/Form`, {
      definition: spelled,
    });
    expect(created.status).toBe(201);
    const read = await admin.get(`/v1/api/Collection/${collection.body.id}/Form/${created.body.id}`);
    expect(read.body.definition.components[0].properties).toEqual({ nhs_code: 'A_1' });
  });

  it('refuses a definition that is not a JSON object, or has no components, with a clear message', async () => {
    const manager = await t.as('manager');
    const notObject = await manager.post(`/v1/api/Collection/${demoId}/Form`, { definition: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors.definition).toEqual([
      'A form definition upload must be a valid JSON object',
    ]);
    const noComponents = await manager.post(`/v1/api/Collection/${demoId}/Form`, {
      definition: { display: 'form' },
    });
    expect(noComponents.status).toBe(400);
    expect(noComponents.body.errors['definition.components']).toEqual([
      'The form definition must have a components array',
    ]);
  });

  it('changes a version without submissions in place', async () => {
    const manager = await t.as('manager');
    const [form] = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body;
    const res = await manager.put(`/v1/api/Collection/${demoId}/Form/${form.id}`, {
      definition: definition('Beds open'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: form.id, version: form.version, createdNewVersion: false });
  });

  it('never changes a version with submissions: a new version is made and only periods without submissions move', async () => {
    const manager = await t.as('manager');
    const db = t.database.db;
    const [form] = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body;
    const periods = await db
      .selectFrom('reportingPeriod')
      .select('id')
      .where('collectionId', '=', demoId)
      .orderBy('start')
      .execute();
    await submitOn(periods[0]!.id, form.id);

    const res = await manager.put(`/v1/api/Collection/${demoId}/Form/${form.id}`, {
      definition: definition('Beds available'),
    });
    expect(res.status).toBe(200);
    expect(res.body.createdNewVersion).toBe(true);
    expect(res.body.id).not.toBe(form.id);
    expect(res.body.version).toBe(form.version + 1);

    const old = (await manager.get(`/v1/api/Collection/${demoId}/Form/${form.id}`)).body;
    expect(old.definition.components[0].label).toBe('Beds open');
    expect(old.hasSubmissions).toBe(true);
    const after = await db
      .selectFrom('reportingPeriod')
      .select(['id', 'formId'])
      .where('collectionId', '=', demoId)
      .orderBy('start')
      .execute();
    expect(after[0]!.formId).toBe(form.id);
    expect(after.slice(1).every((p) => p.formId === res.body.id)).toBe(true);
  });

  it('answers 404 for a form of another collection, 403 for a submitter writing, 401 without sign-in', async () => {
    const manager = await t.as('manager');
    const [form] = (await manager.get(`/v1/api/Collection/${demoId}/Form`)).body;
    const other = await (await t.as('collectionAdmin')).post('/v1/api/Collection', { name: 'Other' });
    expect(
      (await (await t.as('collectionAdmin')).get(`/v1/api/Collection/${other.body.id}/Form/${form.id}`))
        .status,
    ).toBe(404);
    expect(
      (
        await (
          await t.as('clerkA')
        ).post(`/v1/api/Collection/${demoId}/Form`, { definition: definition('x') })
      ).status,
    ).toBe(403);
    expect((await t.anonymous().get(`/v1/api/Collection/${demoId}/Form`)).status).toBe(401);
  });
});
