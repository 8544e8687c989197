import type { PeriodSubmissionStatus } from '@dcf/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PeriodCountsTable } from '../../db/schema';
import { isOnTimeSql, submissionStatusSql } from './status-sql';

/**
 * Per period, how its submission rows stand now: by status (the same answer as `submissionStatusSql` row
 * by row), how many completed on time, and how many rows there are. Read from the counts the database
 * keeps as returns change (migration 0018, decision 0034), not counted again: one row per period, plus
 * the few returns a manager reopened for their organisation while the period itself is closed.
 */
export interface RowCounts {
  byStatus: Record<PeriodSubmissionStatus, number>;
  onTime: number;
  late: number;
  rows: number;
}

export const noRows = (): RowCounts => ({
  byStatus: { notYetRequired: 0, notStarted: 0, draft: 0, completed: 0, missed: 0 },
  onTime: 0,
  late: 0,
  rows: 0,
});

/** Which reading of the kept counts applies now: status-sql.ts's rules at the period's level. */
type Reading = 'future' | 'window' | 'closed';

/** A period's kept counts (table period_counts) with the reading that applies to them now. */
type KeptRow = Omit<PeriodCountsTable, 'reportingPeriodId'> & { periodId: number; reading: Reading };

/** A return reopened for its organisation until after `now`, in a period whose own windows are shut. */
interface ReopenedRow {
  periodId: number;
  status: PeriodSubmissionStatus;
  onTime: boolean | null;
  closedCompleted: boolean;
  closedOnTime: boolean;
}

export async function keptRowCounts(
  db: Db,
  periodIds: readonly number[],
  now: Date,
): Promise<Map<number, RowCounts>> {
  const result = new Map<number, RowCounts>();
  if (periodIds.length === 0) return result;
  const at = sql`${now}::timestamptz`;
  const { rows: kept } = await sql<KeptRow>`
    select rp.id as "periodId",
      case when ${at} < rp.submissions_open then 'future'
        when ${at} < rp.submissions_close or coalesce(rp.if_submission_reopens
          and ${at} >= rp.submissions_reopen and ${at} < rp.submissions_reclose, false) then 'window'
        else 'closed' end as reading,
      coalesce(pc.returns, 0) as returns, coalesce(pc.not_started, 0) as "notStarted",
      coalesce(pc.completed, 0) as completed, coalesce(pc.completed_on_time, 0) as "completedOnTime",
      coalesce(pc.closed_completed, 0) as "closedCompleted",
      coalesce(pc.closed_completed_on_time, 0) as "closedCompletedOnTime"
    from reporting_period rp left join period_counts pc on pc.reporting_period_id = rp.id
    where rp.id in (${sql.join(periodIds)})
  `.execute(db);
  const closed = kept.filter((k) => k.reading === 'closed').map((k) => k.periodId);
  const status = submissionStatusSql(now);
  const closedCompleted = sql`(s.official_revision_id is not null
    or (s.current_revision_id is not null and s.status = 'completed'))`;
  const reopened =
    closed.length === 0
      ? []
      : (
          await sql<ReopenedRow>`
          select s.reporting_period_id as "periodId", ${status} as status, ${isOnTimeSql(status)} as "onTime",
            ${closedCompleted} as "closedCompleted",
            coalesce(${closedCompleted} and s.submitted_at < rp.submissions_close, false) as "closedOnTime"
          from submission s join reporting_period rp on rp.id = s.reporting_period_id
          where s.reporting_period_id in (${sql.join(closed)})
            and s.reopened_until is not null and s.reopened_until > ${at}
        `.execute(db)
        ).rows;

  for (const k of kept) {
    const counts = noRows();
    counts.rows = k.returns;
    if (k.reading === 'future') counts.byStatus.notYetRequired = k.returns;
    else if (k.reading === 'window') {
      counts.byStatus.notStarted = k.notStarted;
      counts.byStatus.completed = k.completed;
      counts.byStatus.draft = k.returns - k.notStarted - k.completed;
      counts.onTime = k.completedOnTime;
      counts.late = k.completed - k.completedOnTime;
    } else {
      counts.byStatus.completed = k.closedCompleted;
      counts.byStatus.missed = k.returns - k.closedCompleted;
      counts.onTime = k.closedCompletedOnTime;
      counts.late = k.closedCompleted - k.closedCompletedOnTime;
    }
    result.set(k.periodId, counts);
  }
  // A return reopened for its organisation is in its own window: its closed reading gives way to its status.
  for (const r of reopened) {
    const counts = result.get(r.periodId)!;
    if (r.closedCompleted) {
      counts.byStatus.completed -= 1;
      if (r.closedOnTime) counts.onTime -= 1;
      else counts.late -= 1;
    } else counts.byStatus.missed -= 1;
    counts.byStatus[r.status] += 1;
    if (r.status === 'completed') {
      if (r.onTime) counts.onTime += 1;
      else counts.late += 1;
    }
  }
  return result;
}
