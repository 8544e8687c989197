import {
  defaultSchedulePlaceholder,
  messages,
  type Schedule,
  type ScheduleBody,
  validateSchedule,
} from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeable } from '../collections/changeable';
import { lockCollectionStatus } from '../collections/queries';
import { getCollection } from '../collections/service';
import { presentSchedule } from './presenters';
import {
  clearDefault,
  findDefaultSchedule,
  findSchedule,
  findVisibleSchedules,
  insertSchedule,
  type ScheduleRow,
  updateScheduleRow,
} from './queries';

export async function listSchedules(db: Db, principal: Principal) {
  return (await findVisibleSchedules(db, principal)).map(presentSchedule);
}

/** A schedule: the one the route's rule located (`located`, not read again), or read now. */
export async function getSchedule(db: Db, principal: Principal, scheduleId: number, located?: ScheduleRow) {
  const row = located ?? (await findSchedule(db, scheduleId));
  if (!row) throw notFound();
  await getCollection(db, principal, row.collectionId);
  return presentSchedule(row);
}

/** The collection's default schedule, or the specification's placeholder values (section 9) when none is saved. */
export async function getDefaultSchedule(db: Db, principal: Principal, collectionId: number) {
  await getCollection(db, principal, collectionId);
  const row = await findDefaultSchedule(db, collectionId);
  if (row) return { ...presentSchedule(row), isPlaceholder: false as const };
  return {
    id: null,
    collectionId,
    isDefault: true as const,
    isPlaceholder: true as const,
    ...defaultSchedulePlaceholder,
  };
}

/** The schedule fields and isDefault (absent: false), or a 400 with every message. */
function readBody(body: ScheduleBody): { schedule: Schedule; isDefault: boolean } {
  const isDefault = body.isDefault ?? false;
  const result = validateSchedule(body);
  const errors = result.success ? {} : { ...result.errors };
  if (typeof isDefault !== 'boolean') errors.isDefault = [messages.required];
  if (!result.success || typeof isDefault !== 'boolean') throw validationProblem(errors);
  return { schedule: result.data, isDefault };
}

async function assertAmendable(tx: Tx, collectionId: number) {
  changeable(await lockCollectionStatus(tx, collectionId));
}

const toRow = (schedule: Schedule) => ({
  reportingCycle: schedule.reportingCycle,
  firstReportingPeriodStart: schedule.firstReportingPeriodStart,
  lastReportingPeriodStart: schedule.lastReportingPeriodStart,
  daysOpen: schedule.daysOpen,
  includeWorkingDaysOnly: schedule.includeWorkingDaysOnly,
  reopenAfterDays: schedule.reopenAfterDays ?? null,
  stayReopenForDays: schedule.stayReopenForDays ?? null,
});

export async function createSchedule(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: ScheduleBody,
  requestId: string,
) {
  const { schedule, isDefault } = readBody(body);
  const id = await db.transaction().execute(async (tx) => {
    await assertAmendable(tx, collectionId);
    if (isDefault) await clearDefault(tx, collectionId);
    const { id } = await insertSchedule(tx, { collectionId, isDefault, ...toRow(schedule) });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'schedule.create',
      entityType: 'schedule',
      entityId: id,
      collectionId,
      after: { isDefault, ...toRow(schedule) },
      requestId,
    });
    return id;
  });
  return getSchedule(db, principal, id);
}

export async function updateSchedule(
  db: Db,
  principal: Principal,
  collectionId: number,
  scheduleId: number,
  body: ScheduleBody,
  requestId: string,
) {
  const { schedule, isDefault } = readBody(body);
  await db.transaction().execute(async (tx) => {
    await assertAmendable(tx, collectionId);
    const before = await findSchedule(tx, scheduleId);
    if (!before || before.collectionId !== collectionId) throw notFound();
    if (isDefault) await clearDefault(tx, collectionId, scheduleId);
    await updateScheduleRow(tx, scheduleId, { isDefault, ...toRow(schedule) });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'schedule.update',
      entityType: 'schedule',
      entityId: scheduleId,
      collectionId,
      before: presentSchedule(before),
      after: { isDefault, ...toRow(schedule) },
      requestId,
    });
  });
  return getSchedule(db, principal, scheduleId);
}
