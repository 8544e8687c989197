import { z } from 'zod';
import { sortOrder } from './enums';
import { pagingQueryShape } from './paging';

/**
 * Data quality rules (decision 0028): the API contract shared by the API and the web app, and
 * the messages of the feature. A rule is data: the editor's check (or an expert's JSON Logic) and the
 * JSON Logic compiled from it, evaluated by `@dcf/forms/data-quality/evaluate` in the browser and on the
 * server alike.
 */

export const dataQualityMessages = {
  /** A submit with a warning the submitter has not explained (400, keyed `explanations.<ruleId>`). */
  explanationRequired: (ruleName: string) => `Enter an explanation for "${ruleName}"`,
  explanationLabel: 'Explain why this figure is right',
  previousValue: (value: string, period: string) => `Last submitted return (${period}): ${value}`,
  rangeValue: (low: string, high: string, period: string) =>
    `Range across organisations in ${period}: ${low} to ${high}`,
  ruleNotFound: 'Data quality rule not found',
  unknownField: (path: string) => `"${path}" is not a question of this form`,
  notANumberField: (path: string) => `"${path}" is not a number question`,
  logicNotAllowed: 'The JSON Logic is not allowed',
  noForm: 'This collection has no form definition',
  changeNeedsThreshold: 'Enter a percentage, an amount or both',
  /** The manager's period view: the statistics this period's range checks read (decision 0034). */
  statisticsNoEarlierPeriod:
    'There is no earlier reporting period, so range checks have no figures to compare with and pass.',
  statisticsPending: (period: string) =>
    `Range checks pass for now: ${period}'s figures are computed once it has closed (within 5 minutes of its close).`,
  statisticsReady: (period: string, returns: number, computedAt: string) =>
    `Range checks compare with ${period}'s figures from ${returns} submitted ${returns === 1 ? 'return' : 'returns'}, computed ${computedAt}.`,
  /** A rule the JSON Logic interpreter could not evaluate on this return (decision 0030). */
  notChecked: (ruleName: string, reason: string) =>
    `The check "${ruleName}" could not be run because ${reason}. This does not stop you submitting: the collection manager sees it and will correct the rule.`,
} as const;

/**
 * A rule the JSON Logic interpreter could not evaluate (a bound passed, an operation not supported:
 * decision 0030), as the manager's screens say it: the period's data quality view and a return's page.
 * The reason is the interpreter's ("it takes more than 100,000 steps").
 */
export const notCheckedMessages = {
  heading: 'Rules not checked',
  dataQualityInPeriod: (ruleName: string, returns: number, reason: string) =>
    `Rule "${ruleName}" was not checked on ${returns.toLocaleString('en-GB')} submitted ${returns === 1 ? 'return' : 'returns'}: ${reason}.`,
  dataQualityOnReturn: (ruleName: string, reason: string) =>
    `Rule "${ruleName}" was not checked on this return: ${reason}.`,
  /** A rule of the form itself (a condition, a calculation, a validation, logic): the form cannot be checked. */
  formRule: (question: string, property: string, reason: string) =>
    `The rule in '${question}' (${property}) was not checked: ${reason}. Returns of this form cannot be submitted until it is corrected.`,
  changeDataQualityRules: 'Change the data quality rules',
  changeForm: 'Change the form',
} as const;

/** `headcount`, or `staff.count` for the total of a grid's column over its rows. */
export const dataQualityFieldPath = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)?$/, 'Enter a question key, or grid.column for a column total');

export const comparisonOperators = ['<', '<=', '==', '!=', '>=', '>'] as const;
export const comparisonOperator = z.enum(comparisonOperators);
export type ComparisonOperator = z.infer<typeof comparisonOperator>;

const threshold = z.number().positive().max(1_000_000_000).nullable();

/** The kinds of check the editor offers; `logic` is an expert's own JSON Logic. */
export const dataQualityCheckSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('compare'),
    left: dataQualityFieldPath,
    operator: comparisonOperator,
    right: dataQualityFieldPath,
  }),
  z.object({
    kind: z.literal('sum'),
    total: dataQualityFieldPath,
    parts: z.array(dataQualityFieldPath).min(1).max(50),
  }),
  z
    .object({ kind: z.literal('change'), field: dataQualityFieldPath, percent: threshold, amount: threshold })
    .refine((check) => check.percent !== null || check.amount !== null, {
      message: dataQualityMessages.changeNeedsThreshold,
      path: ['percent'],
    }),
  z.object({ kind: z.literal('range'), field: dataQualityFieldPath, bounds: z.enum(['minMax', 'p5p95']) }),
  z.object({
    kind: z.literal('logic'),
    /** True when the return passes; reads `answers.*`, `previous.*` and `stats.<field>.<statistic>`. */
    logic: z.unknown().refine((value) => value !== undefined, 'Enter the JSON Logic'),
    /** The questions the finding is shown beside. */
    fields: z.array(dataQualityFieldPath).max(20),
  }),
]);
export type DataQualityCheck = z.infer<typeof dataQualityCheckSchema>;
export type DataQualityCheckKind = DataQualityCheck['kind'];

export const dataQualitySeverity = z.enum(['error', 'warning']);
export type DataQualitySeverity = z.infer<typeof dataQualitySeverity>;

/** POST and PUT .../DataQualityRule: what a manager writes. */
export const dataQualityRuleBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  severity: dataQualitySeverity,
  message: z.string().trim().min(1).max(500),
  check: dataQualityCheckSchema,
});
export type DataQualityRuleBody = z.infer<typeof dataQualityRuleBodySchema>;

