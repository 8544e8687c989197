import type { DataQualityRule } from '@dcf/domain/data-quality';
import type { FormDefinition } from '@dcf/forms/components';
import { ruleFields } from '@dcf/forms/data-quality/fields';
import { statisticsPaths } from '@dcf/forms/data-quality/values';
import { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import {
  defineJobKind,
  defineScheduledJobKind,
  enqueue,
  enqueueMany,
  JOB_PRIORITY,
  type JobSchedule,
  jobHandler,
} from '../../platform/jobs';
import {
  computePeriodStatistics,
  countPeriodChange,
  findFormVersionsOfPeriod,
  findPeriodsDueStatistics,
  findStatisticsState,
} from './statistics-queries';

/**
 * Last period's statistics, computed once per period (decision 0034). A range check compares a figure
 * with the previous period's per-field statistics; computing them in every save scanned every return of
 * that period under the save's row lock (1.3 s of database CPU per save at 15,000 returns). Now:
 *
 * - a scheduled sweep (every 5 minutes) finds periods that have closed since their statistics were last
 *   computed (or never were) and queues one job each;
 * - a submit into a period after its close (a reopened return, or the period reopened) counts a change
 *   in its transaction and queues a job named by that count;
 * - the job computes the statistics of every number question (and grid column total) of every version
 *   of the collection's form, and of any path an expert's rule reads, in one statement, and stores them;
 *   a job whose change is already counted by a later computation does nothing (idempotent);
 * - a save and the form page read the stored row (queries.ts, findRuleInputs). Until a period has
 *   closed and its statistics are computed, the next period's range checks have none and pass (the
 *   manager's data quality view says so).
 */

/** A period's statistics to compute; `changeCount` when a change after its close raised it. */
export const periodStatisticsJob = defineJobKind(
  'dataQuality.periodStatistics',
  z.object({ periodId: z.number().int().positive(), changeCount: z.number().int().optional() }),
  { priority: JOB_PRIORITY.bulk },
);
const sweepJob = defineScheduledJobKind('dataQuality.closedPeriods');

export const dataQualitySchedules: JobSchedule[] = [
  { kind: sweepJob, cron: '*/5 * * * *', tz: 'Europe/London' },
];

/**
 * Called by a submit, in its transaction: a return of a period past its close changed, so its
 * statistics (computed at the close, or to be) are computed again once the submit commits.
 */
export async function noteSubmittedReturn(
  tx: Tx,
  period: { periodId: number; submissionsClose: Date },
  now: Date,
): Promise<void> {
  if (now < period.submissionsClose) return;
  const changeCount = await countPeriodChange(tx, period.periodId);
  await enqueue(
    tx,
    periodStatisticsJob,
    { periodId: period.periodId, changeCount },
    { key: `periodStatistics:${period.periodId}:change:${changeCount}` },
  );
}

/** The field paths a period's statistics cover: every number question of every version, and experts' paths. */
function statisticsFieldPaths(versions: { definition: unknown; dataQualityRules: unknown }[]): string[] {
  const paths = new Set<string>();
  for (const version of versions) {
    for (const field of ruleFields(asObject(version.definition) as FormDefinition)) paths.add(field.path);
    for (const path of statisticsPaths(asObject(version.dataQualityRules) as DataQualityRule[]))
      paths.add(path);
  }
  return [...paths];
}

/** node-postgres parses jsonb; PGlite's adapter may hand back text. */
const asObject = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The job: computes a period's statistics. Queued by the sweep (no `changeCount`), it always computes
 * (the period closed since they were computed). Queued by a change, it does nothing when a computation
 * has already seen that change (several submits in a row: the first job's computation may count them all).
 */
export async function computeStatisticsJob(db: Db, periodId: number, changeCount?: number): Promise<void> {
  if (changeCount !== undefined) {
    const state = await findStatisticsState(db, periodId);
    if (state?.computedAt && (state.computedChangeCount ?? 0) >= changeCount) return;
  }
  const versions = await findFormVersionsOfPeriod(db, periodId);
  if (versions.length === 0) return;
  await computePeriodStatistics(db, periodId, statisticsFieldPaths(versions));
}

/** Queues the computation of every period that has closed since its statistics were computed. */
export async function queuePeriodsDueStatistics(db: Db, now: Date): Promise<void> {
  const due = await findPeriodsDueStatistics(db, now);
  await enqueueMany(
    db,
    periodStatisticsJob,
    due.map((period) => ({
      key: `periodStatistics:${period.id}:closed:${period.submissionsClose.toISOString()}`,
      payload: { periodId: period.id },
    })),
  );
}

export const dataQualityJobs = [
  jobHandler(periodStatisticsJob, async ({ periodId, changeCount }, { db }) =>
    computeStatisticsJob(db, periodId, changeCount),
  ),
  jobHandler(sweepJob, async (_payload, { db, now }) => queuePeriodsDueStatistics(db, now)),
];
