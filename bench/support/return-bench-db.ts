import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../../apps/api/src/db/seed';
import { CSRF_COOKIE } from '../../apps/api/src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../../apps/api/src/platform/sessions';
import { formDefinition } from './return-form';

/**
 * A fresh database for the save benches (submissions, evaluation box): migrated and seeded, a published
 * collection of the 100-field return (return-form.ts) with one open period, `clerks` organisations each
 * with a data entry clerk, and a signed-in session per clerk (its cookie), and the entry page of each.
 */
export async function setUpReturnBench(databaseUrl: string, clerks: number) {
  const handle = await openDatabase({ databaseUrl, pgliteDir: '' });
  const { db } = handle;
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const collection = await db
    .insertInto('collection')
    .values({ name: 'Bench: 100-field return', status: 'published', trustAuthorisation: 'notRequired' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = formDefinition();
  const form = await db
    .insertInto('form')
    .values({ collectionId: collection.id, version: 1, definition: JSON.stringify(definition) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const period = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId: collection.id,
      formId: form.id,
      name: 'Bench period',
      start: '2026-01-01',
      end: '2026-01-31',
      submissionsOpen: new Date(now - 86_400_000),
      submissionsClose: new Date(now + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const organisations = await db
    .selectFrom('organisation')
    .select('id')
    .orderBy('id')
    .limit(clerks)
    .execute();
  if (organisations.length < clerks) throw new Error(`only ${organisations.length} organisations seeded`);
  await db
    .insertInto('collectionOrganisation')
    .values(organisations.map((o) => ({ collectionId: collection.id, organisationId: o.id })))
    .execute();
  const users = await db
    .insertInto('appUser')
    .values(organisations.map((_, i) => ({ email: `bench${i}@bench.test`, name: `Bench Clerk ${i}` })))
    .returning('id')
    .execute();
  await db
    .insertInto('collectionOrganisationRole')
    .values(
      users.map((u, i) => ({
        collectionId: collection.id,
        organisationId: organisations[i]!.id,
        userId: u.id,
        role: 'DataEntryClerk' as const,
      })),
    )
    .execute();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl });
  const cookies = [];
  for (const u of users) {
    const { token, csrfToken } = await createSession(db, config, u.id, { sessionManagement: false });
    cookies.push(`${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`);
  }
  await handle.close();
  return {
    definition,
    cookies,
    pages: organisations.map(
      (o) =>
        `/v1/api/Collection/${collection.id}/ReportingPeriod/${period.id}/Organisation/${o.id}/Submission`,
    ),
  };
}
