import type { Worklist, WorklistCounts } from '@dcf/domain';
import type { Updateable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, useTestApp } from '../../../test/harness';
import { createCollection, insertPeriod, insertSubmissions } from '../../../test/support/views-scenario';
import type { SubmissionTable } from '../../db/schema';

const DAY = 86_400_000;
const days = (n: number) => new Date(Date.now() + n * DAY);

let collectionId: number;
let trustA: number;
let trustB: number;
let other: number;
let openSubmissions: Map<number, number>;
let closedSubmissions: Map<number, number>;

/** The rows of this test's own collection (the seeded demo collection may add its own). */
const ours = (list: Worklist) => list.items.filter((i) => i.collection.id === collectionId);

/**
 * Runs `check` with trust A's open draft changed as given (`check` gets the changed columns' values from
 * before), then puts those columns back: the other tests read the same draft.
 */
async function whileTrustADraftIs(
  changes: Updateable<SubmissionTable>,
  check: (before: Updateable<SubmissionTable>) => Promise<void>,
) {
  const db = t.database.db;
  const id = openSubmissions.get(trustA)!;
  const columns = Object.keys(changes) as (keyof SubmissionTable & string)[];
  const before: Updateable<SubmissionTable> = await db
    .selectFrom('submission')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.updateTable('submission').set(changes).where('id', '=', id).execute();
  try {
    await check(before);
  } finally {
    await db.updateTable('submission').set(before).where('id', '=', id).execute();
  }
}

/**
 * A collection of the test's own at trust A (RJ1), trust B (RGT) and a third trust, trust and NHSI
 * authorisation required everywhere. Open period: a draft at each (trust B's returned for correction).
 * Closed period: completed returns, the third one already authorised by NHSI.
 */
const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  [trustA, trustB] = [await t.organisationId('RJ1'), await t.organisationId('RGT')];
  other = (
    await db
      .selectFrom('organisation')
      .select('id')
      .where('code', 'not in', ['RJ1', 'RGT'])
      .where('isManagementOrg', '=', false)
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).id;
  let formId: number;
  ({ collectionId, formId } = await createCollection(db, 'Worklists test collection', [
    trustA,
    trustB,
    other,
  ]));
  await db
    .updateTable('collectionOrganisation')
    .set({ isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: true })
    .where('collectionId', '=', collectionId)
    .execute();
  const [clerkA, authoriserA, clerkB] = await Promise.all([
    t.userId('clerkA'),
    t.userId('authoriserA'),
    t.userId('clerkB'),
  ]);
  await db
    .insertInto('collectionOrganisationRole')
    .values([
      { collectionId, organisationId: trustA, userId: clerkA, role: 'DataEntryClerk' },
      { collectionId, organisationId: trustA, userId: authoriserA, role: 'Authoriser' },
      // Given before the own-staff rule: trust B's sign-off is never theirs to give.
      { collectionId, organisationId: trustB, userId: authoriserA, role: 'Authoriser' },
      { collectionId, organisationId: trustB, userId: clerkB, role: 'DataEntryClerk' },
    ])
    .execute();
  const openId = await insertPeriod(db, collectionId, formId, {
    name: 'Open',
    open: days(-2),
    close: days(5),
  });
  const closedId = await insertPeriod(db, collectionId, formId, {
    name: 'Closed',
    open: days(-20),
    close: days(-10),
  });
  const scope = { collectionId, formId, userId: clerkA };
  await insertSubmissions(db, { ...scope, periodId: openId }, [
    { organisationId: trustA, revisions: ['draft'] },
    { organisationId: trustB, revisions: ['completed', 'draft'] },
    { organisationId: other, revisions: ['draft'] },
  ]);
  await insertSubmissions(db, { ...scope, periodId: closedId }, [
    { organisationId: trustA, revisions: ['completed'] },
    { organisationId: trustB, revisions: ['completed'] },
    { organisationId: other, revisions: ['completed'] },
  ]);
  const byOrganisation = async (periodId: number) =>
    new Map(
      (
        await db
          .selectFrom('submission')
          .select(['id', 'organisationId'])
          .where('reportingPeriodId', '=', periodId)
          .execute()
      ).map((r) => [r.organisationId, r.id]),
    );
  openSubmissions = await byOrganisation(openId);
  closedSubmissions = await byOrganisation(closedId);
  await db
    .updateTable('submission')
    .set({ returnedAt: new Date(), returnedReason: 'Headcount is missing agency staff', returnedBy: clerkA })
    .where('id', '=', openSubmissions.get(trustB)!)
    .execute();
  // Trust A's and the third trust's drafts were sent for sign-off (decision 0036).
  await db
    .updateTable('submission')
    .set({ sentForSignoffAt: new Date(), sentForSignoffBy: clerkA })
    .where('id', 'in', [openSubmissions.get(trustA)!, openSubmissions.get(other)!])
    .execute();
  await db
    .updateTable('submission')
    .set({ nhsiAuthorisedAt: new Date(), nhsiAuthorisedBy: clerkA })
    .where('id', '=', closedSubmissions.get(other)!)
    .execute();
});

