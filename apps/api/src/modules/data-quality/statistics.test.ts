import { dataQualityMessages } from '@dcf/domain/data-quality';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import { runStatisticsSweep } from '../../../test/support/jobs';
import { insertReturn } from '../../../test/support/returns-fixture';
import { statementsDuring, tableReads } from '../../../test/support/statement-log';
import {
  completeAnswers,
  dataQualityUrl,
  demoFormId,
  lock,
  newPeriod,
  type Page,
  pageFor,
  save,
  submit,
} from '../../../test/support/submission-fixtures';

/**
 * Last period's statistics, computed once per period (decision 0034): when a period closes a job
 * computes and stores them; a return of it changed after a reopen computes them again; a save and the
 * form page read the stored row and never another organisation's return.
 */

let collectionId: number;
let manager: Client;
const t = useTestApp();
beforeAll(async () => {
  collectionId = await t.demoCollectionId();
  manager = await t.as('manager');
});

const SAMPLE = 30;

const runJobs = () => runStatisticsSweep(t);

/** Submitted returns of other recipients in a period, straight in the database (the statistics' sample). */
async function seedReturns(periodId: number, values: number[]) {
  const db = t.database.db;
  const form = await db
    .selectFrom('reportingPeriod')
    .select('formId')
    .where('id', '=', periodId)
    .executeTakeFirstOrThrow();
  const taken = (
    await db
      .selectFrom('submission')
      .select('organisationId')
      .where('reportingPeriodId', '=', periodId)
      .execute()
  ).map((r) => r.organisationId);
  const organisations = await db
    .selectFrom('organisation')
    .select('id')
    .where('code', 'not in', ['RJ1', 'RGT'])
    .$if(taken.length > 0, (q) => q.where('id', 'not in', taken))
    .orderBy('id')
    .limit(values.length)
    .execute();
  expect(organisations).toHaveLength(values.length);
  const author = await t.userId('clerkA');
  for (const [index, organisation] of organisations.entries()) {
    await db
      .insertInto('collectionOrganisation')
      .values({ collectionId, organisationId: organisation.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertReturn(db, {
      collectionId,
      periodId,
      organisationId: organisation.id,
      formId: form.formId as number,
      userId: author,
      status: 'completed',
      content: { ...completeAnswers, sicknessDays: values[index] },
    });
  }
}

/** Two new periods, last and this, RJ1's return page in each, and other recipients' returns seeded in the last. */
async function lastAndThisPeriod(seeded: number[]) {
  const lastPeriod = await newPeriod(t);
  const thisPeriod = await newPeriod(t);
  await seedReturns(lastPeriod, seeded);
  return {
    lastPeriod,
    thisPeriod,
    lastPage: await pageFor(t, lastPeriod),
    thisPage: await pageFor(t, thisPeriod),
  };
}

/** Submits RJ1's return with `sicknessDays` as the authoriser (lock, submit), through HTTP. */
async function submitRj1(page: Page, sicknessDays: number) {
  const authoriser = await t.as('authoriserA');
  const view = await lock(authoriser, page);
  const res = await submit(authoriser, view.submissionId, {
    content: { ...completeAnswers, sicknessDays },
    baseRevisionId: view.currentRevisionId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await authoriser.delete(`${page.url}/Lock`);
  return res.body.submissionId as number;
}

/** The manager closes a period through the API: its close a minute ago. */
async function closePeriod(periodId: number) {
  const url = `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}`;
  const period = (await manager.get(url)).body;
  const res = await manager.put(url, {
    ...period,
    submissionsClose: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.reportingPeriodStatus).toBe('Closed');
}

async function addRangeRule() {
  const formId = await demoFormId(t);
  const res = await manager.post(`/v1/api/Collection/${collectionId}/Form/${formId}/DataQualityRule`, {
    name: 'Sickness in range',
    severity: 'warning',
    message: 'Working days lost is outside last period’s range',
    check: { kind: 'range', field: 'sicknessDays', bounds: 'minMax' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('last period’s statistics, once per period', () => {
  it('appear when the period closes, are computed again when a reopened return changes, and not otherwise', async () => {
    await addRangeRule();
    const { lastPeriod, thisPeriod, lastPage, thisPage } = await lastAndThisPeriod(
      Array.from({ length: SAMPLE - 1 }, (_, i) => i + 1),
    );
    const rj1 = await submitRj1(lastPage, 40);
    const clerk = await t.as('clerkA');

    // Open: nothing computed, the range check has no figures and the manager is told why.
    await runJobs();
    expect((await clerk.get(dataQualityUrl(thisPage))).body.stats).toEqual({});
    const view = (await manager.get(`/v1/api/View/Manager/ReportingPeriod/${thisPeriod}/DataQuality`)).body;
    expect(view).toMatchObject({
      readsStatistics: true,
      statistics: { periodName: expect.any(String), computedAt: null, returns: null },
    });
    expect(dataQualityMessages.statisticsPending(view.statistics.periodName)).toContain('pass for now');

    await closePeriod(lastPeriod);
    await runJobs();
    const computed = (await clerk.get(dataQualityUrl(thisPage))).body;
    expect(computed.stats).toEqual({
      sicknessDays: { count: SAMPLE, min: 1, p5: 2, median: 15, p95: 29, max: 40 },
    });
    const state = async () =>
      t.database.db
        .selectFrom('periodStatistics')
        .selectAll()
        .where('reportingPeriodId', '=', lastPeriod)
        .executeTakeFirstOrThrow();
    const first = await state();
    expect(first).toMatchObject({ returns: SAMPLE, changeCount: 0, computedChangeCount: 0 });
    const after = (await manager.get(`/v1/api/View/Manager/ReportingPeriod/${thisPeriod}/DataQuality`)).body;
    expect(after.statistics).toEqual({
      periodName: view.statistics.periodName,
      computedAt: first.computedAt?.toISOString(),
      returns: SAMPLE,
    });

    // Idempotent: the next sweep and the jobs compute nothing new.
    await runJobs();
    expect((await state()).computedAt).toEqual(first.computedAt);

    // Reopened for RJ1, which submits a changed figure: computed again, with the new maximum.
    const reopen = await manager.post(`/v1/api/Submission/${rj1}/Reopen`, {
      until: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    await submitRj1(lastPage, 400);
    expect((await state()).changeCount).toBe(1);
    await runJobs();
    expect((await clerk.get(dataQualityUrl(thisPage))).body.stats.sicknessDays).toMatchObject({
      count: SAMPLE,
      max: 400,
    });
    expect(await state()).toMatchObject({ changeCount: 1, computedChangeCount: 1 });
  });

  it('a save and the form page read no other organisation’s return: one row of last period’s statistics', async () => {
    const { lastPeriod, lastPage, thisPage } = await lastAndThisPeriod(
      Array.from({ length: SAMPLE }, (_, i) => 100 + i),
    );
    await submitRj1(lastPage, 120);
    await closePeriod(lastPeriod);
    await runJobs();

    const clerk = await t.as('clerkA');
    const opened = await statementsDuring(t.database.pool, async () => {
      expect((await clerk.get(thisPage.url)).status).toBe(200);
      return clerk.get(dataQualityUrl(thisPage));
    });
    expect(opened.result.body.stats.sicknessDays.count).toBe(SAMPLE + 1);
    const view = await lock(clerk, thisPage);
    const draft = {
      content: { ...completeAnswers, sicknessDays: 500 },
      baseRevisionId: view.currentRevisionId,
    };
    // The first save of the return in this process, then one with the form version held.
    expect((await save(clerk, view.submissionId, draft)).status).toBe(201);
    const saved = await statementsDuring(t.database.pool, async () => {
      const current = (await clerk.get(thisPage.url)).body.currentRevisionId;
      return save(clerk, view.submissionId, { ...draft, baseRevisionId: current });
    });
    expect(saved.result.status, JSON.stringify(saved.result.body)).toBe(201);

    // RJ1's own returns, one per period it reports in: the planner may find this return through the
    // organisation's index (PGlite did once the table grew the handover's columns), which touches them
    // all. That reads no other organisation's return; scanning last period's returns would touch 31.
    const own = await t.database.db
      .selectFrom('submission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisationId', '=', thisPage.organisationId)
      .executeTakeFirstOrThrow();
    const bound = Math.max(2, Number(own.n));
    expect(bound).toBeLessThan(SAMPLE);
    for (const { statements } of [opened, saved]) {
      const reads = await tableReads(t.database.pool, statements, ['submission', 'submission_revision']);
      // Each plan node on the returns' tables touched at most RJ1's own returns (this one, its previous
      // one, its others).
      const large = reads.filter((read) => read.rows > bound);
      expect(large, JSON.stringify(large, null, 1)).toEqual([]);
      expect(reads.reduce((sum, read) => sum + read.rows, 0)).toBeLessThan(SAMPLE);
    }
  });
});
