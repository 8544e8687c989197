import type { Db, Tx } from '../../db/database';
import { intParam, type Locate, viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { collectionVisible } from '../../platform/visibility';

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

/** Schedules of the collections the principal may see (the visibility rule, decision 0022). */
export function findVisibleSchedules(db: Db, principal: Principal) {
  return db
    .selectFrom('schedule')
    .select(scheduleColumns)
    .where(collectionVisible(viewerOf(principal), 'schedule.collectionId'))
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
