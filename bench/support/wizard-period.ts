import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../../apps/api/src/db/seed';
import {
  addRecipients,
  insertCollection,
  insertForm,
  insertPeriod,
} from '../../apps/api/test/support/returns-fixture';
import { listenBenchApp } from './bench-app';
import { createDatabase, dropDatabase } from './scratch-database';

/**
 * The period the export and OData feed benches read: `recipients` organisations, a wizard of FIELDS
 * questions, 90% of them submitted (one official revision each), written straight to the tables.
 */
export const FIELDS = 100;

/** A wizard of four pages, 25 questions each: three numbers to every text answer. */
function formDefinition() {
  const pages = Array.from({ length: 4 }, (_, p) => ({
    type: 'panel',
    key: `page${p + 1}`,
    input: false,
    components: Array.from({ length: FIELDS / 4 }, (_, i) => {
      const n = p * (FIELDS / 4) + i + 1;
      return n % 4 === 0
        ? { type: 'textfield', key: `f${n}`, label: `Question ${n}`, input: true }
        : { type: 'number', key: `f${n}`, label: `Question ${n}`, input: true };
    }),
  }));
  return { display: 'wizard', components: pages };
}

export async function seedWizardPeriod(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  name: string,
  recipients: number,
) {
  const admin = await db.selectFrom('appUser').select('id').orderBy('id').executeTakeFirstOrThrow();
  const collectionId = await insertCollection(db, { name });
  const formId = await insertForm(db, collectionId, 1, formDefinition());
  const periodId = await insertPeriod(db, {
    collectionId,
    formId,
    name: 'April 2026',
    open: new Date('2026-05-01T00:00:00Z'),
    close: new Date('2026-05-21T00:00:00Z'),
  });
  const organisations = Array.from({ length: recipients }, (_, i) => ({
    code: `X${i.toString(36).toUpperCase().padStart(5, '0')}`,
    name: `BENCH PRACTICE ${String(i).padStart(5, '0')}`,
  }));
  const ids: number[] = [];
  for (let i = 0; i < organisations.length; i += 1000) {
    const rows = await db
      .insertInto('organisation')
      .values(organisations.slice(i, i + 1000))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await addRecipients(db, collectionId, ids);
  // 90% have submitted (one revision each, the official one); the rest have nothing.
  await sql`
    insert into submission (collection_id, reporting_period_id, organisation_id, form_id, status)
    select ${collectionId}, ${periodId}, o.id, ${formId}, 'completed'
    from collection_organisation co join organisation o on o.id = co.organisation_id
    where co.collection_id = ${collectionId} and o.id % 10 <> 0
  `.execute(db);
  await sql`
    insert into submission_revision (submission_id, status, content, created_by, created_at)
    select s.id, 'completed',
      (select jsonb_object_agg('f' || i, case when i % 4 = 0 then to_jsonb('Answer ' || i || ' from ' || s.organisation_id)
                                              else to_jsonb((i * s.organisation_id) % 1000) end)
       from generate_series(1, ${FIELDS}) i),
      ${admin.id}, timestamptz '2026-05-10 12:00:00+00'
    from submission s where s.reporting_period_id = ${periodId}
  `.execute(db);
  await sql`
    update submission s set current_revision_id = r.id, official_revision_id = r.id,
      submitted_by = r.created_by, submitted_at = r.created_at
    from submission_revision r where r.submission_id = s.id and s.reporting_period_id = ${periodId}
  `.execute(db);
  await sql`analyze`.execute(db);
  return { collectionId, periodId, adminId: admin.id };
}

/**
 * Runs `bench` against a scratch database holding the wizard period (`recipients` organisations), the
 * app listening on it and an administrator's session cookie, as the export and OData feed benches read
 * it over HTTP. The app's pool connects as `applicationName` and `probe` apart, so support/cpu.ts can
 * count the app's PostgreSQL backends. The database is dropped after unless BENCH_KEEP_DATABASE.
 */
export async function withWizardPeriodApp<T>(
  options: { name: string; applicationName: string; collectionName: string; recipients: number },
  bench: (app: {
    probe: pg.Client;
    origin: string;
    cookie: string;
    collectionId: number;
    periodId: number;
  }) => Promise<T>,
): Promise<T> {
  const url = await createDatabase(options.name);
  url.searchParams.set('application_name', options.applicationName);
  const probeUrl = new URL(url);
  probeUrl.searchParams.set('application_name', 'dcf_bench_probe');
  const probe = new pg.Client({ connectionString: probeUrl.toString() });
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 10 });
  try {
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db);
    const seedStarted = performance.now();
    const { collectionId, periodId, adminId } = await seedWizardPeriod(
      handle.db,
      options.collectionName,
      options.recipients,
    );
    console.log(
      `seeded ${options.recipients} recipients x ${FIELDS} fields in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const { app, origin, signIn } = await listenBenchApp(handle);
    try {
      const { cookie } = await signIn(adminId);
      await probe.connect();
      return await bench({ probe, origin, cookie, collectionId, periodId });
    } finally {
      await app.close();
    }
  } finally {
    await probe.end().catch(() => undefined);
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${options.name}`);
    else await dropDatabase(options.name);
  }
}
