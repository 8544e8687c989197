import type { DataQualityCheck, DataQualityRule } from '@dcf/domain/data-quality';
import { checkFields, compileCheck } from '@dcf/forms/data-quality/compile';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { seedDemoData } from '../../apps/api/src/db/seed';
import { computeStatisticsJob } from '../../apps/api/src/modules/data-quality/statistics';
import { CSRF_COOKIE } from '../../apps/api/src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../../apps/api/src/platform/sessions';
import { insertOrganisations } from '../../apps/api/test/support/views-scenario';
import { backendCpu, backendCpuBetween } from './cpu';
import { answersSql, fieldKey, formDefinition } from './return-form';
import { createDatabase, databaseExists, dropDatabase, databaseUrl as urlOf } from './scratch-database';

/**
 * A national collection at the scale the product decisions name (decision 0034): 15,000 organisations
 * (a few hundred closed by the register), a published collection of the 100-field return sent to all of
 * them with 5 data quality rules (two reading last period's statistics), 12 closed monthly periods of
 * 15,000 submitted returns each (180,000 returns, about 20% carrying warnings with explanations), the
 * open month (20% submitted, 40% drafts) and the next. Last period's statistics computed by the job, as
 * the sweep would. Clerks (one organisation each), a clerk at 50 organisations and a collection manager,
 * each with a session cookie. Returns are written in SQL in bulk (the answers built by the database).
 *
 * BENCH_NATIONAL_KEEP=1 keeps the database (dcf_bench_national, or BENCH_NATIONAL_DATABASE) and the next
 * run reuses it (migrated to the latest first).
 */

const DAY = 86_400_000;
const BATCH = 1000;

export interface NationalOptions {
  organisations: number;
  closedPeriods: number;
  /** Clerks with one organisation each (the load benches' clients). */
  clerks: number;
  closedOrganisations: number;
}

export interface National {
  databaseUrl: string;
  collectionId: number;
  formId: number;
  /** Closed periods, oldest first. */
  closedPeriodIds: number[];
  openPeriodId: number;
  nextPeriodId: number;
  organisationIds: number[];
  rules: DataQualityRule[];
  clerkCookies: string[];
  /** The form page (`.../Submission`) of each clerk's organisation in the open period. */
  clerkPages: string[];
  managerCookie: string;
  /** A clerk of 50 organisations (a support unit). */
  multiClerkCookie: string;
  build: { seconds: number; submissions: number; revisions: number };
  statistics: { returns: number; seconds: number; databaseCpuSeconds: number } | null;
  close(): Promise<void>;
}

/**
 * The shape every national bench shares, so one kept database (BENCH_NATIONAL_KEEP=1) serves them all:
 * 15,000 organisations (2% closed by the register), 12 closed months, 201 clerks of one organisation.
 */
export function nationalOptions(
  overrides: { organisations?: number; clerks?: number } = {},
): NationalOptions {
  const organisations = overrides.organisations ?? 15_000;
  return {
    organisations,
    closedPeriods: 12,
    clerks: overrides.clerks ?? 201,
    closedOrganisations: Math.round(organisations / 50),
  };
}

/** The five rules: a comparison (error), a sum, a change from the last return, two range checks. */
export function nationalRules(): DataQualityRule[] {
  const checks: [string, 'error' | 'warning', DataQualityCheck][] = [
    [
      'Beds within capacity',
      'error',
      { kind: 'compare', left: fieldKey(5), operator: '<=', right: fieldKey(6) },
    ],
    ['Staff add up', 'warning', { kind: 'sum', total: fieldKey(10), parts: [fieldKey(11), fieldKey(15)] }],
    ['Admissions changed', 'warning', { kind: 'change', field: fieldKey(16), percent: 20, amount: 5 }],
    ['Discharges in range', 'warning', { kind: 'range', field: fieldKey(20), bounds: 'minMax' }],
    ['Occupancy in range', 'warning', { kind: 'range', field: fieldKey(21), bounds: 'p5p95' }],
  ];
  return checks.map(([name, severity, check], i) => ({
    id: `r${i + 1}`,
    name,
    severity,
    message: `Check: ${name.toLowerCase()}`,
    check,
    fields: checkFields(check),
    logic: compileCheck(check),
  }));
}

