import type { OutboxQuery } from '@dcf/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { expectedSql, submissionStatusSql } from '../views/status-sql';

export interface Submitter {
  userId: number;
  email: string;
  name: string | null;
  organisationId: number;
  organisationName: string;
}

/** Which clerks and authorisers (one row per role held at an organisation) a query reads. */
export interface SubmitterFilter {
  collectionId: number;
  organisationIds?: number[];
  roles?: ('DataEntryClerk' | 'Authoriser')[];
  /** Only organisations whose return for that period is not completed at `now`. */
  notCompletedIn?: number;
  /** Only organisations the period expects (not closed by the register before it opened). */
  expectedIn?: number;
  /** Only organisations chased for `notCompletedIn` on that London day. */
  chasedOn?: string;
  now?: Date;
}

/**
 * The organisations a period expects (not closed by the register before it opened) whose return is not
 * completed at `now`: one rule for the reminder's counts, its chases and its emails, with the monitoring
 * views' status (a return without a row is never completed). Written as an anti-join of the period's
 * completed returns and of the recipients the register closed (the partial index of decision 0034), so
 * the planner reads the period once (a hash of its returns), not a subquery per organisation (867 ms at
 * 15,000 organisations, decision 0041).
 */
function notCompletedOrganisations(periodId: number, now: Date) {
  return sql`select co.organisation_id as id from reporting_period rp
    join collection_organisation co on co.collection_id = rp.collection_id
    where rp.id = ${periodId}
      -- Not expected: closed by the register before the period opened (a few hundred, their own index).
      and not exists (select 1 from organisation o where o.id = co.organisation_id
        and (o.closure_date is not null or o.ods_status in ('closed', 'dormant')) and not ${expectedSql()})
      and not exists (select 1 from submission s
        where s.reporting_period_id = rp.id and s.organisation_id = co.organisation_id
          and ${submissionStatusSql(now)} = 'completed')`;
}

/**
 * The roles a filter selects, aliased \`r\` (role): one rule for the emails, the reminder's chases and
 * the reminder's counts. A role counts at a recipient of the collection only. `notCompletedIn` takes
 * the organisations `notCompletedOrganisations` reads (recipients already), or `pending`, a statement's
 * own reading of them (materialised once). Callers join the organisation and the user they print.
 */
function submitterRoles(filter: SubmitterFilter, pending?: RawBuilder<unknown>) {
  // A reminder's organisations are the expected ones already (notCompletedOrganisations).
  const expectedIn = filter.expectedIn === filter.notCompletedIn ? undefined : filter.expectedIn;
  const roles = filter.roles ?? ['DataEntryClerk', 'Authoriser'];
  return sql`
    from collection_organisation_role r
    where r.collection_id = ${filter.collectionId}
      and r.role in (${sql.join(roles)})
      ${filter.organisationIds ? sql`and r.organisation_id in (${sql.join(filter.organisationIds.length ? filter.organisationIds : [0])})` : sql``}
      ${
        filter.notCompletedIn === undefined
          ? sql`and exists (select 1 from collection_organisation co
                where co.collection_id = r.collection_id and co.organisation_id = r.organisation_id)`
          : sql`and r.organisation_id in (${pending ?? notCompletedOrganisations(filter.notCompletedIn, filter.now ?? new Date())})`
      }
      ${
        expectedIn === undefined
          ? sql``
          : sql`and exists (select 1 from organisation o join reporting_period rp on rp.id = ${expectedIn}
                where o.id = r.organisation_id and ${expectedSql()})`
      }
      ${
        filter.chasedOn === undefined || filter.notCompletedIn === undefined
          ? sql``
          : sql`and exists (select 1 from chase ch where ch.reporting_period_id = ${filter.notCompletedIn}
                and ch.organisation_id = r.organisation_id and ch.chased_on = ${filter.chasedOn})`
      }`;
}

/** The clerks and authorisers a filter selects, one row per user and organisation. */
export async function findSubmitters(db: Db | Tx, filter: SubmitterFilter): Promise<Submitter[]> {
  const { rows } = await sql<Submitter>`
    select distinct on (o.id, u.id) u.id as "userId", u.email, u.name,
      o.id as "organisationId", o.name as "organisationName"
    from (select r.organisation_id, r.user_id ${submitterRoles(filter)}) r
    join organisation o on o.id = r.organisation_id
    join app_user u on u.id = r.user_id
    order by o.id, u.id
  `.execute(db);
  return rows;
}

/**
 * 'Send reminder' in one statement: every organisation of the period not completed with someone to
 * email is chased (a row per organisation, `recipients` its clerks and authorisers), unless it was
 * chased already that London day. How many it reached, the organisations chased now, the emails they
 * will be sent and the last chase's id.
 */
