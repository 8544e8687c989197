import type { PeriodCounts, PeriodSubmissionStatus } from '@dcf/domain';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import {
  demoFormId,
  lock,
  newPeriod,
  pageFor,
  save,
  submit,
} from '../../../test/support/submission-fixtures';
import * as m0018 from '../../db/migrations/0018_period_counts';
import { keptRowCounts, noRows } from './period-counts';
import { liveRowCounts } from './queries';

/**
 * Counts kept as returns change (decision 0034, migration 0018): the counts the manager's screens show
 * come from one row per period that the database keeps in the transaction of every change. Whatever
 * happens to the returns, they must equal the returns counted one by one, now and at any instant.
 */

const t = useTestApp();

const DAY = 86_400_000;
const statuses: PeriodSubmissionStatus[] = ['notYetRequired', 'notStarted', 'draft', 'completed', 'missed'];

/** The period's counts from its recipients listed one by one (each row's status computed in SQL). */
async function countedOneByOne(periodId: number) {
  const manager = await t.as('superAdmin');
  const res = await manager.get(`/v1/api/View/Manager/ReportingPeriod/${periodId}/Submission?pageSize=100`);
  expect(res.status).toBe(200);
  const items = res.body.items as { status: PeriodSubmissionStatus; isOnTime: boolean | null }[];
  expect(items.length).toBe(res.body.total);
  const counts: Record<string, number> = { expected: items.length, onTime: 0, late: 0 };
  for (const s of statuses) counts[s] = items.filter((i) => i.status === s).length;
  counts.onTime = items.filter((i) => i.isOnTime === true).length;
  counts.late = items.filter((i) => i.isOnTime === false).length;
  return { counted: counts as unknown as PeriodCounts, listCounts: res.body.counts as PeriodCounts };
}

/** The counts the trend (collection home) and the periods list give the period: they must agree. */
async function expectKeptCountsTrue(periodId: number) {
  const admin = await t.as('superAdmin');
  const collectionId = await t.demoCollectionId();
  const { counted, listCounts } = await countedOneByOne(periodId);
  expect(listCounts).toEqual(counted);
  const home = await admin.get(`/v1/api/View/Manager/Home/Collection/${collectionId}`);
  expect(home.status).toBe(200);
  const inTrend = home.body.periods.find((p: { id: number }) => p.id === periodId);
  expect(inTrend.counts).toEqual(counted);
  const periods = await admin.get(
    `/v1/api/View/Manager/Collection/${collectionId}/ReportingPeriods?pageSize=100`,
  );
  expect(periods.body.items.find((p: { id: number }) => p.id === periodId).counts).toEqual(counted);
  return counted;
}

