import type { DataQualityContext, PeriodDataQuality } from '@dcf/domain/data-quality';
import type { Db } from '../../db/database';
import { notFound } from '../../platform/errors';
import { findPageContext, findSubmissionFor } from '../submissions/queries';
import { loadRuleInputs } from './assess';
import { findPeriodFindings, findRevisionFindings, findRulesOfForm, type PeriodKey } from './queries';

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
 * many each rule flagged, and the returns with warnings (those one rule flagged, with `ruleId`) with
 * their explanations.
 */
export async function getPeriodDataQuality(
  db: Db,
  periodId: number,
  ruleId?: string,
): Promise<PeriodDataQuality> {
  const { rules, returns } = await findPeriodFindings(db, periodId);
  const withWarnings = returns.filter((r) => r.dataQualityWarnings > 0);
  const flaggedBy = (id: string) => withWarnings.filter((r) => r.findings.some((f) => f.ruleId === id));
  return {
    returnsSubmitted: returns.length,
    returnsWithWarnings: withWarnings.length,
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      severity: rule.severity,
      returns: flaggedBy(rule.id).length,
    })),
    items: (ruleId === undefined ? withWarnings : flaggedBy(ruleId)).map((r) => ({
      submissionId: r.submissionId,
      organisationId: r.organisationId,
      organisationName: r.organisationName,
      organisationCode: r.organisationCode,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      findings: r.findings,
    })),
  };
}
