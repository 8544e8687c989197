// The public API of the schedule engine. Lower-level helpers (day numbers, ranges, window days) stay
// internal so other modules' exports cannot collide with them through the package index.
export { isIsoDate } from './calendar-date';
export { dateFieldMessage } from './date-field';
export type { DayCounting } from './deadlines';
export {
  type ChangedPeriod,
  type ComparedPeriodField,
  comparedPeriodFields,
  diffPeriods,
  type ExistingPeriod,
  type PeriodConflict,
  type PeriodDiff,
  type UnchangedPeriod,
} from './diff-periods';
export { type FieldErrors, fieldErrorsFromZod } from './field-errors';
export { type GeneratedPeriod, generatePeriods } from './generate-periods';
export {
  instantMillis,
  instantToLondon,
  lastDayToSubmit,
  londonToInstant,
  parseInstant,
  startOfLondonDay,
} from './london-time';
export { financialYearLabel, periodName } from './period-names';
export { getSubmissionDisplayState, type PeriodWindow, periodStatus } from './period-status';
export {
  dayCountMessage,
  defaultSchedulePlaceholder,
  type Schedule,
  type ScheduleInput,
  scheduleSchema,
  validateSchedule,
  wholeNumberMessage,
} from './schedule-schema';
export { isValidTime, normaliseTime, timeFieldMessage } from './time-string';
export {
  type ExistingPeriodDates,
  normaliseReportingPeriod,
  type ReportingPeriodInput,
  type ReportingPeriodValues,
  validateReportingPeriod,
} from './validate-reporting-period';
export { bankHolidays, countWorkingDays, isWorkingDay } from './working-days';