describe('counts kept as returns change, through HTTP', () => {
  it('follow a lock, a draft, a submit, a return for correction and a resubmit in an open period', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const authoriser = await t.as('authoriserA');
    const before = await expectKeptCountsTrue(periodId);

    const view = await lock(authoriser, page);
    expect((await expectKeptCountsTrue(periodId)).notStarted).toBe(before.notStarted);
    const draft = await save(authoriser, view.submissionId, {
      content: { headcount: 1 },
      baseRevisionId: null,
    });
    expect(draft.status).toBe(201);
    expect((await expectKeptCountsTrue(periodId)).draft).toBe(before.draft + 1);
    const submitted = await submit(authoriser, view.submissionId, {
      baseRevisionId: draft.body.currentRevisionId,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const afterSubmit = await expectKeptCountsTrue(periodId);
    expect(afterSubmit).toMatchObject({ completed: before.completed + 1, onTime: before.onTime + 1 });

    const manager = await t.as('manager');
    const returned = await manager.post(`/v1/api/Submission/${view.submissionId}/Return`, {
      reason: 'Please check the headcount',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect((await expectKeptCountsTrue(periodId)).completed).toBe(before.completed);
  });

  it('follow a return reopened for its organisation after the close, its submit, and the close moved', async () => {
    const periodId = await newPeriod(t, { closed: true });
    const page = await pageFor(t, periodId);
    const before = await expectKeptCountsTrue(periodId);
    expect(before.missed).toBe(before.expected);

    const manager = await t.as('manager');
    const until = new Date(Date.now() + 3 * DAY).toISOString();
    expect((await manager.post(`${page.url}/Reopen`, { until })).status).toBe(200);
    // Reopened for its organisation: not started in its own window, though the period has closed.
    const reopened = await expectKeptCountsTrue(periodId);
    expect(reopened).toMatchObject({ notStarted: 1, missed: before.missed - 1 });

    const authoriser = await t.as('authoriserA');
    const view = await lock(authoriser, page);
    const saved = await submit(authoriser, view.submissionId, { baseRevisionId: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(await expectKeptCountsTrue(periodId)).toMatchObject({ completed: 1, late: 1, onTime: 0 });

    // The manager moves the close past the submit: the same return is now on time.
    const url = `/v1/api/Collection/${page.collectionId}/ReportingPeriod/${periodId}`;
    const period = (await manager.get(url)).body;
    const moved = await manager.put(url, {
      name: period.name,
      start: period.start,
      end: period.end,
      submissionsOpen: period.submissionsOpen,
      submissionsClose: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await expectKeptCountsTrue(periodId)).toMatchObject({ completed: 1, late: 0, onTime: 1 });
  });
});

// ---- Whatever is written to the table, by anyone --------------------------------------------------------

/** Each period's rows by status at `at`: as kept, and counted now row by row. */
async function bothWays(periodIds: number[], at: Date) {
  const db = t.database.db;
  const [kept, live] = await Promise.all([
    keptRowCounts(db, periodIds, at),
    liveRowCounts(db, periodIds, at, {}),
  ]);
  return {
    kept: periodIds.map((id) => kept.get(id) ?? noRows()),
    counted: periodIds.map((id) => live.get(id) ?? noRows()),
  };
}

describe('counts kept whatever is written, by anyone (property)', () => {
  it('equal the returns counted one by one after random inserts, updates, deletes and moved closes', async () => {
    const db = t.database.db;
    const collectionId = await t.demoCollectionId();
    const formId = await demoFormId(t);
    const organisations = await db
      .selectFrom('collectionOrganisation')
      .select('organisationId')
      .where('collectionId', '=', collectionId)
      .orderBy('organisationId')
      .limit(6)
      .execute();
    const orgIds = organisations.map((o) => o.organisationId);
    const user = await t.userId('superAdmin');
    const base = Date.UTC(2035, 0, 10, 12);
    const at = (d: number) => new Date(base + d * DAY);
    // Four periods: opens at day 0, closes at day 10; the second reopens from 20 to 25.
    const periodIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const row = await db
        .insertInto('reportingPeriod')
        .values({
          collectionId,
          formId,
          name: `Property ${i}`,
          start: `2035-0${i + 1}-01`,
          end: `2035-0${i + 1}-28`,
          submissionsOpen: at(0),
          submissionsClose: at(10),
          ...(i === 1
            ? { ifSubmissionReopens: true, submissionsReopen: at(20), submissionsReclose: at(25) }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      periodIds.push(row.id);
    }

    const fact = fc.record({
      status: fc.constantFrom('draft' as const, 'completed' as const),
      current: fc.boolean(),
      official: fc.boolean(),
      submittedDay: fc.option(fc.integer({ min: -2, max: 30 })),
      reopenedDay: fc.option(fc.integer({ min: 5, max: 30 })),
    });
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('upsert' as const), period: fc.nat(3), org: fc.nat(5), fact }),
      fc.record({ kind: fc.constant('delete' as const), period: fc.nat(3), org: fc.nat(5) }),
      fc.record({ kind: fc.constant('updateAll' as const), period: fc.nat(3), fact }),
      fc.record({
        kind: fc.constant('moveClose' as const),
        period: fc.nat(3),
        day: fc.integer({ min: 1, max: 19 }),
      }),
    );

    /** A revision to point at (the pointers are foreign keys). */
    const revisionFor = async (submissionId: number) =>
      (
        await db
          .insertInto('submissionRevision')
          .values({ submissionId, status: 'draft', content: '{}', createdBy: user })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    type Fact = {
      status: 'draft' | 'completed';
      current: boolean;
      official: boolean;
      submittedDay: number | null;
      reopenedDay: number | null;
    };
    const apply = async (id: number, f: Fact) => {
      const revision = f.current || f.official ? await revisionFor(id) : null;
      await db
        .updateTable('submission')
        .set({
          status: f.status,
          currentRevisionId: f.current ? revision : null,
          officialRevisionId: f.official ? revision : null,
          submittedAt: f.submittedDay === null ? null : at(f.submittedDay),
          reopenedUntil: f.reopenedDay === null ? null : at(f.reopenedDay),
        })
        .where('id', '=', id)
        .execute();
    };

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const op of operations) {
          const periodId = periodIds[op.period]!;
          if (op.kind === 'upsert') {
            const organisationId = orgIds[op.org % orgIds.length]!;
            await db
              .insertInto('submission')
              .values({
                collectionId,
                reportingPeriodId: periodId,
                organisationId,
                formId,
                status: 'draft',
              })
              .onConflict((oc) => oc.columns(['reportingPeriodId', 'organisationId']).doNothing())
              .execute();
            const { id } = await db
              .selectFrom('submission')
              .select('id')
              .where('reportingPeriodId', '=', periodId)
              .where('organisationId', '=', organisationId)
              .executeTakeFirstOrThrow();
            await apply(id, op.fact);
          } else if (op.kind === 'delete') {
            const organisationId = orgIds[op.org % orgIds.length]!;
            const row = await db
              .selectFrom('submission')
              .select('id')
              .where('reportingPeriodId', '=', periodId)
              .where('organisationId', '=', organisationId)
              .executeTakeFirst();
            if (row) {
              await db
                .updateTable('submission')
                .set({ currentRevisionId: null, officialRevisionId: null })
                .where('id', '=', row.id)
                .execute();
              await db.deleteFrom('submissionRevision').where('submissionId', '=', row.id).execute();
              await db.deleteFrom('submission').where('id', '=', row.id).execute();
            }
          } else if (op.kind === 'updateAll') {
            // One statement changing every row of the period at once.
            await db
              .updateTable('submission')
              .set({
                status: op.fact.status,
                submittedAt: op.fact.submittedDay === null ? null : at(op.fact.submittedDay),
                reopenedUntil: op.fact.reopenedDay === null ? null : at(op.fact.reopenedDay),
              })
              .where('reportingPeriodId', '=', periodId)
              .execute();
          } else {
            await db
              .updateTable('reportingPeriod')
              .set({ submissionsClose: at(op.day) })
              .where('id', '=', periodId)
              .execute();
          }
        }
        for (const day of [-1, 0, 5, 9, 10, 12, 21, 26, 40]) {
          const { kept, counted } = await bothWays(periodIds, at(day));
          expect(kept, `day ${day}`).toEqual(counted);
        }
      }),
      { numRuns: 25 },
    );

    // The migration counts what is already there: dropped and made again, it finds the same counts.
    const before = await db.selectFrom('periodCounts').selectAll().orderBy('reportingPeriodId').execute();
    await m0018.down(db as unknown as Kysely<unknown>);
    await m0018.up(db as unknown as Kysely<unknown>);
    const after = await db.selectFrom('periodCounts').selectAll().orderBy('reportingPeriodId').execute();
    expect(after.filter((r) => r.returns > 0)).toEqual(before.filter((r) => r.returns > 0));
    const kept = await keptRowCounts(db, periodIds, at(5));
    expect(kept.size).toBe(periodIds.length);
  });
});
