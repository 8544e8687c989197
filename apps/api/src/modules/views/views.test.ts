import { type PeriodSubmissionStatus, submissionStatusAt } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { openNonRecipients } from '../../../test/support/returns-fixture';
import { createCollection, insertPeriod, insertSubmissions } from '../../../test/support/views-scenario';
import { listPeriodSubmissions } from './service';

const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);

let collectionId: number;
let formId: number;
let orgs: { id: number; code: string; name: string; regionId: number | null }[];
let closedId: number;
let openId: number;
let futureId: number;
let userId: number;

/**
 * Eight trusts in a collection of the test's own. The closed period holds one organisation in every
 * situation (see `expected`); the open one a completed, a draft (locked) and six not started.
 */
const expected: PeriodSubmissionStatus[] = [
  'missed', // nothing at all
  'missed', // a row without a revision (the lock was taken, nothing saved)
  'missed', // a draft only
  'completed', // submitted on time
  'draft', // a draft, reopened for this organisation until after now
  'completed', // submitted late, during a reopen that has ended
  'completed', // completed then amended (a newer draft): the official one stands once closed
  'missed',
];

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  orgs = await openNonRecipients(db, 8);
  ({ collectionId, formId } = await createCollection(
    db,
    'Views test collection',
    orgs.map((o) => o.id),
  ));
  userId = await t.userId('clerkB');
  const authoriser = await t.userId('authoriserB');
  await db
    .insertInto('collectionOrganisationRole')
    .values([
      { collectionId, organisationId: orgs[0]!.id, userId, role: 'DataEntryClerk' },
      { collectionId, organisationId: orgs[0]!.id, userId: authoriser, role: 'Authoriser' },
    ])
    .execute();
  closedId = await insertPeriod(db, collectionId, formId, {
    name: 'Closed period',
    open: days(-20),
    close: days(-10),
  });
  openId = await insertPeriod(db, collectionId, formId, {
    name: 'Open period',
    open: days(-1),
    close: days(3),
  });
  futureId = await insertPeriod(db, collectionId, formId, {
    name: 'Future period',
    open: days(30),
    close: days(40),
  });
  const o = (i: number) => orgs[i]!.id;
  await insertSubmissions(db, { collectionId, periodId: closedId, formId, userId }, [
    { organisationId: o(1), revisions: [] },
    { organisationId: o(2), revisions: ['draft'] },
    { organisationId: o(3), revisions: ['draft', 'completed'], submittedAt: days(-15) },
    { organisationId: o(4), revisions: ['draft'], reopenedUntil: days(2) },
    { organisationId: o(5), revisions: ['completed'], submittedAt: days(-5), reopenedUntil: days(-1) },
    { organisationId: o(6), revisions: ['completed', 'draft'], submittedAt: days(-15) },
  ]);
  await insertSubmissions(db, { collectionId, periodId: openId, formId, userId }, [
    { organisationId: o(0), revisions: ['completed'] },
    { organisationId: o(1), revisions: ['draft'], lockedBy: userId },
  ]);
}, 60_000);

const periodUrl = (id: number, query = '') => `/v1/api/View/Manager/ReportingPeriod/${id}/Submission${query}`;

