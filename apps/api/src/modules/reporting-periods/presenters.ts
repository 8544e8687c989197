import { periodStatus } from '@dcf/domain';
import type { PeriodRow } from './queries';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A period as the API presents it, with its status now. */
export function presentPeriod(row: PeriodRow, now = new Date()) {
  return {
    id: row.id,
    collectionId: row.collectionId,
    name: row.name,
    start: row.start,
    end: row.end,
    formId: row.formId,
    submissionsOpen: row.submissionsOpen.toISOString(),
    submissionsClose: row.submissionsClose.toISOString(),
    submissionsReopen: iso(row.submissionsReopen),
    submissionsReclose: iso(row.submissionsReclose),
    ifSubmissionReopens: row.ifSubmissionReopens,
    reportingPeriodStatus: periodStatus(row, now),
    hasSubmissions: Boolean(row.hasSubmissions),
  };
}
export type PeriodDto = ReturnType<typeof presentPeriod>;