/** Submissions, revisions and the submission's pointers of one period, in three statements. */
async function seedPeriodReturns(
  bulk: pg.Client,
  scope: { collectionId: number; periodId: number; formId: number; userId: number; index: number },
  share: { completed: number; draft: number; warnings: number },
  submittedAt: Date,
) {
  const { collectionId, periodId, formId, userId, index } = scope;
  // Which organisations have a return, and of what status, from their id (deterministic).
  const bucket = '((co.organisation_id * 7919) % 100)';
  await bulk.query(
    `insert into submission (collection_id, reporting_period_id, organisation_id, form_id, status,
       submitted_by, submitted_at, created_at, updated_at)
     select $1, $2, co.organisation_id, $3,
       case when ${bucket} < $4 then 'completed' else 'draft' end,
       case when ${bucket} < $4 then $5::int end,
       case when ${bucket} < $4 then $6::timestamptz end, $6, $6
     from collection_organisation co join organisation o on o.id = co.organisation_id
     where co.collection_id = $1 and ${bucket} < $4 + $7
       and (o.closure_date is null or o.closure_date > $6::date)`,
    [collectionId, periodId, formId, share.completed, userId, submittedAt, share.draft],
  );
  const findings = JSON.stringify([
    {
      ruleId: 'r2',
      name: 'Staff add up',
      severity: 'warning',
      message: 'Check: staff add up',
      fields: [fieldKey(10), fieldKey(11), fieldKey(15)],
      explanation: 'Two posts are shared with the neighbouring practice',
    },
  ]);
  await bulk.query(
    `insert into submission_revision (submission_id, status, content, created_by, created_at,
       declaration, declared_by, declared_at, data_quality, data_quality_warnings)
     select s.id, s.status, ${answersSql(`s.organisation_id * 13 + ${index}`)}, $2, $3,
       case when s.status = 'completed' then 'I confirm' end,
       case when s.status = 'completed' then $2::int end,
       case when s.status = 'completed' then $3::timestamptz end,
       case when s.status = 'completed' and (s.organisation_id * 31) % 100 < $4 then $5::jsonb else '[]'::jsonb end,
       case when s.status = 'completed' and (s.organisation_id * 31) % 100 < $4 then 1 else 0 end
     from submission s where s.reporting_period_id = $1`,
    [periodId, userId, submittedAt, share.warnings, findings],
  );
  await bulk.query(
    `update submission s set current_revision_id = r.id,
       official_revision_id = case when s.status = 'completed' then r.id end,
       official_warnings = case when s.status = 'completed' then r.data_quality_warnings else 0 end
     from submission_revision r where r.submission_id = s.id and s.reporting_period_id = $1`,
    [periodId],
  );
}

