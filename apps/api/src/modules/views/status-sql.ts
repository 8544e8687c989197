import type { PeriodSubmissionStatus } from '@dcf/domain';
import { type RawBuilder, sql } from 'kysely';

/**
 * The status of an organisation's return computed in SQL, so filters, sorting, paging and counts run
 * in the database at 15,000 recipients. The same rules as `submissionStatusAt` in
 * packages/domain/src/submission-status.ts (the HTTP tests check both agree at every boundary).
 *
 * Expects the aliases `rp` (reporting_period) and `s` (submission, left joined: null when no row).
 * Windows are half-open like periodStatus: open from submissions_open up to (not including) close,
 * from reopen up to reclose when the period reopens, and up to the organisation's reopened_until.
 */
export function submissionStatusSql(now: Date): RawBuilder<PeriodSubmissionStatus> {
  const at = sql`${now}::timestamptz`;
  return sql<PeriodSubmissionStatus>`(case
    when ${at} < rp.submissions_open then 'notYetRequired'
    when ${at} < rp.submissions_close
      or (rp.if_submission_reopens and ${at} >= rp.submissions_reopen and ${at} < rp.submissions_reclose)
      or ${at} < s.reopened_until
    then (case
      when s.current_revision_id is null then 'notStarted'
      when s.status = 'completed' then 'completed'
      else 'draft' end)
    when s.official_revision_id is not null or (s.current_revision_id is not null and s.status = 'completed')
      then 'completed'
    else 'missed' end)`;
}

/** Completed before the period's own close (a reopen or an extension makes it late). Aliases as above. */
export function isOnTimeSql(status: RawBuilder<PeriodSubmissionStatus>): RawBuilder<boolean | null> {
  return sql<boolean | null>`(case when ${status} = 'completed'
    then coalesce(s.submitted_at < rp.submissions_close, false) end)`;
}

/** The period is open now (periodStatus 'Open'), for choosing a collection's current period. */
export function periodOpenSql(now: Date): RawBuilder<boolean> {
  const at = sql`${now}::timestamptz`;
  return sql<boolean>`(${at} >= rp.submissions_open and (${at} < rp.submissions_close
    or coalesce(rp.if_submission_reopens and ${at} >= rp.submissions_reopen and ${at} < rp.submissions_reclose, false)))`;
}

/** The order statuses sort in: the journey of a return, then missed. */
export const statusRankSql = (status: RawBuilder<PeriodSubmissionStatus> | ReturnType<typeof sql.ref>) =>
  sql<number>`array_position(array['notYetRequired','notStarted','draft','completed','missed']::text[], ${status})`;

/**
 * The day the register closed the organisation aliased `o`, or null while it is open (product
 * decisions, "Organisations the register closes"; decision 0034): its close date, or, for a status of
 * closed or dormant given without one, the London day the record last changed (when the register said so).
 */
export const closedOnSql = (o = 'o') =>
  sql<
    string | null
  >`coalesce(${sql.ref(`${o}.closure_date`)}, case when ${sql.ref(`${o}.ods_status`)} in ('closed', 'dormant')
    then (${sql.ref(`${o}.updated_at`)} at time zone 'Europe/London')::date end)`;

/**
 * The organisation `o` is expected to report for the period `rp`: it was not closed by the register
 * before the period opened (a period that opens after the close date does not expect it: it is never
 * chased there nor counted as missing). Its returns stay wherever it made them.
 */
export const expectedSql = (o = 'o', rp = 'rp') =>
  sql<boolean>`(${closedOnSql(o)} is null
    or ${closedOnSql(o)} >= (${sql.ref(`${rp}.submissions_open`)} at time zone 'Europe/London')::date)`;
