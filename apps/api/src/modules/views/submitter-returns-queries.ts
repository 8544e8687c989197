import type { PeriodSubmissionStatus, SubmitterReturnParams, SubmitterReturnSortBy } from '@dcf/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern } from '../organisations/queries';
import { statusRankSql, submissionStatusSql } from './status-sql';

/**
 * The end of the organisation's current window, else of its latest passed one, else the close: the same
 * instant as `organisationDeadline` (packages/domain), in SQL so the list sorts by it before paging.
 * Window one runs from open to the close (extended by a manager's reopen for the organisation), window
 * two from reopen to reclose. Aliases `rp` and `s`.
 */
function deadlineSql(now: Date): RawBuilder<Date> {
  const at = sql`${now}::timestamptz`;
  const firstEnd = sql`greatest(rp.submissions_close, coalesce(s.reopened_until, rp.submissions_close))`;
  const second = sql`(rp.if_submission_reopens is not false and rp.submissions_reopen is not null
    and rp.submissions_reclose is not null)`;
  const inFirst = sql`(${at} >= rp.submissions_open and ${at} < ${firstEnd})`;
  const inSecond = sql`(${second} and ${at} >= rp.submissions_reopen and ${at} < rp.submissions_reclose)`;
  return sql<Date>`(case
    when ${inFirst} and ${inSecond} then greatest(${firstEnd}, rp.submissions_reclose)
    when ${inFirst} then ${firstEnd}
    when ${inSecond} then rp.submissions_reclose
    when ${second} and rp.submissions_reclose <= ${at} then greatest(${firstEnd}, rp.submissions_reclose)
    else ${firstEnd} end)`;
}

/** The organisation's window is open now: the period's own windows or a manager's reopen for it. */
const windowOpenSql = (now: Date) => {
  const at = sql`${now}::timestamptz`;
  return sql<SqlBool>`((${at} >= rp.submissions_open and ${at} < rp.submissions_close)
    or coalesce(rp.if_submission_reopens and ${at} >= rp.submissions_reopen and ${at} < rp.submissions_reclose, false)
    or coalesce(${at} < s.reopened_until, false))`;
};

const sortKeys: Record<SubmitterReturnSortBy, (alias: string) => RawBuilder<unknown>> = {
  deadline: (a) => sql.ref(`${a}.deadline`),
  organisation: (a) => sql`lower(${sql.ref(`${a}.organisationName`)})`,
  collection: (a) => sql`lower(${sql.ref(`${a}.collectionName`)})`,
  status: (a) => statusRankSql(sql.ref(`${a}.status`)),
};

/**
 * One page of every return the user submits (clerk or authoriser) at a published collection's
 * recipient, each period with the organisation's submission, status and deadline computed in SQL, and
 * the number of matching rows (`count(*) over ()`): one query whatever the number of organisations.
 */
export function listSubmitterReturns(db: Db, userId: number, params: SubmitterReturnParams, now: Date) {
  const status = submissionStatusSql(now);
  const conditions: RawBuilder<unknown>[] = [sql`c.status = 'published'`];
  if (params.query) {
    const pattern = containsPattern(params.query);
    conditions.push(sql`(lower(o.name) like ${pattern} or lower(o.code) like ${pattern})`);
  }
  if (params.collectionId !== undefined) conditions.push(sql`r.collection_id = ${params.collectionId}`);
  if (params.periods === 'open') conditions.push(windowOpenSql(now));
  const outer: RawBuilder<unknown>[] = [sql`true`];
  if (params.status) outer.push(sql`x.status = ${params.status}`);
  if (params.outstanding) outer.push(sql`x.status in ('notStarted', 'draft')`);
  if (params.dueWithinDays !== undefined) {
    const until = new Date(now.getTime() + params.dueWithinDays * 86_400_000);
    outer.push(sql`x.deadline > ${now}::timestamptz and x.deadline <= ${until}::timestamptz`);
  }
  const direction = params.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  const order = sql`${sortKeys[params.sortBy]('x')} ${direction} nulls last, x.deadline,
    lower(x.organisation_name), lower(x.collection_name), x.submissions_open, x.period_id, x.organisation_id`;
  return sql<SubmitterReturnRow>`
    select x.*, count(*) over () as total from (
      select c.id as collection_id, c.name as collection_name,
        o.id as organisation_id, o.name as organisation_name, o.code as organisation_code,
        rp.id as period_id, rp.name as period_name, rp.submissions_open, rp.submissions_close,
        rp.submissions_reopen, rp.submissions_reclose, rp.if_submission_reopens,
        s.id as submission_id, s.status as submission_status, s.current_revision_id,
        s.official_revision_id, s.reopened_until,
        -- Returned by a manager or sent back by an authoriser, until sent for sign-off again (decision 0036).
        case when s.sent_for_signoff_at is null then coalesce(s.sent_back_at, s.returned_at) end as returned_at,
        ${status} as status, ${deadlineSql(now)} as deadline
      from (select distinct collection_id, organisation_id from collection_organisation_role
            where user_id = ${userId} and role in ('DataEntryClerk', 'Authoriser')) r
      join collection c on c.id = r.collection_id
      join collection_organisation co
        on co.collection_id = r.collection_id and co.organisation_id = r.organisation_id
      join organisation o on o.id = r.organisation_id
      join reporting_period rp on rp.collection_id = r.collection_id
      left join submission s on s.reporting_period_id = rp.id and s.organisation_id = r.organisation_id
      where ${sql.join(conditions, sql` and `)}
    ) x
    where ${sql.join(outer, sql` and `)}
    order by ${order}
    limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`
    .execute(db)
    .then((result) => result.rows);
}

export interface SubmitterReturnRow {
  collectionId: number;
  collectionName: string;
  organisationId: number;
  organisationName: string;
  organisationCode: string;
  periodId: number;
  periodName: string;
  submissionsOpen: Date;
  submissionsClose: Date;
  submissionsReopen: Date | null;
  submissionsReclose: Date | null;
  ifSubmissionReopens: boolean;
  submissionId: number | null;
  submissionStatus: 'draft' | 'completed' | null;
  currentRevisionId: string | null;
  officialRevisionId: string | null;
  reopenedUntil: Date | null;
  returnedAt: Date | null;
  status: PeriodSubmissionStatus;
  deadline: Date;
  total: number;
}

/** The published collections the user submits for (the collection filter's choices), with their guidance. */
export function findSubmitterCollections(db: Db, userId: number) {
  return db
    .selectFrom('collection as c')
    .select(['c.id', 'c.name', 'c.guidance'])
    .where('c.status', '=', 'published')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('collectionOrganisationRole as cor')
          .select(sql`1`.as('one'))
          .whereRef('cor.collectionId', '=', 'c.id')
          .where('cor.userId', '=', userId),
      ),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}
