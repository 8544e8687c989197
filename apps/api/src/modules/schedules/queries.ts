import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { ScheduleTable } from '../../db/schema';
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

export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

export function findDefaultSchedule(db: Db | Tx, collectionId: number) {
  return db
    .selectFrom('schedule')
    .select(scheduleColumns)
    .where('collectionId', '=', collectionId)
    .where('isDefault', '=', true)
    .executeTakeFirst();
}

/**
 * The access scope of GET /Schedule/{id}: the schedule's collection (none: 404). The schedule it reads
 * is handed to the service (`locatedBy`), which then does not read it again.
 */
export const scheduleCollection: Locate<{ collectionId: number; schedule: ScheduleRow }> = async ({
  request,
  db,
}) => {
  const id = intParam(request, 'id');
  if (id === null) return null;
  const schedule = await findSchedule(db, id);
  return schedule ? { collectionId: schedule.collectionId, schedule } : null;
};

/** A collection has at most one default schedule: making one the default unsets the other. */
export async function clearDefault(tx: Tx, collectionId: number, except?: number) {
  let q = tx
    .updateTable('schedule')
    .set({ isDefault: false, updatedAt: new Date() })
    .where('collectionId', '=', collectionId)
    .where('isDefault', '=', true);
  if (except !== undefined) q = q.where('id', '!=', except);
  await q.execute();
}

export function insertSchedule(tx: Tx, values: Insertable<ScheduleTable>) {
  return tx.insertInto('schedule').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateScheduleRow(tx: Tx, scheduleId: number, values: Updateable<ScheduleTable>) {
  return tx
    .updateTable('schedule')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', scheduleId)
    .execute();
}
