import type { OutboxQuery } from '@dcf/domain';
import { type Insertable, sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { ChaseTable } from '../../db/schema';
import { submissionStatusSql } from '../views/status-sql';

export interface Submitter {
  userId: number;
  email: string;
  name: string | null;
  organisationId: number;
  organisationName: string;
}

/**
 * The clerks and authorisers of a collection's recipient organisations, one row per user and
 * organisation. `notCompletedIn`: only organisations whose return for that period is not completed
 * at `now` (the monitoring views' status, so the reminder goes exactly to the organisations they list
 * as not completed).
 */
export async function findSubmitters(
  db: Db | Tx,
  filter: {
    collectionId: number;
    organisationIds?: number[];
    roles?: ('DataEntryClerk' | 'Authoriser')[];
    notCompletedIn?: number;
    now?: Date;
  },
): Promise<Submitter[]> {
  const roles = filter.roles ?? ['DataEntryClerk', 'Authoriser'];
  const { rows } = await sql<Submitter>`
    select distinct on (o.id, u.id) u.id as "userId", u.email, u.name,
      o.id as "organisationId", o.name as "organisationName"
    from collection_organisation_role r
    join collection_organisation co
      on co.collection_id = r.collection_id and co.organisation_id = r.organisation_id
    join organisation o on o.id = r.organisation_id
    join app_user u on u.id = r.user_id
    where r.collection_id = ${filter.collectionId}
      and r.role in (${sql.join(roles)})
      ${filter.organisationIds ? sql`and r.organisation_id in (${sql.join(filter.organisationIds.length ? filter.organisationIds : [0])})` : sql``}
      ${
        filter.notCompletedIn === undefined
          ? sql``
          : sql`and exists (select 1 from reporting_period rp
                left join submission s on s.reporting_period_id = rp.id and s.organisation_id = o.id
                where rp.id = ${filter.notCompletedIn}
                  and ${submissionStatusSql(filter.now ?? new Date())} <> 'completed')`
      }
    order by o.id, u.id
  `.execute(db);
  return rows;
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

const BATCH = 1000;

/**
 * Records the chases in batches; an organisation already chased that day (London) for the period is
 * skipped. The organisations chased now.
 */
export async function insertChasesOncePerDay(tx: Tx, chases: readonly Insertable<ChaseTable>[]) {
  const chased = new Set<number>();
  for (let i = 0; i < chases.length; i += BATCH) {
    const rows = await tx
      .insertInto('chase')
      .values(chases.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['reportingPeriodId', 'organisationId', 'chasedOn']).doNothing())
      .returning('organisationId')
      .execute();
    for (const r of rows) chased.add(r.organisationId);
  }
  return chased;
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