async function worklist(client: Client, kind: string) {
  const response = await client.get<Worklist>(`/v1/api/View/Worklist/${kind}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('GET /View/Worklist/SignOff', () => {
  it("lists the drafts at the authoriser's own organisation only, with the deadline", async () => {
    const list = await worklist(await t.as('authoriserA'), 'SignOff');
    const rows = ours(list);
    // Trust B's draft is not theirs to sign off (not its staff); the third trust is not theirs at all.
    expect(rows.map((r) => [r.organisation.code, r.period.name])).toEqual([['RJ1', 'Open']]);
    expect(rows[0]!.submissionId).toBe(openSubmissions.get(trustA));
    expect(Date.parse(rows[0]!.deadline)).toBeGreaterThan(Date.now() + 4 * DAY);
    expect(list.total).toBe(list.items.length);
  });

  it('is empty for a clerk and for an authoriser of another trust', async () => {
    expect(ours(await worklist(await t.as('clerkA'), 'SignOff'))).toEqual([]);
    expect(ours(await worklist(await t.as('authoriserB'), 'SignOff'))).toEqual([]);
  });

  it('lists only drafts sent for sign-off (decision 0036)', async () => {
    await whileTrustADraftIs({ sentForSignoffAt: null, sentForSignoffBy: null }, async () => {
      expect(ours(await worklist(await t.as('authoriserA'), 'SignOff'))).toEqual([]);
    });
  });

  it('drops a draft once it is submitted', async () => {
    await whileTrustADraftIs({ status: 'completed' }, async () => {
      expect(ours(await worklist(await t.as('authoriserA'), 'SignOff'))).toEqual([]);
    });
  });
});

describe('GET /View/Worklist/NhsiAuthorisation', () => {
  it('lists completed returns not yet authorised by NHSI', async () => {
    const rows = ours(await worklist(await t.as('nhsi'), 'NhsiAuthorisation'));
    expect(rows.map((r) => r.organisation.code).sort()).toEqual(['RGT', 'RJ1']);
    expect(rows.every((r) => r.period.name === 'Closed' && r.changedAt !== null)).toBe(true);
  });

  it('is refused to submitters (403) and to nobody signed in (401)', async () => {
    expect((await (await t.as('clerkA')).get('/v1/api/View/Worklist/NhsiAuthorisation')).status).toBe(403);
    expect((await t.anonymous().get('/v1/api/View/Worklist/NhsiAuthorisation')).status).toBe(401);
  });
});

describe('GET /View/Worklist/Returned', () => {
  it("lists returns sent back for correction at the clerk's organisations, with the reason", async () => {
    const rows = ours(await worklist(await t.as('clerkB'), 'Returned'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organisation: { code: 'RGT' },
      period: { name: 'Open' },
      returnedReason: 'Headcount is missing agency staff',
    });
    expect(ours(await worklist(await t.as('clerkA'), 'Returned'))).toEqual([]);
  });

  it("lists a draft an authoriser sent back to the organisation's clerks (not to its authorisers), until it is sent again", async () => {
    const db = t.database.db;
    const sentBack = {
      sentBackAt: new Date(),
      sentBackBy: await t.userId('authoriserA'),
      sentBackReason: 'Vacancies look low',
      sentForSignoffAt: null,
      sentForSignoffBy: null,
    };
    await whileTrustADraftIs(sentBack, async (before) => {
      const rows = ours(await worklist(await t.as('clerkA'), 'Returned'));
      expect(rows).toMatchObject([{ organisation: { code: 'RJ1' }, returnedReason: 'Vacancies look low' }]);
      const authorisers = ours(await worklist(await t.as('authoriserA'), 'Returned'));
      expect(authorisers.map((r) => r.organisation.code)).not.toContain('RJ1');
      // Sent for sign-off again: off the clerk's list, on the authoriser's.
      const { sentForSignoffAt, sentForSignoffBy } = before;
      await db
        .updateTable('submission')
        .set({ sentForSignoffAt, sentForSignoffBy })
        .where('id', '=', openSubmissions.get(trustA)!)
        .execute();
      expect(ours(await worklist(await t.as('clerkA'), 'Returned'))).toEqual([]);
    });
  });
});

describe('GET /View/Worklist/Counts', () => {
  it('counts each worklist the roles give, null for the others', async () => {
    const counts = async (persona: Parameters<TestApp['as']>[0]) => {
      const response = await (await t.as(persona)).get<WorklistCounts>('/v1/api/View/Worklist/Counts');
      expect(response.status).toBe(200);
      return response.body;
    };
    const authoriser = await counts('authoriserA');
    expect(authoriser.signOff).toBe((await worklist(await t.as('authoriserA'), 'SignOff')).total);
    expect(authoriser.signOff).toBeGreaterThanOrEqual(1);
    expect(authoriser.nhsiAuthorisation).toBeNull();
    const nhsi = await counts('nhsi');
    expect(nhsi.signOff).toBeNull();
    expect(nhsi.returned).toBeNull();
    expect(nhsi.nhsiAuthorisation).toBe((await worklist(await t.as('nhsi'), 'NhsiAuthorisation')).total);
    const clerkB = await counts('clerkB');
    expect(clerkB.signOff).toBeNull();
    expect(clerkB.returned).toBeGreaterThanOrEqual(1);
    expect(await counts('manager')).toEqual({ signOff: null, nhsiAuthorisation: null, returned: null });
    expect((await t.anonymous().get('/v1/api/View/Worklist/Counts')).status).toBe(401);
  });
});
