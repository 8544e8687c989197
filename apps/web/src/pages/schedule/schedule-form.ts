import type { ReportingCycle, ScheduleBody, ScheduleDto } from '@dcf/domain';

/** The schedule editor's fields as the inputs hold them (text), converted to the API body on submit. */
export interface ScheduleFormValues {
  reportingCycle: string;
  firstReportingPeriodStart: string;
  lastReportingPeriodStart: string;
  daysOpen: string;
  includeWorkingDaysOnly: boolean;
  reopenAfterDays: string;
  stayReopenForDays: string;
}

export type ScheduleField = keyof ScheduleFormValues;

export const emptyScheduleForm: ScheduleFormValues = {
  reportingCycle: '',
  firstReportingPeriodStart: '',
  lastReportingPeriodStart: '',
  daysOpen: '',
  includeWorkingDaysOnly: false,
  reopenAfterDays: '',
  stayReopenForDays: '',
};

/** Field order and labels, shared by the form and the error summary. */
export const scheduleFieldLabels: readonly (readonly [ScheduleField, string])[] = [
  ['reportingCycle', 'Reporting cycle'],
  ['firstReportingPeriodStart', 'First reporting period start'],
  ['lastReportingPeriodStart', 'Last reporting period start'],
  ['daysOpen', 'Days open'],
  ['includeWorkingDaysOnly', 'Count working days only'],
  ['reopenAfterDays', 'Reopen after (days)'],
  ['stayReopenForDays', 'Stay reopened for (days)'],
];

export const reportingCycleLabels: Record<ReportingCycle, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annual',
  oneTime: 'One time',
};

export function scheduleFormFrom(schedule: Omit<ScheduleDto, 'id' | 'createdAt' | 'updatedAt'>) {
  return {
    reportingCycle: schedule.reportingCycle,
    firstReportingPeriodStart: schedule.firstReportingPeriodStart,
    lastReportingPeriodStart: schedule.lastReportingPeriodStart,
    daysOpen: String(schedule.daysOpen),
    includeWorkingDaysOnly: schedule.includeWorkingDaysOnly,
    reopenAfterDays: schedule.reopenAfterDays == null ? '' : String(schedule.reopenAfterDays),
    stayReopenForDays: schedule.stayReopenForDays == null ? '' : String(schedule.stayReopenForDays),
  } satisfies ScheduleFormValues;
}

/** Text to number for a day count: empty is absent (null for the optional pair); non-numbers pass through. */
function dayCount(text: string, emptyAs: undefined | null): number | string | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return emptyAs;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The API body (Diff, Bulk, Schedule): validateSchedule on either side gives the same messages. */
export function scheduleBodyFrom(values: ScheduleFormValues, isDefault: boolean): ScheduleBody {
  return {
    reportingCycle: values.reportingCycle || undefined,
    firstReportingPeriodStart: values.firstReportingPeriodStart || undefined,
    lastReportingPeriodStart: values.lastReportingPeriodStart || undefined,
    daysOpen: dayCount(values.daysOpen, undefined),
    includeWorkingDaysOnly: values.includeWorkingDaysOnly,
    reopenAfterDays: dayCount(values.reopenAfterDays, null),
    stayReopenForDays: dayCount(values.stayReopenForDays, null),
    isDefault,
  };
}

export function sameScheduleForm(a: ScheduleFormValues, b: ScheduleFormValues): boolean {
  return scheduleFieldLabels.every(([field]) => a[field] === b[field]);
}
