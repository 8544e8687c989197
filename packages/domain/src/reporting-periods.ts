import { z } from 'zod';
import { reportingCycle, reportingPeriodStatus } from './enums';

/**
 * Reporting periods and schedules as the API sends and receives them. Request bodies are loose on purpose:
 * the messages come from the schedule engine (validateReportingPeriod, validateSchedule), which both the
 * API and the web forms run, so a field that is missing or malformed reads the specification's message.
 */

/** POST / PUT /Collection/{id}/ReportingPeriod[/{periodId}]. formId is read on update only. */
export const reportingPeriodBodySchema = z.looseObject({
  collectionId: z.unknown().optional(),
  name: z.unknown().optional(),
  start: z.unknown().optional(),
  end: z.unknown().optional(),
  submissionsOpen: z.unknown().optional(),
  submissionsClose: z.unknown().optional(),
  submissionsReopen: z.unknown().optional(),
  submissionsReclose: z.unknown().optional(),
  ifSubmissionReopens: z.unknown().optional(),
  openTime: z.unknown().optional(),
  closeTime: z.unknown().optional(),
  reopenTime: z.unknown().optional(),
  recloseTime: z.unknown().optional(),
  formId: z.unknown().optional(),
});
export type ReportingPeriodBody = z.infer<typeof reportingPeriodBodySchema>;

/** A period's first and last day: London calendar dates, yyyy-MM-dd. */
export const periodDatesShape = { start: z.string(), end: z.string() };

/** When a period's submissions open, close, reopen and reclose: UTC instants (ISO, ...Z). */
export const submissionWindowShape = {
  submissionsOpen: z.string(),
  submissionsClose: z.string(),
  submissionsReopen: z.string().nullable(),
  submissionsReclose: z.string().nullable(),
};

export const reportingPeriodSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  name: z.string(),
  ...periodDatesShape,
  formId: z.number().int().nullable(),
  ...submissionWindowShape,
  ifSubmissionReopens: z.boolean(),
  /** Status now, from periodStatus. */
  reportingPeriodStatus: reportingPeriodStatus,
  hasSubmissions: z.boolean(),
});
export type ReportingPeriodDto = z.infer<typeof reportingPeriodSchema>;

/** Body of Diff and Bulk, and of saving a schedule: unknown values, checked by validateSchedule. */
export const scheduleBodySchema = z.looseObject({
  reportingCycle: z.unknown().optional(),
  firstReportingPeriodStart: z.unknown().optional(),
  lastReportingPeriodStart: z.unknown().optional(),
  daysOpen: z.unknown().optional(),
  includeWorkingDaysOnly: z.unknown().optional(),
  reopenAfterDays: z.unknown().optional(),
  stayReopenForDays: z.unknown().optional(),
  isDefault: z.unknown().optional(),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

const generatedPeriodSchema = z.object({
  name: z.string(),
  ...periodDatesShape,
  ...submissionWindowShape,
  ifSubmissionReopens: z.boolean(),
});
export type GeneratedPeriodDto = z.infer<typeof generatedPeriodSchema>;

/** POST /Collection/{id}/ReportingPeriod/Diff: what applying a schedule would do. */
export const periodDiffSchema = z.object({
  added: z.array(generatedPeriodSchema),
  removed: z.array(reportingPeriodSchema),
  changed: z.array(
    z.object({
      existing: reportingPeriodSchema,
      generated: generatedPeriodSchema,
      fields: z.array(z.string()),
    }),
  ),
  /**
   * Stored periods the schedule leaves exactly as they are: a reference each, not the stored and the
   * generated period (a 10-year daily schedule has 3,650 of them; nothing about them needs showing).
   */
  unchanged: z.array(
    z.object({ id: z.number().int(), name: z.string(), start: z.string(), end: z.string() }),
  ),
  /** Periods with submissions the schedule no longer produces: they are kept, never removed. */
  conflicts: z.array(
    z.object({
      existing: reportingPeriodSchema,
      overlapping: z.array(generatedPeriodSchema),
      reason: z.string(),
    }),
  ),
});
export type PeriodDiffDto = z.infer<typeof periodDiffSchema>;

/** POST / PUT /Collection/{id}/ReportingPeriod/Bulk: the periods after applying, and what changed. */
export const bulkPeriodsResultSchema = z.object({
  counts: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
    /** Periods with submissions the schedule no longer produces, kept as they are. */
    kept: z.number().int(),
  }),
  periods: z.array(reportingPeriodSchema),
});
export type BulkPeriodsResultDto = z.infer<typeof bulkPeriodsResultSchema>;

export const scheduleSchemaDto = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  isDefault: z.boolean(),
  reportingCycle,
  firstReportingPeriodStart: z.string(),
  lastReportingPeriodStart: z.string(),
  daysOpen: z.number().int(),
  includeWorkingDaysOnly: z.boolean(),
  reopenAfterDays: z.number().int().nullable(),
  stayReopenForDays: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleDto = z.infer<typeof scheduleSchemaDto>;

/**
 * GET /Collection/{id}/Schedule/Default: the saved default schedule, or (none saved yet) the
 * specification's placeholder values (section 9) to pre-fill the default-schedule form.
 */
export const defaultScheduleSchema = z.union([
  scheduleSchemaDto.extend({ isPlaceholder: z.literal(false) }),
  z.object({
    id: z.null(),
    collectionId: z.number().int(),
    isDefault: z.literal(true),
    isPlaceholder: z.literal(true),
    start: z.string(),
    end: z.string(),
    submissionsReopen: z.string(),
    submissionsReclose: z.string(),
    openTime: z.string(),
    closeTime: z.string(),
    reopenTime: z.string(),
    recloseTime: z.string(),
    ifSubmissionReopens: z.boolean(),
  }),
]);
export type DefaultScheduleDto = z.infer<typeof defaultScheduleSchema>;