describe('GET /View/Manager/ReportingPeriod/{id}/Submission', () => {
  it('lists every recipient with its status, sorted by name, with counts per status', async () => {
    const res = await (await t.as('superAdmin')).get(periodUrl(closedId, '?pageSize=100'));
    expect(res.status).toBe(200);
    expect(res.body.period).toMatchObject({
      id: closedId,
      name: 'Closed period',
      reportingPeriodStatus: 'Closed',
      collectionId,
    });
    const byCode = new Map(res.body.items.map((r: { code: string; status: string }) => [r.code, r.status]));
    expect(orgs.map((o) => byCode.get(o.code))).toEqual(expected);
    const names = res.body.items.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.total).toBe(8);
    expect(res.body.counts).toEqual({
      expected: 8,
      notYetRequired: 0,
      notStarted: 0,
      draft: 1,
      completed: 3,
      missed: 4,
      onTime: 2,
      late: 1,
    });
  });

  it('presents last change, who, timeliness and the per-organisation reopen', async () => {
    const res = await (await t.as('superAdmin')).get(periodUrl(closedId, '?pageSize=100'));
    const row = (i: number) => res.body.items.find((r: { code: string }) => r.code === orgs[i]!.code);
    expect(row(3)).toMatchObject({ isOnTime: true, submittedBy: { id: userId, name: 'Bea Clerk' } });
    expect(row(3).lastChangedBy).toEqual({ id: userId, name: expect.any(String) });
    expect(row(5).isOnTime).toBe(false);
    expect(row(4).reopenedUntil).toBe(days(2).toISOString());
    expect(row(0)).toMatchObject({
      submissionId: null,
      lastChangedAt: null,
      isOnTime: null,
      isLocked: false,
    });
  });

  it('filters to one status in SQL and pages through it', async () => {
    const admin = await t.as('collectionAdmin');
    const missed = await admin.get(periodUrl(closedId, '?status=missed&pageSize=3&sortBy=code'));
    expect(missed.body.total).toBe(4);
    expect(missed.body.items.map((r: { code: string }) => r.code)).toEqual(
      [0, 1, 2].map((i) => orgs[i]!.code),
    );
    const page2 = await admin.get(periodUrl(closedId, '?status=missed&pageSize=3&page=2&sortBy=code'));
    expect(page2.body.items.map((r: { code: string }) => r.code)).toEqual([orgs[7]!.code]);
    expect(page2.body.counts.missed).toBe(4);
  });

  it('sorts by status (the journey order) and by code descending', async () => {
    const admin = await t.as('superAdmin');
    const byStatus = await admin.get(periodUrl(closedId, '?sortBy=status&pageSize=100'));
    expect(byStatus.body.items.map((r: { status: string }) => r.status)).toEqual([
      'draft',
      'completed',
      'completed',
      'completed',
      'missed',
      'missed',
      'missed',
      'missed',
    ]);
    const desc = await admin.get(periodUrl(closedId, '?sortBy=code&sortOrder=DESC&pageSize=2'));
    expect(desc.body.items.map((r: { code: string }) => r.code)).toEqual([orgs[7]!.code, orgs[6]!.code]);
  });

  it('searches by name or code and filters by region and type; counts follow those filters', async () => {
    const admin = await t.as('superAdmin');
    const byCode = await admin.get(periodUrl(closedId, `?query=${orgs[3]!.code.toLowerCase()}`));
    expect(byCode.body.items.map((r: { code: string }) => r.code)).toEqual([orgs[3]!.code]);
    expect(byCode.body.counts).toMatchObject({ expected: 1, completed: 1 });
    const regionId = orgs.find((o) => o.regionId !== null)!.regionId!;
    const inRegion = orgs.filter((o) => o.regionId === regionId).length;
    const byRegion = await admin.get(periodUrl(closedId, `?regionId=${regionId}`));
    expect(byRegion.body.total).toBe(inRegion);
    expect(byRegion.body.counts.expected).toBe(inRegion);
    const type = await t.database.db
      .selectFrom('organisation')
      .select('organisationTypeId')
      .where('id', '=', orgs[0]!.id)
      .executeTakeFirstOrThrow();
    const byType = await admin.get(periodUrl(closedId, `?organisationTypeId=${type.organisationTypeId}`));
    expect(byType.body.total).toBe(8);
    const none = await admin.get(periodUrl(closedId, '?query=no-such-organisation'));
    expect(none.body).toMatchObject({ total: 0, items: [] });
  });

  it('shows notStarted, draft with its lock, and completed in an open period; notYetRequired in a future one', async () => {
    const admin = await t.as('superAdmin');
    const open = await admin.get(periodUrl(openId, '?pageSize=100&sortBy=code'));
    expect(open.body.counts).toMatchObject({ completed: 1, draft: 1, notStarted: 6, missed: 0 });
    const locked = open.body.items.find((r: { code: string }) => r.code === orgs[1]!.code);
    expect(locked).toMatchObject({ status: 'draft', isLocked: true, lockedBy: { id: userId } });
    const future = await admin.get(periodUrl(futureId));
    expect(future.body.counts).toMatchObject({ expected: 8, notYetRequired: 8 });
    expect(future.body.period.reportingPeriodStatus).toBe('Future');
  });

  it('refuses bad query values (400) and unknown periods (404)', async () => {
    const admin = await t.as('superAdmin');
    expect((await admin.get(periodUrl(closedId, '?status=finished'))).status).toBe(400);
    expect((await admin.get(periodUrl(closedId, '?pageSize=1000'))).status).toBe(400);
    expect((await admin.get(periodUrl(999_999))).status).toBe(404);
  });

  it('is for those who monitor the collection: the demo manager has no role in this one (404)', async () => {
    expect((await (await t.as('manager')).get(periodUrl(closedId))).status).toBe(404);
    expect((await (await t.as('clerkB')).get(periodUrl(closedId))).status).toBe(403);
  });
});