export async function chaseNotCompleted(
  tx: Tx,
  filter: SubmitterFilter & { notCompletedIn: number },
  chase: { chasedBy: number; chasedOn: string },
) {
  const { rows } = await sql<{
    reached: number;
    organisationIds: number[];
    emails: number;
    lastChaseId: string | null;
  }>`
    with reached as (
      select r.organisation_id, count(distinct r.user_id)::int as recipients
      ${submitterRoles(filter)}
      group by r.organisation_id
    ), chased as (
      insert into chase (collection_id, reporting_period_id, organisation_id, chased_by, chased_on, recipients)
      select ${filter.collectionId}, ${filter.notCompletedIn}, organisation_id, ${chase.chasedBy},
        ${chase.chasedOn}, recipients
      from reached order by organisation_id
      on conflict (reporting_period_id, organisation_id, chased_on) do nothing
      returning id, organisation_id, recipients
    )
    select (select count(*)::int from reached) as reached,
      coalesce((select array_agg(organisation_id order by organisation_id) from chased), '{}') as "organisationIds",
      (select coalesce(sum(recipients), 0)::int from chased) as emails,
      (select max(id)::text from chased) as "lastChaseId"
  `.execute(tx);
  return rows[0]!;
}

/**
 * Whom a reminder sent now would reach (the confirmation's counts), in one statement: the period's
 * organisations not completed and expected, those with someone to email, the people, and how many of
 * those were chased already that London day.
 */
export async function countReminderReach(
  db: Db,
  scope: { collectionId: number; periodId: number; now: Date; today: string },
) {
  const roles = submitterRoles(
    { collectionId: scope.collectionId, notCompletedIn: scope.periodId, now: scope.now },
    sql`select id from pending`,
  );
  const { rows } = await sql<{
    notCompleted: number;
    organisations: number;
    people: number;
    alreadyChasedToday: number;
  }>`
    with pending as materialized (${notCompletedOrganisations(scope.periodId, scope.now)}),
    contacts as (select distinct r.organisation_id, r.user_id ${roles})
    select (select count(*)::int from pending) as "notCompleted",
      (select count(distinct organisation_id)::int from contacts) as organisations,
      (select count(distinct user_id)::int from contacts) as people,
      -- Each organisation with someone to email probes the chase index once: written as 'chase where
      -- organisation in contacts', the planner looped over the materialised contacts for every chase
      -- (1.5 million comparisons at 1,567 chases; quadratic at 15,000).
      (select count(*)::int from (select distinct organisation_id from contacts) c
        where exists (select 1 from chase ch where ch.reporting_period_id = ${scope.periodId}
          and ch.organisation_id = c.organisation_id and ch.chased_on = ${scope.today})) as "alreadyChasedToday"
  `.execute(db);
  return rows[0]!;
}

/** The collection's managers and submission managers: they receive the period summary. */
export async function findManagers(db: Db | Tx, collectionId: number) {
  const { rows } = await sql<{ userId: number; email: string; name: string | null }>`
    select distinct u.id as "userId", u.email, u.name
    from collection_role cr join app_user u on u.id = cr.user_id
    where cr.collection_id = ${collectionId}
    order by u.id
  `.execute(db);
  return rows;
}

/**
 * The management-organisation users (decision 0006: they give NHSI authorisation), active accounts
 * only: a suspended account could not act on the email.
 */
export async function findManagementOrganisationUsers(db: Db | Tx) {
  return db
    .selectFrom('appUser')
    .select(['id as userId', 'email', 'name'])
    .where('isManagementOrganisationUser', '=', true)
    .where('idpStatus', '=', 'Active')
    .orderBy('id')
    .execute();
}

