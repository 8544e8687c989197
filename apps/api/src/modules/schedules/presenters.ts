import type { ScheduleRow } from './queries';

/** A schedule as the API sends it: the row with its timestamps as ISO strings. */
export function presentSchedule(row: ScheduleRow) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