describe('GET /View/Manager/Collection/{id}/ReportingPeriods', () => {
  const url = (query = '') => `/v1/api/View/Manager/Collection/${collectionId}/ReportingPeriods${query}`;

  it('lists every period, closed ones included, latest first, with its state and counts', async () => {
    const res = await (await t.as('superAdmin')).get(url());
    expect(res.status).toBe(200);
    expect(res.body.collection).toEqual({ id: collectionId, name: 'Views test collection' });
    expect(
      res.body.items.map((p: { id: number; reportingPeriodStatus: string }) => [
        p.id,
        p.reportingPeriodStatus,
      ]),
    ).toEqual([
      [futureId, 'Future'],
      [openId, 'Open'],
      [closedId, 'Closed'],
    ]);
    expect(res.body.total).toBe(3);
    expect(res.body.states).toEqual({ Open: 1, Future: 1, Closed: 1 });
    const closed = res.body.items.find((p: { id: number }) => p.id === closedId);
    expect(closed.counts).toMatchObject({
      expected: 8,
      completed: 3,
      onTime: 2,
      late: 1,
      missed: 4,
      draft: 1,
    });
    const open = res.body.items.find((p: { id: number }) => p.id === openId);
    expect(open.counts).toMatchObject({ expected: 8, completed: 1, draft: 1, notStarted: 6 });
    expect(res.body.items[0].counts).toMatchObject({ expected: 8, notYetRequired: 8 });
  });

  it('keeps one state, pages, and sorts earliest first when asked', async () => {
    const admin = await t.as('superAdmin');
    const closed = await admin.get(url('?state=Closed'));
    expect(closed.body.items.map((p: { id: number }) => p.id)).toEqual([closedId]);
    expect(closed.body.total).toBe(1);
    expect(closed.body.states).toEqual({ Open: 1, Future: 1, Closed: 1 });
    const page2 = await admin.get(url('?pageSize=2&page=2&sortOrder=ASC'));
    expect(page2.body.items.map((p: { id: number }) => p.id)).toEqual([futureId]);
    expect(page2.body.total).toBe(3);
    expect((await admin.get(url('?state=Sometime'))).status).toBe(400);
  });

  it('is for those who monitor the collection: a clerk is refused, an unknown collection is not found', async () => {
    const demo = await t.demoCollectionId();
    const demoUrl = `/v1/api/View/Manager/Collection/${demo}/ReportingPeriods`;
    expect((await (await t.as('submissionManager')).get(demoUrl)).status).toBe(200);
    expect((await (await t.as('clerkA')).get(demoUrl)).status).toBe(403);
    expect(
      (await (await t.as('superAdmin')).get('/v1/api/View/Manager/Collection/999999/ReportingPeriods'))
        .status,
    ).toBe(404);
  });
});