/** A stored rule: its id (stable across form versions) and the JSON Logic it compiles to. */
export const dataQualityRuleSchema = dataQualityRuleBodySchema.extend({
  id: z.string(),
  /** The questions the finding is shown beside (the first one takes the error summary's link). */
  fields: z.array(z.string()),
  logic: z.unknown(),
});
export type DataQualityRule = z.infer<typeof dataQualityRuleSchema>;

/** The answer of every rules route: the version the rules now belong to. */
export const dataQualityRuleSetSchema = z.object({
  formId: z.number().int(),
  version: z.number().int(),
  /** True when the change made a new form version (the old one has submissions). */
  createdNewVersion: z.boolean(),
  rules: z.array(dataQualityRuleSchema),
});
export type DataQualityRuleSet = z.infer<typeof dataQualityRuleSetSchema>;

/** Per-field statistics of the previous period across organisations' submitted returns. */
export const fieldStatisticsSchema = z.object({
  count: z.number().int(),
  min: z.number(),
  p5: z.number(),
  median: z.number(),
  p95: z.number(),
  max: z.number(),
});
export type FieldStatistics = z.infer<typeof fieldStatisticsSchema>;

/** One rule that flagged a return, as saved with the revision. */
export const dataQualityFindingSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  severity: dataQualitySeverity,
  message: z.string(),
  fields: z.array(z.string()),
  explanation: z.string().nullable(),
  /**
   * Set when the rule could not be evaluated on this return (it passed a bound of the JSON Logic
   * interpreter, or uses an operation not supported: decision 0030), with the reason. Such a finding
   * never blocks a submit and needs no explanation; the manager's screens show it.
   */
  notChecked: z.string().optional(),
});
export type DataQualityFinding = z.infer<typeof dataQualityFindingSchema>;

/** GET .../Organisation/{orgId}/DataQuality: what the form entry page needs to check as the clerk types. */
export const dataQualityContextSchema = z.object({
  rules: z.array(dataQualityRuleSchema),
  /** The same organisation's last submitted return in this collection, before this period. */
  previous: z.object({ periodName: z.string(), answers: z.record(z.string(), z.unknown()) }).nullable(),
  /** The previous period's statistics, for the fields the rules read (nested: `stats.grid.column`). */
  stats: z.record(z.string(), z.unknown()),
  statsPeriodName: z.string().nullable(),
  /** The findings saved with the current revision, with their explanations. */
  findings: z.array(dataQualityFindingSchema),
});
export type DataQualityContext = z.infer<typeof dataQualityContextSchema>;

/** The explanations a save sends: rule id to text. */
export const dataQualityExplanationsSchema = z
  .record(z.string().max(40), z.string().trim().max(2000))
  .refine((value) => Object.keys(value).length <= 200, 'Too many explanations');

/** How the returns with warnings of a period sort. */
export const periodDataQualitySortBy = z.enum(['name', 'code', 'submittedAt', 'warnings']);
export type PeriodDataQualitySortBy = z.infer<typeof periodDataQualitySortBy>;

/**
 * GET /View/Manager/ReportingPeriod/{id}/DataQuality: the returns with warnings, filtered (one rule's,
 * a name or code), sorted and paged in SQL like the period's submissions (decision 0034).
 */
export const periodDataQualityQuerySchema = z.object({
  ruleId: z.string().max(40).optional(),
  query: z.string().trim().max(250).optional(),
  ...pagingQueryShape(),
  sortBy: periodDataQualitySortBy.default('name'),
  sortOrder: sortOrder.default('ASC'),
});
export type PeriodDataQualityParams = z.output<typeof periodDataQualityQuerySchema>;
export type PeriodDataQualityQuery = Partial<PeriodDataQualityParams>;

/**
 * The statistics a period's range checks read: the previous period's, computed once when it closed
 * (decision 0034). `computedAt` null: not yet (the checks pass); `periodName` null: no earlier period.
 */
export const periodStatisticsStateSchema = z.object({
  periodName: z.string().nullable(),
  computedAt: z.string().nullable(),
  returns: z.number().int().nullable(),
});
export type PeriodStatisticsState = z.infer<typeof periodStatisticsStateSchema>;

export const periodDataQualitySchema = z.object({
  /** Whether any rule reads last period's statistics (a range check, or an expert's `stats.*`). */
  readsStatistics: z.boolean(),
  statistics: periodStatisticsStateSchema,
  /** Submitted returns in the period. */
  returnsSubmitted: z.number().int(),
  /** Of those, the ones whose official revision carries at least one warning. */
  returnsWithWarnings: z.number().int(),
  /** Every rule of the period's form version, with how many submitted returns it flagged. */
  rules: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      severity: dataQualitySeverity,
      /** Submitted returns it flagged (a warning or an error it gave). */
      returns: z.number().int(),
      /** Submitted returns where it could not be evaluated (decision 0030), and one of the reasons. */
      notChecked: z.number().int(),
      notCheckedReason: z.string().nullable(),
    }),
  ),
  /** This page of the returns with warnings (only those flagged by `ruleId`, matching `query`). */
  items: z.array(
    z.object({
      submissionId: z.number().int(),
      organisationId: z.number().int(),
      organisationName: z.string(),
      organisationCode: z.string(),
      submittedAt: z.string().nullable(),
      warnings: z.number().int(),
      findings: z.array(dataQualityFindingSchema),
    }),
  ),
  /** Returns with warnings matching the filters, in every page. */
  total: z.number().int(),
});
export type PeriodDataQuality = z.infer<typeof periodDataQualitySchema>;
