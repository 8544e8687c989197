import type { Db, Tx } from '../../db/database';
import { intParam, isAdmin, type Locate } from '../../platform/policy';
import type { Principal } from '../../platform/principal';

export const scheduleColumns = [
  'schedule.id',
  'schedule.collectionId',
  'schedule.isDefault',
  'schedule.reportingCycle',
  'schedule.firstReportingPeriodStart',
  'schedule.lastReportingPeriodStart',
  'schedule.daysOpen',
  'schedule.includeWorkingDaysOnly',
  'schedule.reopenAfterDays',
  'schedule.stayReopenForDays',
  'schedule.createdAt',
  'schedule.updatedAt',
] as const;

/**
 * Schedules of the collections the principal may see, as getCollection decides: administrators all;
 * managers and submission managers their collections in any status; submitters and management
 * organisation users published collections only.
 */
export function findVisibleSchedules(db: Db, principal: Principal) {
  let q = db
    .selectFrom('schedule')
    .innerJoin('collection', 'collection.id', 'schedule.collectionId')
    .select(scheduleColumns);
  if (!isAdmin(principal)) {
    const managed = [...principal.collectionRoles.keys()];
    const submitter = [...principal.organisationRoles.keys()].map((key) => Number(key.split(':')[0]));
    q = q.where((eb) =>
      eb.or([
        ...(managed.length > 0 ? [eb('schedule.collectionId', 'in', managed)] : []),
        eb.and([
          eb('collection.status', '=', 'published'),
          principal.isManagementOrganisationUser
            ? eb.lit(true)
            : submitter.length > 0
              ? eb('schedule.collectionId', 'in', submitter)
              : eb.lit(false),
        ]),
      ]),
    );
  }
  return q
    .orderBy('schedule.collectionId')
    .orderBy('schedule.isDefault', 'desc')
    .orderBy('schedule.id')
    .execute();
}

export function findSchedule(db: Db | Tx, scheduleId: number) {
  return db.selectFrom('schedule').select(scheduleColumns).where('id', '=', scheduleId).executeTakeFirst();
}

export function findDefaultSchedule(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('schedule')
    .select(scheduleColumns)
    .where('collectionId', '=', collectionId)
    .where('isDefault', '=', true)
    .executeTakeFirst();
}

/** The access scope of GET /Schedule/{id}: the schedule's collection (none: 404). */
export const scheduleCollection: Locate<{ collectionId: number }> = async ({ request, db }) => {
  const id = intParam(request, 'id');
  if (id === null) return null;
  const row = await db.selectFrom('schedule').select('collectionId').where('id', '=', id).executeTakeFirst();
  return row ?? null;
};