describe('status in SQL agrees with the domain rules at every boundary', () => {
  it('a second either side of open, close, reopen, reclose and a per-organisation reopen', async () => {
    const db = t.database.db;
    const base = Date.UTC(2031, 4, 1, 23); // 00:00 London (BST) on 2 May 2031
    const at = (d: number, s = 0) => new Date(base + d * DAY + s * 1000);
    const period = { name: 'Boundary period', open: at(0), close: at(10), reopen: at(20), reclose: at(25) };
    const periodId = await insertPeriod(db, collectionId, formId, period);
    const o = (i: number) => orgs[i]!.id;
    await insertSubmissions(db, { collectionId, periodId, formId, userId }, [
      { organisationId: o(1), revisions: [] },
      { organisationId: o(2), revisions: ['draft'] },
      { organisationId: o(3), revisions: ['completed'], submittedAt: at(1) },
      { organisationId: o(4), revisions: ['draft'], reopenedUntil: at(15) },
      { organisationId: o(5), revisions: ['completed', 'draft'], submittedAt: at(1) },
    ]);
    const rows = await db
      .selectFrom('submission')
      .selectAll()
      .where('reportingPeriodId', '=', periodId)
      .execute();
    const window = {
      submissionsOpen: period.open,
      submissionsClose: period.close,
      submissionsReopen: period.reopen,
      submissionsReclose: period.reclose,
      ifSubmissionReopens: true,
    };
    const instants = [0, 10, 15, 20, 25].flatMap((d) => [at(d, -1), at(d), at(d, 1)]);
    const seen = new Set<string>();
    for (const instant of instants) {
      const list = await listPeriodSubmissions(
        db,
        periodId,
        { page: 1, pageSize: 100, sortBy: 'code', sortOrder: 'ASC' },
        instant,
      );
      for (const item of list.items) {
        const row = rows.find((r) => r.organisationId === item.organisationId) ?? null;
        const domain = submissionStatusAt(
          window,
          row && {
            status: row.status,
            currentRevisionId: row.currentRevisionId === null ? null : Number(row.currentRevisionId),
            officialRevisionId: row.officialRevisionId === null ? null : Number(row.officialRevisionId),
            reopenedUntil: row.reopenedUntil,
          },
          instant,
        );
        expect(item.status, `${item.code} at ${instant.toISOString()}`).toBe(domain);
        seen.add(item.status);
      }
    }
    expect([...seen].sort()).toEqual(['completed', 'draft', 'missed', 'notStarted', 'notYetRequired']);
    // Spot checks: the reopened organisation is a draft a second before its extension ends, missed at it.
    const status = async (instant: Date, i: number) =>
      (
        await listPeriodSubmissions(
          db,
          periodId,
          { page: 1, pageSize: 100, sortBy: 'code', sortOrder: 'ASC' },
          instant,
        )
      ).items.find((r) => r.organisationId === o(i))!.status;
    expect(await status(at(15, -1), 4)).toBe('draft');
    expect(await status(at(15), 4)).toBe('missed');
    expect(await status(at(10, -1), 2)).toBe('draft');
    expect(await status(at(10), 2)).toBe('missed');
    expect(await status(at(20), 2)).toBe('draft');
    expect(await status(at(25), 2)).toBe('missed');
    expect(await status(at(0, -1), 3)).toBe('notYetRequired');
    expect(await status(at(0), 1)).toBe('notStarted');
    expect(await status(at(12), 5)).toBe('completed');
  });
});

