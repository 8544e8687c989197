import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { repoRoot } from '../../config';
import { readOdsFile } from '../../modules/organisations/ods-file';
import type { Db, Tx } from '../database';
import { demoFormDefinition } from './demo-collection';
import { demoIdpId, demoUsers, MANAGEMENT_ORG, TRUST_A, TRUST_B } from './demo-users';
import { organisationTypes, regions, stps } from './reference-data';

/** The ODS extract of NHS trusts shipped with the service (source and licence: `data/README.md`). */
export const ODS_TRUSTS_CSV = path.join(repoRoot, 'apps/api/src/db/seed/data/etr.csv');

/** Lookups every deployment needs (regions, organisation types, STPs/ICSs). Idempotent. */
export async function seedReferenceData(db: Db | Tx): Promise<void> {
  await db
    .insertInto('region')
    .values(regions)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('organisationType')
    .values(organisationTypes)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const regionIds = new Map(
    (await db.selectFrom('region').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  await db
    .insertInto('stp')
    .values(stps.map((s) => ({ code: s.code, name: s.name, regionId: regionIds.get(s.regionCode) ?? null })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Imports the bundled ODS extract of NHS trusts (codes, names, regions, dates). Idempotent by code. */
export async function seedTrusts(db: Db | Tx, file = ODS_TRUSTS_CSV): Promise<number> {
  const rows = readOdsFile(readFileSync(file, 'utf8')).records;
  const regionIds = new Map(
    (await db.selectFrom('region').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  const trustType = await db
    .selectFrom('organisationType')
    .select('id')
    .where('code', '=', 'RO197')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((r) => ({
      code: r.code,
      name: r.name,
      regionId: (r.regionCode && regionIds.get(r.regionCode)) || null,
      organisationTypeId: trustType.id,
      openDate: r.openDate,
      closureDate: r.closureDate,
      addressLines: r.addressLines,
      postcode: r.postcode || null,
    }));
    await db
      .insertInto('organisation')
      .values(batch)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  return rows.length;
}

/**
 * Demo data for a fresh clone: every demo user, NHS England as the management organisation, and one
 * published demo collection (wizard form, monthly periods: closed, open and future) sent to two trusts.
 * Does nothing when the demo collection exists already.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom('appUser')
      .select('id')
      .where('email', '=', demoUsers[0]!.email)
      .executeTakeFirst();
    if (existing) return;
    await seedReferenceData(tx);
    await seedTrusts(tx);
    const mgmtType = await tx
      .selectFrom('organisationType')
      .select('id')
      .where('code', '=', 'RO116')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('organisation')
      .values({
        code: MANAGEMENT_ORG,
        name: 'NHS ENGLAND',
        isManagementOrg: true,
        organisationTypeId: mgmtType.id,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const orgs = new Map(
      (
        await tx
          .selectFrom('organisation')
          .select(['id', 'code'])
          .where('code', 'in', [TRUST_A, TRUST_B])
          .execute()
      ).map((o) => [o.code, o.id]),
    );

    const collection = await tx
      .insertInto('collection')
      .values({
        name: 'Monthly workforce return',
        notes: 'Demo collection: staffing and sickness absence, monthly.',
        assetOwners: 'Workforce analysis team',
        status: 'published',
        period: 'financialYear',
        trustAuthorisation: 'mandatory',
        nhsiAuthorisation: 'notRequired',
        isEmailEnabled: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const form = await tx
      .insertInto('form')
      .values({ collectionId: collection.id, version: 1, definition: JSON.stringify(demoFormDefinition) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const code of [TRUST_A, TRUST_B]) {
      await tx
        .insertInto('collectionOrganisation')
        .values({
          collectionId: collection.id,
          organisationId: orgs.get(code)!,
          isTrustAuthorisationRequired: true,
        })
        .execute();
    }

    for (const u of demoUsers) {
      const user = await tx
        .insertInto('appUser')
        .values({
          idpId: demoIdpId(u),
          email: u.email,
          name: u.name,
          jobTitle: u.jobTitle,
          providerCode: u.providerCode,
          isNominatedCollectionAdministrator: !!u.collectionAdmin,
          isManagementOrganisationUser: !!u.managementOrganisationUser,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.superAdmin)
        await tx.insertInto('userSystemRole').values({ userId: user.id, role: 'superAdmin' }).execute();
      if (u.collectionRole)
        await tx
          .insertInto('collectionRole')
          .values({ collectionId: collection.id, userId: user.id, role: u.collectionRole })
          .execute();
      for (const role of u.organisationRoles ?? []) {
        const organisationId = orgs.get(u.providerCode)!;
        await tx
          .insertInto('collectionOrganisationRole')
          .values({ collectionId: collection.id, organisationId, userId: user.id, role })
          .execute();
      }
    }

    // Monthly periods from four months ago to two months ahead; submissions open the day after a
    // month ends and stay open 20 days. The last finished month is kept open for a fortnight from
    // today, so the demo always has an open, closed and future period.
    const zone = 'Europe/London';
    const thisMonth = DateTime.fromJSDate(now, { zone }).startOf('month');
    for (let offset = -5; offset <= 1; offset++) {
      const start = thisMonth.plus({ months: offset });
      const end = start.endOf('month').startOf('day');
      const open = end.plus({ days: 1 }).startOf('day');
      let close = open.plus({ days: 20 });
      if (offset === -1) close = DateTime.fromJSDate(now, { zone }).plus({ days: 14 }).startOf('day');
      await tx
        .insertInto('reportingPeriod')
        .values({
          collectionId: collection.id,
          formId: form.id,
          name: start.setLocale('en-GB').toFormat('LLLL yyyy'),
          start: start.toISODate()!,
          end: end.toISODate()!,
          submissionsOpen: open.toJSDate(),
          submissionsClose: close.toJSDate(),
        })
        .execute();
    }
    const first = thisMonth.plus({ months: -5 });
    await tx
      .insertInto('schedule')
      .values({
        collectionId: collection.id,
        isDefault: true,
        reportingCycle: 'monthly',
        firstReportingPeriodStart: first.toISODate()!,
        lastReportingPeriodStart: thisMonth.plus({ months: 1 }).toISODate()!,
        daysOpen: 20,
        includeWorkingDaysOnly: false,
      })
      .execute();
  });
}
