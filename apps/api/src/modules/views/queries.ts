import {
  type CollectionPeriodParams,
  type PeriodCounts,
  type PeriodSubmissionParams,
  type PeriodSubmissionSortBy,
  periodStatus,
  type ReportingPeriodStatus,
  type WorklistKind,
} from '@dcf/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { returnVisible, submissionVisible, type Viewer } from '../../platform/visibility';
import { containsPattern } from '../organisations/queries';
import { keptRowCounts, noRows, type RowCounts } from './period-counts';
import {
  closedOnSql,
  expectedSql,
  isOnTimeSql,
  periodOpenSql,
  statusRankSql,
  submissionStatusSql,
} from './status-sql';

const periodColumns = [
  'rp.id',
  'rp.collectionId',
  'rp.name',
  'rp.start',
  'rp.end',
  'rp.submissionsOpen',
  'rp.submissionsClose',
  'rp.submissionsReopen',
  'rp.submissionsReclose',
  'rp.ifSubmissionReopens',
] as const;

/** A user's display name: their name, or their email before the identity provider has told us it. */
const userName = (alias: string) =>
  sql<string>`coalesce(${sql.ref(`${alias}.name`)}, ${sql.ref(`${alias}.email`)})`;

export function findCollection(db: Db, collectionId: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'status'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

export function findPeriod(db: Db, periodId: number) {
  return db
    .selectFrom('reportingPeriod as rp')
    .innerJoin('collection as c', 'c.id', 'rp.collectionId')
    .select([...periodColumns, 'c.name as collectionName'])
    .where('rp.id', '=', periodId)
    .executeTakeFirst();
}

export type PeriodWithCollectionRow = NonNullable<Awaited<ReturnType<typeof findPeriod>>>;

/** The organisation as a recipient of the collection (null when it is not one). */
export function findRecipient(db: Db, collectionId: number, organisationId: number) {
  return db
    .selectFrom('collectionOrganisation as co')
    .innerJoin('organisation as o', 'o.id', 'co.organisationId')
    .select(['o.id', 'o.name', 'o.code', 'co.isTrustAuthorisationRequired', 'co.isNhsiAuthorisationRequired'])
    .where('co.collectionId', '=', collectionId)
    .where('co.organisationId', '=', organisationId)
    .executeTakeFirst();
}

/**
 * The (collection, organisation) pairs the user submits for by their own roles, in published
 * collections where the organisation is still a recipient, with what a home shows of each: by
 * collection name, then organisation name; `limit` of them and the number of all.
 */
export function findOwnHomes(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('collectionOrganisation as co')
    .innerJoin('collection as c', 'c.id', 'co.collectionId')
    .innerJoin('organisation as o', 'o.id', 'co.organisationId')
    .where('c.status', '=', 'published')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('collectionOrganisationRole as r')
          .select(sql`1`.as('one'))
          .whereRef('r.collectionId', '=', 'co.collectionId')
          .whereRef('r.organisationId', '=', 'co.organisationId')
          .where('r.userId', '=', userId)
          .where('r.role', 'in', ['DataEntryClerk', 'Authoriser']),
      ),
    )
    .select([
      'c.id as collectionId',
      'c.name as collectionName',
      'c.guidance',
      'o.id',
      'o.name',
      'o.code',
      'co.isTrustAuthorisationRequired',
      'co.isNhsiAuthorisationRequired',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .orderBy('o.name')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * The latest reason a draft went back (decision 0036): an authoriser's send-back after a manager's
 * return, or the manager's return.
 */
const latestReasonSql = sql<string | null>`case when s.sent_back_at is not null
  and (s.returned_at is null or s.sent_back_at > s.returned_at)
  then s.sent_back_reason else s.returned_reason end`;

/**
 * One organisation's periods of a collection, with its return in each: those the viewer may see (null:
 * all, for the monitoring views, whose rule admits only those who see every return).
 */
export function findOrganisationPeriods(
  db: Db,
  viewer: Viewer | null,
  collectionId: number,
  organisationId: number,
) {
  return db
    .selectFrom('reportingPeriod as rp')
    .leftJoin('submission as s', (join) =>
      join.onRef('s.reportingPeriodId', '=', 'rp.id').on('s.organisationId', '=', organisationId),
    )
    .leftJoin('submissionRevision as cr', 'cr.id', 's.currentRevisionId')
    .leftJoin('appUser as cu', 'cu.id', 'cr.createdBy')
    .leftJoin('appUser as su', 'su.id', 's.submittedBy')
    .select([
      ...periodColumns,
      's.id as submissionId',
      's.status',
      's.currentRevisionId',
      's.officialRevisionId',
      's.reopenedUntil',
      's.submittedAt',
      's.submittedBy',
      's.nhsiAuthorisedAt',
      's.returnedAt',
      's.sentBackAt',
      's.sentForSignoffAt',
      latestReasonSql.as('returnedReason'),
      'cr.createdAt as lastChangedAt',
      'cr.createdBy as lastChangedById',
      userName('cu').as('lastChangedByName'),
      userName('su').as('submittedByName'),
    ])
    .where('rp.collectionId', '=', collectionId)
    .$if(viewer !== null, (q) =>
      q.where(
        returnVisible(
          viewer!,
          'rp.collectionId',
          organisationId,
          sql<SqlBool>`${sql.ref('s.officialRevisionId')} is not null`,
        ),
      ),
    )
    .orderBy('rp.submissionsOpen')
    .orderBy('rp.id')
    .execute();
}
export type OrganisationPeriodRow = Awaited<ReturnType<typeof findOrganisationPeriods>>[number];

// ---- One period's recipients --------------------------------------------------------------------------

type Filters = Partial<Pick<PeriodSubmissionParams, 'query' | 'regionId' | 'organisationTypeId'>>;

/** Search by name or code, region and type, on the organisation aliased `o`. */
function organisationFilters(filters: Filters): Expression<SqlBool> {
  const conditions = [sql`true`];
  if (filters.query) {
    const pattern = containsPattern(filters.query);
    conditions.push(sql`(lower(o.name) like ${pattern} or lower(o.code) like ${pattern})`);
  }
  if (filters.regionId !== undefined) conditions.push(sql`o.region_id = ${filters.regionId}`);
  if (filters.organisationTypeId !== undefined)
    conditions.push(sql`o.organisation_type_id = ${filters.organisationTypeId}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

const hasFilters = (filters: Filters) =>
  Boolean(filters.query) || filters.regionId !== undefined || filters.organisationTypeId !== undefined;

/** The recipients of one period with their status, filtered by region, type and name or code (not status). */
function periodRecipients(db: Db, periodId: number, now: Date, filters: Filters) {
  const status = submissionStatusSql(now);
  return (
    db
      .selectFrom('reportingPeriod as rp')
      .innerJoin('collectionOrganisation as co', 'co.collectionId', 'rp.collectionId')
      .innerJoin('organisation as o', 'o.id', 'co.organisationId')
      .leftJoin('region as r', 'r.id', 'o.regionId')
      .leftJoin('organisationType as t', 't.id', 'o.organisationTypeId')
      .leftJoin('submission as s', (join) =>
        join.onRef('s.reportingPeriodId', '=', 'rp.id').onRef('s.organisationId', '=', 'co.organisationId'),
      )
      .leftJoin('submissionRevision as cr', 'cr.id', 's.currentRevisionId')
      .where('rp.id', '=', periodId)
      .where(organisationFilters(filters))
      // An organisation the register closed before the period opened is not expected (unless it made a return).
      .where(sql<SqlBool>`(${expectedSql()} or s.id is not null)`)
      .select([
        'o.id as organisationId',
        'o.name',
        'o.code',
        sql<boolean>`coalesce(${closedOnSql()} <= (${now}::timestamptz at time zone 'Europe/London')::date, false)`.as(
          'isClosed',
        ),
        'r.code as regionCode',
        'r.name as regionName',
        't.shortDescription as typeShortDescription',
        'co.isTrustAuthorisationRequired',
        'co.isNhsiAuthorisationRequired',
        's.id as submissionId',
        'cr.createdAt as lastChangedAt',
        'cr.createdBy as lastChangedById',
        's.submittedAt',
        's.submittedBy as submittedById',
        's.lockedBy as lockedById',
        's.lockedOn',
        's.lockExpiresAt',
        's.nhsiAuthorisedAt',
        's.nhsiAuthorisedBy as nhsiAuthorisedById',
        's.reopenedUntil',
        status.as('status'),
        isOnTimeSql(status).as('isOnTime'),
      ])
  );
}

const sortColumns: Record<PeriodSubmissionSortBy, string> = {
  name: 'name',
  code: 'code',
  status: 'status',
  lastChangedAt: 'lastChangedAt',
  region: 'regionName',
  type: 'typeShortDescription',
};

/** The ORDER BY of a page, on the subquery `alias`: the chosen column (status in journey order), then name. */
function pageOrder(alias: string, params: PeriodSubmissionParams) {
  const column = sql.ref(`${alias}.${sortColumns[params.sortBy]}`);
  const key = params.sortBy === 'status' ? statusRankSql(column) : column;
  const direction = params.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  return sql`${key} ${direction} nulls last, ${sql.ref(`${alias}.name`)}, ${sql.ref(`${alias}.organisationId`)}`;
}

/**
 * One page of a period's recipients: every filter, the sort and the paging in SQL. No window count:
 * the total comes from the counts, so sorting by name can walk the name index and stop after a page.
 * User names are joined to the page only (by primary key), after the limit.
 */
export function listPeriodRecipients(db: Db, periodId: number, now: Date, params: PeriodSubmissionParams) {
  const page = db
    .selectFrom(periodRecipients(db, periodId, now, params).as('x'))
    .selectAll('x')
    .$if(params.status !== undefined, (q) => q.where('x.status', '=', params.status!))
    .orderBy(pageOrder('x', params))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return db
    .selectFrom(page.as('p'))
    .leftJoin('appUser as cu', 'cu.id', 'p.lastChangedById')
    .leftJoin('appUser as su', 'su.id', 'p.submittedById')
    .leftJoin('appUser as lu', 'lu.id', 'p.lockedById')
    .leftJoin('appUser as nu', 'nu.id', 'p.nhsiAuthorisedById')
    .selectAll('p')
    .select([
      userName('cu').as('lastChangedByName'),
      userName('su').as('submittedByName'),
      userName('lu').as('lockedByName'),
      userName('nu').as('nhsiAuthorisedByName'),
    ])
    .orderBy(pageOrder('p', params))
    .execute();
}
export type PeriodRecipientRow = Awaited<ReturnType<typeof listPeriodRecipients>>[number];

/** The organisations of a period that have not completed (status notStarted, draft or missed). */
export function findNonSubmitters(db: Db, periodId: number, now: Date) {
  return db
    .selectFrom(periodRecipients(db, periodId, now, {}).as('x'))
    .select(['x.organisationId', 'x.name', 'x.code', 'x.status'])
    .where('x.status', 'in', ['notStarted', 'draft', 'missed'])
    .orderBy('x.name')
    .orderBy('x.organisationId')
    .execute();
}

/** Every data entry clerk and authoriser of the collection, by organisation, with their email. */
export function findSubmitters(db: Db, collectionId: number) {
  return db
    .selectFrom('collectionOrganisationRole as cor')
    .innerJoin('appUser as u', 'u.id', 'cor.userId')
    .select(['cor.organisationId', 'cor.role', 'u.id as userId', userName('u').as('name'), 'u.email'])
    .where('cor.collectionId', '=', collectionId)
    .orderBy('cor.organisationId')
    .orderBy('cor.role', 'desc')
    .orderBy('u.name')
    .execute();
}

// ---- Counts across periods and collections ----------------------------------------------------------

export type Counts = PeriodCounts;
export const zeroCounts = (): Counts => ({
  expected: 0,
  notYetRequired: 0,
  notStarted: 0,
  draft: 0,
  completed: 0,
  missed: 0,
  onTime: 0,
  late: 0,
});

/**
 * Per period, the recipients the register closed before it opened and that made no return there: not
 * expected, so out of its counts (product decisions; decision 0034). Reads only the closed recipients
 * (a partial index on organisation), a few hundred in a national collection. Whether one made a return
 * is a probe of the (period, organisation) index each (the lateral join with a limit): written as
 * `not exists`, the planner hashed every return of the collection instead (185,000 rows at 15,000
 * organisations x 12 periods, 0.4-0.6 s per trend).
 */
async function countNotExpected(db: Db, periodIds: readonly number[], filters: Filters) {
  const { rows } = await sql<{ periodId: number; n: number }>`
    select rp.id as "periodId", count(*)::int as n
    from reporting_period rp
    join collection_organisation co on co.collection_id = rp.collection_id
    join organisation o on o.id = co.organisation_id
    left join lateral (select 1 as made from submission s
      where s.reporting_period_id = rp.id and s.organisation_id = o.id limit 1) r on true
    where rp.id in (${sql.join(periodIds)})
      and (o.closure_date is not null or o.ods_status in ('closed', 'dormant'))
      and not ${expectedSql()} and ${organisationFilters(filters)}
      and r.made is null
    group by rp.id
  `.execute(db);
  return new Map(rows.map((row) => [row.periodId, row.n]));
}

/** Each period's submission rows by status, counted now over the organisations the filters keep. */
export async function liveRowCounts(db: Db, periodIds: readonly number[], now: Date, filters: Filters) {
  const status = submissionStatusSql(now);
  const rows = await db
    .selectFrom('submission as s')
    .innerJoin('reportingPeriod as rp', 'rp.id', 's.reportingPeriodId')
    .innerJoin('organisation as o', 'o.id', 's.organisationId')
    .where(organisationFilters(filters))
    .where('s.reportingPeriodId', 'in', periodIds)
    .select([
      's.reportingPeriodId as periodId',
      status.as('status'),
      sql<number>`count(*)::int`.as('n'),
      sql<number>`(count(*) filter (where ${isOnTimeSql(status)}))::int`.as('onTime'),
    ])
    .groupBy(['s.reportingPeriodId', sql`2`])
    .execute();
  const result = new Map<number, RowCounts>();
  for (const row of rows) {
    const counts = result.get(row.periodId) ?? noRows();
    counts.byStatus[row.status] += row.n;
    counts.rows += row.n;
    if (row.status === 'completed') {
      counts.onTime += row.onTime;
      counts.late += row.n - row.onTime;
    }
    result.set(row.periodId, counts);
  }
  return result;
}

/**
 * Counts per status for several periods, with the organisation filters applied. Without filters the
 * submission rows' counts are the ones the database keeps as returns change (period-counts.ts,
 * migration 0018): the trend and the homes read one row per period, whatever the number of returns.
 * With filters they are counted now, over the organisations that match. Recipients without a row are
 * `expected - rows`, and their status is the period's own (Future: notYetRequired, Open: notStarted,
 * Closed: missed), the same answer the SQL gives a missing row. Expected is one recipient count per
 * collection less the closed organisations the period does not expect.
 */
export async function countByPeriod(
  db: Db,
  periodIds: readonly number[],
  now: Date,
  filters: Filters = {},
): Promise<Map<number, Counts>> {
  const result = new Map<number, Counts>();
  if (periodIds.length === 0) return result;
  const filtered = hasFilters(filters);
  const periods = await db
    .selectFrom('reportingPeriod as rp')
    .select(periodColumns)
    .where('rp.id', 'in', periodIds)
    .execute();
  const collectionIds = [...new Set(periods.map((p) => p.collectionId))];
  const [rowCounts, recipients, notExpected] = await Promise.all([
    filtered ? liveRowCounts(db, periodIds, now, filters) : keptRowCounts(db, periodIds, now),
    db
      .selectFrom('collectionOrganisation as co')
      .$if(filtered, (q) =>
        q.innerJoin('organisation as o', 'o.id', 'co.organisationId').where(organisationFilters(filters)),
      )
      .where('co.collectionId', 'in', collectionIds)
      .select(['co.collectionId', sql<number>`count(*)::int`.as('n')])
      .groupBy('co.collectionId')
      .execute(),
    countNotExpected(db, periodIds, filters),
  ]);
  for (const period of periods) {
    const counts = zeroCounts();
    counts.expected =
      (recipients.find((r) => r.collectionId === period.collectionId)?.n ?? 0) -
      (notExpected.get(period.id) ?? 0);
    const withRow = rowCounts.get(period.id) ?? noRows();
    for (const [status, n] of Object.entries(withRow.byStatus))
      counts[status as keyof typeof withRow.byStatus] += n;
    counts.onTime = withRow.onTime;
    counts.late = withRow.late;
    const withoutRow = { Future: 'notYetRequired', Open: 'notStarted', Closed: 'missed' } as const;
    counts[withoutRow[periodStatus(period, now)]] += counts.expected - withRow.rows;
    result.set(period.id, counts);
  }
  return result;
}

/** Counts per status of one period with the non-status filters applied. */
export async function countPeriodRecipients(db: Db, periodId: number, now: Date, filters: Filters) {
  return (await countByPeriod(db, [periodId], now, filters)).get(periodId) ?? zeroCounts();
}

export function countRecipients(db: Db, collectionIds: readonly number[]) {
  if (collectionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('collectionOrganisation')
    .select(['collectionId', sql<number>`count(*)::int`.as('recipients')])
    .where('collectionId', 'in', collectionIds)
    .groupBy('collectionId')
    .execute();
}

/** Collections for the manager views: the ids given (null: all), optionally searched and paged. */
export function findCollections(
  db: Db,
  options: {
    ids: readonly number[] | null;
    query?: string;
    status?: 'draft' | 'published' | 'archived';
    excludeArchived?: boolean;
    page?: number;
    pageSize?: number;
    sortBy?: 'name' | 'status';
    sortOrder?: 'ASC' | 'DESC';
  },
) {
  let query = db
    .selectFrom('collection')
    .select(['id', 'name', 'status', sql<string>`count(*) over ()`.as('total')])
    .orderBy(options.sortBy ?? 'name', options.sortOrder === 'DESC' ? 'desc' : 'asc')
    .orderBy('name')
    .orderBy('id');
  if (options.ids !== null) {
    if (options.ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', options.ids);
  }
  if (options.query) query = query.where(sql`lower(name)`, 'like', containsPattern(options.query));
  if (options.status) query = query.where('status', '=', options.status);
  if (options.excludeArchived) query = query.where('status', '!=', 'archived');
  if (options.pageSize)
    query = query.limit(options.pageSize).offset(((options.page ?? 1) - 1) * options.pageSize);
  return query.execute();
}

/**
 * Each collection's current period (open now, else the latest that has opened) and next period (the
 * first still to open). Open-ness uses periodStatus's rules, in SQL.
 */
export async function findCurrentAndNextPeriods(db: Db, collectionIds: readonly number[], now: Date) {
  if (collectionIds.length === 0) return { current: [], next: [] };
  const at = sql`${now}::timestamptz`;
  const current = db
    .selectFrom('reportingPeriod as rp')
    .distinctOn('rp.collectionId')
    .select(periodColumns)
    .where('rp.collectionId', 'in', collectionIds)
    .where(sql<boolean>`rp.submissions_open <= ${at}`)
    .orderBy('rp.collectionId')
    .orderBy(sql`${periodOpenSql(now)} desc`)
    .orderBy('rp.submissionsOpen', 'desc')
    .orderBy('rp.id', 'desc')
    .execute();
  const next = db
    .selectFrom('reportingPeriod as rp')
    .distinctOn('rp.collectionId')
    .select(periodColumns)
    .where('rp.collectionId', 'in', collectionIds)
    .where(sql<boolean>`rp.submissions_open > ${at}`)
    .orderBy('rp.collectionId')
    .orderBy('rp.submissionsOpen')
    .orderBy('rp.id')
    .execute();
  return { current: await current, next: await next };
}

/** The latest `limit` periods of a collection that have opened, newest first. */
export function findOpenedPeriods(db: Db, collectionId: number, now: Date, limit: number) {
  return db
    .selectFrom('reportingPeriod as rp')
    .select(periodColumns)
    .where('rp.collectionId', '=', collectionId)
    .where(sql<boolean>`rp.submissions_open <= ${sql`${now}::timestamptz`}`)
    .orderBy('rp.submissionsOpen', 'desc')
    .orderBy('rp.id', 'desc')
    .limit(limit)
    .execute();
}
export type PeriodRow = Awaited<ReturnType<typeof findOpenedPeriods>>[number];

/** A period's state as SQL: Future before it opens, Open in a window (status-sql.ts), else Closed. */
const periodStateSql = (now: Date) =>
  sql<ReportingPeriodStatus>`case when ${sql`${now}::timestamptz`} < rp.submissions_open then 'Future'
    when ${periodOpenSql(now)} then 'Open' else 'Closed' end`;

/** One page of a collection's periods (every state, or one), by start; ties by id. */
export function listCollectionPeriods(
  db: Db,
  collectionId: number,
  now: Date,
  params: CollectionPeriodParams,
) {
  return db
    .selectFrom('reportingPeriod as rp')
    .select(periodColumns)
    .where('rp.collectionId', '=', collectionId)
    .$if(params.state !== undefined, (q) => q.where(periodStateSql(now), '=', params.state ?? 'Open'))
    .orderBy('rp.start', params.sortOrder === 'ASC' ? 'asc' : 'desc')
    .orderBy('rp.id', params.sortOrder === 'ASC' ? 'asc' : 'desc')
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize)
    .execute();
}

/** How many periods a collection has in each state now. */
export async function countCollectionPeriodStates(
  db: Db,
  collectionId: number,
  now: Date,
): Promise<Record<ReportingPeriodStatus, number>> {
  const rows = await db
    .selectFrom('reportingPeriod as rp')
    .where('rp.collectionId', '=', collectionId)
    .select([periodStateSql(now).as('state'), sql<number>`count(*)::int`.as('n')])
    .groupBy(sql`1`)
    .execute();
  const states = { Open: 0, Future: 0, Closed: 0 };
  for (const row of rows) states[row.state] = row.n;
  return states;
}

// ---- Worklists (decision 0020) -----------------------------------------------------------------------

export interface WorklistScope {
  /** A worklist shows only returns the visibility rule lets the user see (decision 0022). */
  viewer: Viewer;
  userId: number;
  providerCode: string | null;
  /** nhsiAuthorisation: every collection that requires it, not only the user's. */
  kind: WorklistKind;
}

/** The user holds one of these roles at the submission's collection and organisation (aliases `s`). */
const holdsRole = (userId: number, roles: readonly ('DataEntryClerk' | 'Authoriser')[]) =>
  sql<SqlBool>`exists (select 1 from collection_organisation_role cor
    where cor.collection_id = s.collection_id and cor.organisation_id = s.organisation_id
      and cor.user_id = ${userId} and cor.role in (${sql.join(roles)}))`;

/** The organisation's window is open now: the period's own, or a manager's reopen for it. */
const windowOpenSql = (now: Date) =>
  sql<SqlBool>`(${periodOpenSql(now)} or ${now}::timestamptz < s.reopened_until)`;

function worklistCondition(scope: WorklistScope, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`(${worklistKindCondition(scope, now)} and ${submissionVisible(scope.viewer, 's')})`;
}

function worklistKindCondition(scope: WorklistScope, now: Date): Expression<SqlBool> {
  switch (scope.kind) {
    case 'signOff':
      // Sent for sign-off (decision 0036), to the trust's own authorisers: its staff (as the policy's submit rule).
      return sql<SqlBool>`(s.status = 'draft' and s.current_revision_id is not null and s.sent_for_signoff_at is not null
        and co.is_trust_authorisation_required and c.status = 'published' and ${windowOpenSql(now)}
        and ${holdsRole(scope.userId, ['Authoriser'])}
        and upper(trim(o.code)) = upper(trim(${scope.providerCode ?? ''})))`;
    case 'nhsiAuthorisation':
      return sql<SqlBool>`(s.status = 'completed' and s.official_revision_id is not null
        and s.nhsi_authorised_at is null and co.is_nhsi_authorisation_required and c.status <> 'draft')`;
    case 'returned':
      // A manager's return (its clerks and authorisers) or an authoriser's send-back (its clerks), until
      // it is sent for sign-off again (decision 0036) or submitted.
      return sql<SqlBool>`(s.status = 'draft' and c.status = 'published' and s.sent_for_signoff_at is null
        and ((s.returned_at is not null and ${holdsRole(scope.userId, ['DataEntryClerk', 'Authoriser'])})
          or (s.sent_back_at is not null and ${holdsRole(scope.userId, ['DataEntryClerk'])})))`;
  }
}

/** The returns on one worklist, with their period, collection, organisation and recipient row. */
function worklistReturns(db: Db, scope: WorklistScope, now: Date) {
  return db
    .selectFrom('submission as s')
    .innerJoin('reportingPeriod as rp', 'rp.id', 's.reportingPeriodId')
    .innerJoin('collection as c', 'c.id', 's.collectionId')
    .innerJoin('organisation as o', 'o.id', 's.organisationId')
    .innerJoin('collectionOrganisation as co', (join) =>
      join
        .onRef('co.collectionId', '=', 's.collectionId')
        .onRef('co.organisationId', '=', 's.organisationId'),
    )
    .where(worklistCondition(scope, now));
}

/** One worklist, the nearest deadline first, with the number of rows in all (one query). */
export function listWorklist(db: Db, scope: WorklistScope, now: Date, limit: number) {
  return worklistReturns(db, scope, now)
    .leftJoin('submissionRevision as cr', 'cr.id', 's.currentRevisionId')
    .leftJoin('appUser as cu', 'cu.id', 'cr.createdBy')
    .select([
      ...periodColumns,
      's.id as submissionId',
      's.reopenedUntil',
      's.returnedAt',
      's.sentBackAt',
      latestReasonSql.as('returnedReason'),
      's.submittedAt',
      'cr.createdAt as changedAt',
      userName('cu').as('changedBy'),
      'c.name as collectionName',
      'o.id as organisationId',
      'o.name as organisationName',
      'o.code as organisationCode',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy('rp.submissionsClose')
    .orderBy('o.name')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}
export type WorklistRow = Awaited<ReturnType<typeof listWorklist>>[number];

/** How many rows one worklist has (one query). */
export async function countWorklist(db: Db, scope: WorklistScope, now: Date): Promise<number> {
  const row = await worklistReturns(db, scope, now)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The collection a reporting period belongs to (the period views' access scope). */