describe('GET /View/Manager/ReportingPeriod/{id}/NonSubmitters', () => {
  it('lists organisations that have not completed with their clerks and authorisers', async () => {
    const res = await (await t.as('superAdmin')).get(
      `/v1/api/View/Manager/ReportingPeriod/${closedId}/NonSubmitters`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { code: string }) => r.code).sort()).toEqual(
      [0, 1, 2, 4, 7].map((i) => orgs[i]!.code).sort(),
    );
    const first = res.body.items.find((r: { code: string }) => r.code === orgs[0]!.code);
    expect(first.contacts.map((c: { email: string; role: string }) => `${c.role} ${c.email}`).sort()).toEqual(
      ['Authoriser authoriser.b@dcf.example', 'DataEntryClerk clerk.b@dcf.example'],
    );
  });

  it('downloads as CSV: one row per contact, an organisation without contacts on a row of its own', async () => {
    const res = await (await t.as('superAdmin')).get(
      `/v1/api/View/Manager/ReportingPeriod/${closedId}/NonSubmitters?format=csv`,
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('non-submitters-Closed-period.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Organisation code,Organisation name,Status,Role,Name,Email');
    expect(lines).toHaveLength(1 + 2 + 4);
    expect(
      lines
        .filter((l) => l.startsWith(`${orgs[0]!.code},`))
        .map((l) => l.split(',').at(-1))
        .sort(),
    ).toEqual(['authoriser.b@dcf.example', 'clerk.b@dcf.example']);
    expect(lines.some((l) => l.startsWith(`${orgs[3]!.code},`))).toBe(false);
    // Words a person reads, never the codes (`missed`, `DataEntryClerk`).
    expect(
      lines
        .filter((l) => l.startsWith(`${orgs[0]!.code},`))
        .map((l) => l.split(',').slice(2, 4).join(','))
        .sort(),
    ).toEqual(['Missed,Authoriser', 'Missed,Data entry clerk']);
    expect(res.text).not.toMatch(/missed|notStarted|DataEntryClerk/);
  });

  it('a name that would run as a formula after a separator is defused in the CSV (the one rule, decision 0032)', async () => {
    const db = t.database.db;
    const clerkB = await t.userId('clerkB');
    const hostile = ';=HYPERLINK("http://x.example","Click")';
    await db.updateTable('appUser').set({ name: hostile }).where('id', '=', clerkB).execute();
    try {
      const res = await (await t.as('superAdmin')).get(
        `/v1/api/View/Manager/ReportingPeriod/${closedId}/NonSubmitters?format=csv`,
      );
      expect(res.status).toBe(200);
      // Quoted (one cell for a comma reader), an apostrophe at the start and after the ';' (a reader that
      // splits on ';' sees two text cells).
      expect(res.text).toContain(`,"';'=HYPERLINK(""http://x.example"",""Click"")",clerk.b@dcf.example`);
      for (const line of res.text.split('\r\n'))
        for (const cell of line.split(';')) expect(cell.replace(/^"/, '')).not.toMatch(/^\s*[=+\-@]/);
    } finally {
      await db.updateTable('appUser').set({ name: 'Bea Clerk' }).where('id', '=', clerkB).execute();
    }
  });

  it('answers a collection manager from the period their rule located, as it answers an administrator', async () => {
    const db = t.database.db;
    const managerId = await t.userId('manager');
    await db
      .insertInto('collectionRole')
      .values({ collectionId, userId: managerId, role: 'collectionManager' })
      .execute();
    try {
      const manager = await t.as('manager');
      const admin = await t.as('superAdmin');
      for (const url of [
        periodUrl(closedId, '?pageSize=100'),
        `/v1/api/View/Manager/ReportingPeriod/${closedId}/NonSubmitters`,
      ]) {
        const [asManager, asAdmin] = [await manager.get(url), await admin.get(url)];
        expect(asManager.status).toBe(200);
        expect(asManager.body.period).toEqual(asAdmin.body.period);
        expect(asManager.body.items).toEqual(asAdmin.body.items);
      }
      expect((await manager.get(periodUrl(999_999))).status).toBe(404);
    } finally {
      await db
        .deleteFrom('collectionRole')
        .where('collectionId', '=', collectionId)
        .where('userId', '=', managerId)
        .execute();
    }
  });
});

describe('GET /View/Submitter/Home/Collection/{id}/Organisation/{orgId}', () => {
  it('gives a submitter each period with display state, deadline and what needs doing', async () => {
    const demo = await t.demoCollectionId();
    const rj1 = await t.organisationId('RJ1');
    const res = await (await t.as('clerkA')).get(
      `/v1/api/View/Submitter/Home/Collection/${demo}/Organisation/${rj1}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.organisation.code).toBe('RJ1');
    const states = res.body.periods.map((p: { displayState: string }) => p.displayState);
    expect(states).toEqual(['Missed', 'Missed', 'Missed', 'Missed', 'Open', 'Future', 'Future']);
    const open = res.body.periods[4];
    expect(open).toMatchObject({
      status: 'notStarted',
      action: 'start',
      todo: 'Start and submit your return',
    });
    expect(open.deadlineText).toMatch(/^closes in 1[34] days$/);
    expect(res.body.periods[0].deadlineText).toMatch(/^closed on /);
    expect(res.body.periods[6].deadlineText).toMatch(/^opens on /);
  });

  it('reads this collection for an organisation: draft reopened, completed, missed', async () => {
    const res = await (await t.as('superAdmin')).get(
      `/v1/api/View/Submitter/Home/Collection/${collectionId}/Organisation/${orgs[4]!.id}`,
    );
    const closed = res.body.periods.find((p: { id: number }) => p.id === closedId);
    expect(closed).toMatchObject({
      status: 'draft',
      windowStatus: 'Open',
      displayState: 'Open',
      deadline: days(2).toISOString(),
      action: 'continue',
      reopenedUntil: days(2).toISOString(),
    });
  });

  it('hides another organisation from a submitter, and non-recipients (404)', async () => {
    const demo = await t.demoCollectionId();
    const rgt = await t.organisationId('RGT');
    expect(
      (await (await t.as('clerkA')).get(`/v1/api/View/Submitter/Home/Collection/${demo}/Organisation/${rgt}`))
        .status,
    ).toBe(404);
    expect(
      (
        await (
          await t.as('superAdmin')
        ).get(`/v1/api/View/Submitter/Home/Collection/${demo}/Organisation/${orgs[0]!.id}`)
      ).status,
    ).toBe(404);
    expect(
      (
        await (
          await t.as('clerkA')
        ).get(`/v1/api/View/Submitter/Home/Collection/${collectionId}/Organisation/${orgs[0]!.id}`)
      ).status,
    ).toBe(404);
  });
});

describe('manager home, collection trend, organisation history and the admin overview', () => {
  it('gives the manager their collections with current and next periods and received / expected', async () => {
    const res = await (await t.as('manager')).get('/v1/api/View/Manager/Home');
    expect(res.status).toBe(200);
    expect(res.body.collections.map((c: { name: string }) => c.name)).toEqual(['Monthly workforce return']);
    const demo = res.body.collections[0];
    expect(demo.recipients).toBe(2);
    expect(demo.currentPeriod).toMatchObject({
      reportingPeriodStatus: 'Open',
      counts: { expected: 2, completed: 0, notStarted: 2 },
    });
    expect(demo.nextPeriod).toMatchObject({ reportingPeriodStatus: 'Future', counts: { notYetRequired: 2 } });
  });

  it('gives administrators every collection; the collection view has the trend oldest first', async () => {
    const home = await (await t.as('collectionAdmin')).get('/v1/api/View/Manager/Home');
    const mine = home.body.collections.find((c: { id: number }) => c.id === collectionId);
    expect(mine.currentPeriod.id).toBe(openId);
    expect(mine.nextPeriod.id).toBe(futureId);
    const res = await (await t.as('superAdmin')).get(`/v1/api/View/Manager/Home/Collection/${collectionId}`);
    expect(res.status).toBe(200);
    expect(res.body.periods.map((p: { id: number }) => p.id)).toEqual([closedId, openId]);
    expect(res.body.periods[0].counts).toMatchObject({
      expected: 8,
      completed: 3,
      onTime: 2,
      late: 1,
      missed: 4,
    });
  });

  it('lets a submission manager read the demo collection, not a clerk', async () => {
    const demo = await t.demoCollectionId();
    expect(
      (await (await t.as('submissionManager')).get(`/v1/api/View/Manager/Home/Collection/${demo}`)).status,
    ).toBe(200);
    expect((await (await t.as('clerkA')).get(`/v1/api/View/Manager/Home/Collection/${demo}`)).status).toBe(
      403,
    );
  });

  it("gives an organisation's history: on time, late, missed, pending", async () => {
    const history = async (i: number) =>
      (
        await (
          await t.as('superAdmin')
        ).get(`/v1/api/View/Manager/Collection/${collectionId}/Organisation/${orgs[i]!.id}/History`)
      ).body.periods
        .filter((p: { id: number }) => [closedId, openId, futureId].includes(p.id))
        .map((p: { timeliness: string }) => p.timeliness);
    expect(await history(3)).toEqual(['onTime', 'pending', 'notYetRequired']);
    expect(await history(5)).toEqual(['late', 'pending', 'notYetRequired']);
    expect(await history(0)).toEqual(['missed', 'onTime', 'notYetRequired']);
  });

  it('gives administrators the submissions overview across collections, searched and paged', async () => {
    const res = await (await t.as('superAdmin')).get('/v1/api/View/Admin/Submissions?query=views%20test');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: collectionId,
      recipients: 8,
      currentPeriod: { id: openId },
    });
    const all = await (await t.as('superAdmin')).get('/v1/api/View/Admin/Submissions?pageSize=1');
    expect(all.body.items).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    expect((await (await t.as('manager')).get('/v1/api/View/Admin/Submissions')).status).toBe(403);
    // Sorted in SQL before paging (decision 0025): the last by name descending is the first ascending.
    const names = async (query: string) =>
      (
        (await (await t.as('superAdmin')).get(`/v1/api/View/Admin/Submissions?${query}`)).body.items as {
          name: string;
        }[]
      ).map((c) => c.name);
    const ascending = await names('pageSize=100');
    expect(await names('pageSize=100&sortOrder=DESC')).toEqual([...ascending].reverse());
    expect((await (await t.as('superAdmin')).get('/v1/api/View/Admin/Submissions?sortBy=size')).status).toBe(
      400,
    );
  });
});
