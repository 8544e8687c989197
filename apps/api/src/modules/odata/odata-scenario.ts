import type { TestApp } from '../../../test/harness';
import {
  addRecipients,
  insertCollection,
  insertForm,
  insertPeriod,
  insertReturn,
  userIdByEmail,
} from '../../../test/support/returns-fixture';

/**
 * The feed tests' collection, written straight to the tables (the submissions API is another module's
 * subject): a form with every typed kind of question and a data grid; one period; RJ1 and RGT
 * submitted, a third organisation with a draft, a fourth with nothing; the demo manager manages it and
 * clerkA holds a role for RJ1 only.
 */
export const feedForm = {
  display: 'form',
  components: [
    { type: 'number', key: 'headcount', label: 'Headcount', decimalLimit: 0, input: true },
    { type: 'number', key: 'fte', label: 'Whole-time equivalent', input: true },
    { type: 'day', key: 'openedOn', label: 'Opened on', input: true },
    { type: 'datetime', key: 'visitedAt', label: 'Visited at', input: true },
    {
      type: 'select',
      key: 'region',
      label: 'Region',
      input: true,
      data: {
        values: [
          { value: 'london', label: 'London' },
          { value: 'east', label: 'East of England' },
        ],
      },
    },
    {
      type: 'selectboxes',
      key: 'services',
      label: 'Services',
      input: true,
      values: [
        { value: 'xray', label: 'X-ray' },
        { value: 'mri', label: 'MRI' },
      ],
    },
    { type: 'checkbox', key: 'onCall', label: 'On call rota', input: true },
    {
      type: 'container',
      key: 'site',
      label: 'Site',
      input: true,
      components: [{ type: 'textfield', key: 'postcode', label: 'Postcode', input: true }],
    },
    {
      type: 'datagrid',
      key: 'staff',
      label: 'Staff',
      input: true,
      components: [
        { type: 'textfield', key: 'grade', label: 'Grade', input: true },
        { type: 'number', key: 'fte', label: 'FTE', input: true },
      ],
    },
    { type: 'textarea', key: 'comments', label: 'Comments', input: true },
    { type: 'textfield', key: 'wards', label: 'Wards', multiple: true, input: true },
  ],
};

export interface FeedScenario {
  collectionId: number;
  periodId: number;
  orgs: { id: number; code: string; name: string }[];
}

export async function feedScenario(t: TestApp): Promise<FeedScenario> {
  const db = t.database.db;
  const manager = await t.userId('manager');
  const clerkA = await t.userId('clerkA');
  const collectionId = await insertCollection(db, { name: 'OData feed test', managerUserIds: [manager] });
  const formId = await insertForm(db, collectionId, 1, feedForm);
  const periodId = await insertPeriod(db, {
    collectionId,
    formId,
    name: 'April 2026',
    open: new Date('2026-05-01T00:00:00Z'),
    close: new Date('2026-05-21T00:00:00Z'),
    start: '2026-04-01',
  });
  const rj1 = await t.organisationId('RJ1');
  const rgt = await t.organisationId('RGT');
  const others = await db
    .selectFrom('organisation')
    .select(['id'])
    .where('isManagementOrg', '=', false)
    .where('id', 'not in', [rj1, rgt])
    .orderBy('code')
    .limit(2)
    .execute();
  const ids = [rj1, rgt, ...others.map((o) => o.id)];
  await addRecipients(db, collectionId, ids);
  await db
    .insertInto('collectionOrganisationRole')
    .values({ collectionId, organisationId: rj1, userId: clerkA, role: 'DataEntryClerk' })
    .execute();
  const userId = await userIdByEmail(db, 'authoriser.a@dcf.example');
  const base = { collectionId, periodId, formId, userId };
  await insertReturn(db, {
    ...base,
    organisationId: rj1,
    status: 'completed',
    content: {
      headcount: 120,
      fte: 101.5,
      openedOn: '03/12/2026',
      visitedAt: '2026-05-10T09:30:00+01:00',
      region: 'london',
      services: { xray: true, mri: false },
      onCall: true,
      site: { postcode: 'SE1 9RT' },
      staff: [
        { grade: 'Band 5', fte: 1 },
        { grade: 'Band 6', fte: 0.5 },
      ],
      comments: "It's fine",
      wards: ['Ward 1', 'Ward "2"'],
    },
    at: new Date('2026-05-12T10:00:00Z'),
  });
  await insertReturn(db, {
    ...base,
    organisationId: rgt,
    status: 'completed',
    content: {
      headcount: 80,
      fte: 70.25,
      openedOn: '02/30/2026',
      visitedAt: 'not a time',
      region: 'east',
      services: { xray: false, mri: true },
      onCall: false,
      staff: [{ grade: 'Band 7', fte: 1 }],
    },
    at: new Date('2026-05-14T10:00:00Z'),
  });
  await insertReturn(db, {
    ...base,
    organisationId: others[0]!.id,
    status: 'draft',
    content: { headcount: 5 },
  });
  const orgs = await db
    .selectFrom('organisation')
    .select(['id', 'code', 'name'])
    .where('id', 'in', ids)
    .execute();
  return { collectionId, periodId, orgs: ids.map((id) => orgs.find((o) => o.id === id)!) };
}