async function insertPeriodRow(
  db: DatabaseHandle['db'],
  collectionId: number,
  formId: number,
  name: string,
  start: Date,
  open: Date,
  close: Date,
) {
  const end = new Date(start.getTime() + 27 * DAY);
  const row = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId,
      formId,
      name,
      start: start.toISOString().slice(0, 10),
      end: end.toISOString().slice(0, 10),
      submissionsOpen: open,
      submissionsClose: close,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Description {
  collectionId: number;
  formId: number;
  closedPeriodIds: number[];
  openPeriodId: number;
  nextPeriodId: number;
  organisationIds: number[];
  clerkUserIds: number[];
  managerUserId: number;
  multiClerkUserId: number;
  build: National['build'];
  statistics: National['statistics'];
  options: NationalOptions;
}

async function build(handle: DatabaseHandle, databaseUrl: string, options: NationalOptions) {
  const { db } = handle;
  const started = performance.now();
  await migrateToLatest(db);
  await seedDemoData(db);
  const organisationIds = await insertOrganisations(db, options.organisations, 'NAT');
  // The register closed some practices a year ago (product decisions: not expected after that).
  const closedIds = organisationIds.slice(-options.closedOrganisations);
  if (closedIds.length > 0)
    await db
      .updateTable('organisation')
      .set({ odsStatus: 'closed', closureDate: new Date(Date.now() - 400 * DAY).toISOString().slice(0, 10) })
      .where('id', 'in', closedIds)
      .execute();
  const collection = await db
    .insertInto('collection')
    .values({ name: 'National workforce return', status: 'published', trustAuthorisation: 'notRequired' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const form = await db
    .insertInto('form')
    .values({
      collectionId: collection.id,
      version: 1,
      definition: JSON.stringify(formDefinition()),
      dataQualityRules: JSON.stringify(nationalRules()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < organisationIds.length; i += BATCH)
    await db
      .insertInto('collectionOrganisation')
      .values(
        organisationIds
          .slice(i, i + BATCH)
          .map((organisationId) => ({ collectionId: collection.id, organisationId })),
      )
      .execute();

  // Users: clerks of one organisation each, a clerk of 50, a collection manager.
  const clerks = await db
    .insertInto('appUser')
    .values(
      organisationIds
        .slice(0, options.clerks)
        .map((_, i) => ({ email: `clerk${i}@national.bench`, name: `National Clerk ${i}` })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('collectionOrganisationRole')
    .values(
      clerks.map((u, i) => ({
        collectionId: collection.id,
        organisationId: organisationIds[i]!,
        userId: u.id,
        role: 'DataEntryClerk' as const,
      })),
    )
    .execute();
  const [manager, multiClerk] = await db
    .insertInto('appUser')
    .values([
      { email: 'manager@national.bench', name: 'National Manager' },
      { email: 'support@national.bench', name: 'Support Unit Clerk' },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('collectionRole')
    .values({ collectionId: collection.id, userId: manager!.id, role: 'collectionManager' })
    .execute();
  await db
    .insertInto('collectionOrganisationRole')
    .values(
      organisationIds.slice(1000, 1050).map((organisationId) => ({
        collectionId: collection.id,
        organisationId,
        userId: multiClerk!.id,
        role: 'DataEntryClerk' as const,
      })),
    )
    .execute();

  // Periods: 12 closed months, the open month, the next.
  const now = Date.now();
  const closedPeriodIds: number[] = [];
  for (let m = options.closedPeriods; m >= 1; m--) {
    const start = new Date(now - (m * 30 + 40) * DAY);
    closedPeriodIds.push(
      await insertPeriodRow(
        db,
        collection.id,
        form.id,
        `Month -${m}`,
        start,
        new Date(now - (m * 30 + 10) * DAY),
        new Date(now - m * 30 * DAY),
      ),
    );
  }
  const openPeriodId = await insertPeriodRow(
    db,
    collection.id,
    form.id,
    'Open month',
    new Date(now - 40 * DAY),
    new Date(now - 10 * DAY),
    new Date(now + 10 * DAY),
  );
  const nextPeriodId = await insertPeriodRow(
    db,
    collection.id,
    form.id,
    'Next month',
    new Date(now - 10 * DAY),
    new Date(now + 20 * DAY),
    new Date(now + 40 * DAY),
  );

  const bulk = new pg.Client({ connectionString: databaseUrl });
  await bulk.connect();
  await bulk.query('set synchronous_commit = off');
  const author = clerks[0]!.id;
  for (const [index, periodId] of closedPeriodIds.entries())
    await seedPeriodReturns(
      bulk,
      { collectionId: collection.id, periodId, formId: form.id, userId: author, index },
      // Every expected organisation submitted (the rules' sample); ~21% with a warning.
      { completed: 100, draft: 0, warnings: 21 },
      new Date(now - (options.closedPeriods - index) * 30 * DAY - 2 * DAY),
    );
  await seedPeriodReturns(
    bulk,
    { collectionId: collection.id, periodId: openPeriodId, formId: form.id, userId: author, index: 99 },
    { completed: 20, draft: 40, warnings: 21 },
    new Date(now - 2 * DAY),
  );
  await bulk.query('analyze');
  await bulk.end();
  const counts = await sql<{ submissions: number; revisions: number }>`
    select (select count(*) from submission)::int as submissions,
      (select count(*) from submission_revision)::int as revisions`.execute(db);

  // Last period's statistics, computed once as the job does when the sweep finds a closed period.
  let statistics: National['statistics'] = null;
  const statsUrl = new URL(databaseUrl);
  statsUrl.searchParams.set('application_name', 'dcf_bench_statistics');
  const statsHandle = await openDatabase({ databaseUrl: statsUrl.toString(), pgliteDir: '', poolSize: 1 });
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  try {
    for (const periodId of closedPeriodIds.slice(0, -1)) await computeStatisticsJob(statsHandle.db, periodId);
    const last = closedPeriodIds.at(-1)!;
    const before = await backendCpu(probe, 'dcf_bench_statistics');
    const t0 = performance.now();
    await computeStatisticsJob(statsHandle.db, last);
    const seconds = (performance.now() - t0) / 1000;
    const databaseCpuSeconds = backendCpuBetween(before, await backendCpu(probe, 'dcf_bench_statistics'));
    const row = await db
      .selectFrom('periodStatistics')
      .select('returns')
      .where('reportingPeriodId', '=', last)
      .executeTakeFirstOrThrow();
    statistics = { returns: row.returns ?? 0, seconds, databaseCpuSeconds };
  } finally {
    await probe.end();
    await statsHandle.close();
  }
  const description: Description = {
    collectionId: collection.id,
    formId: form.id,
    closedPeriodIds,
    openPeriodId,
    nextPeriodId,
    organisationIds,
    clerkUserIds: clerks.map((c) => c.id),
    managerUserId: manager!.id,
    multiClerkUserId: multiClerk!.id,
    build: {
      seconds: (performance.now() - started) / 1000,
      submissions: counts.rows[0]!.submissions,
      revisions: counts.rows[0]!.revisions,
    },
    statistics,
    options,
  };
  await sql`create table bench_national (description jsonb not null)`.execute(db);
  await sql`insert into bench_national values (${JSON.stringify(description)})`.execute(db);
  return description;
}

/** Builds (or, with BENCH_NATIONAL_KEEP=1 and a kept database of the same shape, reuses) the national collection. */
export async function nationalCollection(options: NationalOptions): Promise<National> {
  const keep = process.env.BENCH_NATIONAL_KEEP === '1';
  // BENCH_NATIONAL_DATABASE names the kept database (one per worktree when several share a server).
  const kept = process.env.BENCH_NATIONAL_DATABASE ?? 'dcf_bench_national';
  const name = keep ? kept : `dcf_bench_national_${process.pid}`;
  const databaseUrl = urlOf(name).toString();
  let description: Description | undefined;
  if (keep && (await databaseExists(name))) {
    const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
    try {
      await migrateToLatest(handle.db);
      const { rows } = await sql<{ description: Description }>`
        select description from bench_national`
        .execute(handle.db)
        .catch(() => ({ rows: [] as { description: Description }[] }));
      const kept = rows[0]?.description;
      // jsonb gives keys back in its own order: compare the options key by key.
      const same = (a: NationalOptions, b: NationalOptions) =>
        (Object.keys(b) as (keyof NationalOptions)[]).every((k) => a[k] === b[k]);
      if (kept && same(kept.options, options)) description = kept;
    } finally {
      await handle.close();
    }
  }
  if (!description) {
    await createDatabase(name, { replace: true });
    const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 4 });
    try {
      description = await build(handle, databaseUrl, options);
    } finally {
      await handle.close();
    }
  }
  const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl });
  const cookieOf = async (userId: number) => {
    const { token, csrfToken } = await createSession(handle.db, config, userId, { sessionManagement: false });
    return `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`;
  };
  const clerkCookies: string[] = [];
  for (const id of description.clerkUserIds) clerkCookies.push(await cookieOf(id));
  const managerCookie = await cookieOf(description.managerUserId);
  const multiClerkCookie = await cookieOf(description.multiClerkUserId);
  await handle.close();
  const d = description;
  return {
    databaseUrl,
    collectionId: d.collectionId,
    formId: d.formId,
    closedPeriodIds: d.closedPeriodIds,
    openPeriodId: d.openPeriodId,
    nextPeriodId: d.nextPeriodId,
    organisationIds: d.organisationIds,
    rules: nationalRules(),
    clerkCookies,
    clerkPages: d.clerkUserIds.map(
      (_, i) =>
        `/v1/api/Collection/${d.collectionId}/ReportingPeriod/${d.openPeriodId}/Organisation/${d.organisationIds[i]}/Submission`,
    ),
    managerCookie,
    multiClerkCookie,
    build: d.build,
    statistics: d.statistics,
    close: async () => {
      if (!keep) await dropDatabase(name);
    },
  };
}
