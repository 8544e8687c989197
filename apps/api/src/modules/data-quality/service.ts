import type {
  DataQualityContext,
  PeriodDataQuality,
  PeriodDataQualityParams,
} from '@dcf/domain/data-quality';
import { statisticsPaths } from '@dcf/forms/data-quality/values';
import type { Db } from '../../db/database';
import { notFound } from '../../platform/errors';
import { findPageContext, findSubmissionFor } from '../submissions/queries';
import { loadRuleInputs } from './assess';
import {
  countNotChecked,
  countPeriodFindings,
  findPeriodRules,
  findRevisionFindings,
  findRulesOfForm,
  listPeriodFindings,
  type PeriodKey,
} from './queries';
import { findPreviousPeriodStatistics } from './statistics-queries';

/**
 * GET .../Organisation/{orgId}/DataQuality: everything the form entry page needs to run the rules as
 * the clerk types (the rules of the return's form version, the previous return, last period's
 * statistics) and the findings saved with the current revision, with their explanations.
 */
export async function getEntryContext(db: Db, key: PeriodKey): Promise<DataQualityContext> {
  const context = await findPageContext(db, key.collectionId, key.periodId, key.organisationId);
  if (!context) throw notFound();
  const submission = await findSubmissionFor(db, key.periodId, key.organisationId);
  const formId = submission?.formId ?? context.periodFormId;
  const rules = formId === null ? [] : await findRulesOfForm(db, formId);
  const [inputs, findings] = await Promise.all([
    loadRuleInputs(db, key, rules),
    submission?.currentRevisionId ? findRevisionFindings(db, submission.currentRevisionId) : [],
  ]);
  return { rules, ...inputs, findings };
}

/**
 * GET /View/Manager/ReportingPeriod/{id}/DataQuality: how many submitted returns carry warnings, how
 * many each rule flagged, which figures the range checks compare with, and one page of the returns with
 * warnings (one rule's, a name or code; sorted) with their explanations: filtered, sorted and paged in
 * SQL (decision 0034).
 */
export async function getPeriodDataQuality(
  db: Db,
  periodId: number,
  params: PeriodDataQualityParams,
): Promise<PeriodDataQuality> {
  const periodRules = findPeriodRules(db, periodId);
  const [rules, counts, notChecked, page, previous] = await Promise.all([
    periodRules,
    countPeriodFindings(db, periodId),
    // Every official revision is read for it: only when there are rules to have been evaluated.
    periodRules.then((list) =>
      list.length === 0 ? new Map<string, never>() : countNotChecked(db, periodId),
    ),
    listPeriodFindings(db, periodId, params),
    findPreviousPeriodStatistics(db, periodId),
  ]);
  return {
    readsStatistics: statisticsPaths(rules).length > 0,
    statistics: {
      periodName: previous?.name ?? null,
      computedAt: previous?.computedAt?.toISOString() ?? null,
      returns: previous?.computedAt ? (previous.returns ?? 0) : null,
    },
    returnsSubmitted: counts.returnsSubmitted,
    returnsWithWarnings: counts.returnsWithWarnings,
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      severity: rule.severity,
      returns: counts.byRule.get(rule.id) ?? 0,
      notChecked: notChecked.get(rule.id)?.returns ?? 0,
      notCheckedReason: notChecked.get(rule.id)?.reason ?? null,
    })),
    items: page.items.map((r) => ({
      submissionId: r.submissionId,
      organisationId: r.organisationId,
      organisationName: r.organisationName,
      organisationCode: r.organisationCode,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      warnings: r.warnings,
      findings: r.findings,
    })),
    total: page.total,
  };
}