export async function findUser(db: Db | Tx, userId: number) {
  return db
    .selectFrom('appUser')
    .select(['id as userId', 'email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface PeriodContext {
  periodId: number;
  periodName: string;
  collectionId: number;
  collectionName: string;
  isEmailEnabled: boolean;
  collectionStatus: string;
  submissionsOpen: Date;
  submissionsClose: Date;
  submissionsReopen: Date | null;
  submissionsReclose: Date | null;
  ifSubmissionReopens: boolean;
}

const periodContextSelect = sql`
  rp.id as "periodId", rp.name as "periodName", c.id as "collectionId", c.name as "collectionName",
  c.is_email_enabled as "isEmailEnabled", c.status as "collectionStatus",
  rp.submissions_open as "submissionsOpen", rp.submissions_close as "submissionsClose",
  rp.submissions_reopen as "submissionsReopen", rp.submissions_reclose as "submissionsReclose",
  rp.if_submission_reopens as "ifSubmissionReopens"`;

export async function findPeriodContext(db: Db | Tx, periodId: number): Promise<PeriodContext | undefined> {
  const { rows } = await sql<PeriodContext>`
    select ${periodContextSelect}
    from reporting_period rp join collection c on c.id = rp.collection_id
    where rp.id = ${periodId}
  `.execute(db);
  return rows[0];
}

export interface SubmissionContext extends PeriodContext {
  submissionId: number;
  organisationId: number;
  organisationName: string;
}

export async function findSubmissionContext(
  db: Db | Tx,
  submissionId: number,
): Promise<SubmissionContext | undefined> {
  const { rows } = await sql<SubmissionContext>`
    select ${periodContextSelect}, s.id as "submissionId", o.id as "organisationId", o.name as "organisationName"
    from submission s
    join reporting_period rp on rp.id = s.reporting_period_id
    join collection c on c.id = rp.collection_id
    join organisation o on o.id = s.organisation_id
    where s.id = ${submissionId}
  `.execute(db);
  return rows[0];
}

export async function findRevision(db: Db | Tx, revisionId: number) {
  return db
    .selectFrom('submissionRevision')
    .innerJoin('appUser', 'appUser.id', 'submissionRevision.createdBy')
    .select([
      'submissionRevision.id',
      'submissionRevision.createdBy',
      'submissionRevision.createdAt',
      'appUser.name as createdByName',
      'appUser.email as createdByEmail',
    ])
    .where('submissionRevision.id', '=', revisionId)
    .executeTakeFirst();
}

/**
 * Periods of published collections in a window of an instant column (open / close / reclose), for
 * the scheduled events: `from < column <= to`.
 */
export async function findPeriodsWith(
  db: Db,
  column: 'submissions_open' | 'submissions_reopen' | 'submissions_close' | 'submissions_reclose',
  from: Date,
  to: Date,
): Promise<(PeriodContext & { at: Date })[]> {
  const { rows } = await sql<PeriodContext & { at: Date }>`
    select ${periodContextSelect}, rp.${sql.ref(column)} as at
    from reporting_period rp join collection c on c.id = rp.collection_id
    where c.status = 'published' and rp.${sql.ref(column)} > ${from} and rp.${sql.ref(column)} <= ${to}
    order by rp.id
  `.execute(db);
  return rows;
}

/** Received and expected returns of a period, and how many arrived by the close. */
export async function findPeriodCounts(db: Db | Tx, periodId: number, collectionId: number, now: Date) {
  const status = submissionStatusSql(now);
  const { rows } = await sql<{ expected: number; completed: number; onTime: number }>`
    select count(*)::int as expected,
      count(*) filter (where ${status} = 'completed')::int as completed,
      count(*) filter (where ${status} = 'completed' and s.submitted_at < rp.submissions_close)::int as "onTime"
    from collection_organisation co
    join reporting_period rp on rp.id = ${periodId}
    left join submission s on s.reporting_period_id = rp.id and s.organisation_id = co.organisation_id
    where co.collection_id = ${collectionId}
  `.execute(db);
  return rows[0] ?? { expected: 0, completed: 0, onTime: 0 };
}

/** An organisation's chases in a collection with who chased, newest first (at most 200). */
export function findChases(db: Db, collectionId: number, organisationId: number) {
  return db
    .selectFrom('chase')
    .innerJoin('reportingPeriod', 'reportingPeriod.id', 'chase.reportingPeriodId')
    .leftJoin('appUser', 'appUser.id', 'chase.chasedBy')
    .select([
      'chase.id',
      'chase.reportingPeriodId',
      'reportingPeriod.name as reportingPeriodName',
      'chase.organisationId',
      'chase.chasedOn',
      'chase.createdAt',
      'chase.recipients',
      'appUser.id as userId',
      'appUser.name as userName',
      'appUser.email as userEmail',
    ])
    .where('chase.collectionId', '=', collectionId)
    .where('chase.organisationId', '=', organisationId)
    .orderBy('chase.createdAt', 'desc')
    .orderBy('chase.id', 'desc')
    .limit(200)
    .execute();
}

/** One page of the outbox and the count of every match; search is a case-insensitive substring. */
export async function findOutboxPage(
  db: Db,
  filter: {
    page: number;
    pageSize: number;
    newestFirst: boolean;
    status?: NonNullable<OutboxQuery['status']>;
    search?: string;
  },
) {
  let base = db.selectFrom('mailOutbox');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('toAddress', 'ilike', pattern),
        eb('subject', 'ilike', pattern),
        eb('toName', 'ilike', pattern),
      ]),
    );
  }
  const direction = filter.newestFirst ? 'desc' : 'asc';
  const [items, count] = await Promise.all([
    base
      .select([
        'id',
        'createdAt',
        'sentAt',
        'eventType',
        'toAddress',
        'toName',
        'subject',
        'bodyText',
        'status',
        'attempts',
        'lastError',
      ])
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: count.total };
}
