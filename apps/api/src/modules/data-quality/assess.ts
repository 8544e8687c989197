import { type DataQualityFinding, type DataQualityRule, dataQualityMessages } from '@dcf/domain/data-quality';
import type { Verdict } from '@dcf/forms/data-quality/evaluate';
import { statisticsPaths } from '@dcf/forms/data-quality/values';
import type { Db, Tx } from '../../db/database';
import { validationProblem } from '../../platform/errors';
import { findRuleInputs, type RuleInputsKey } from './queries';

/**
 * What the rules need beyond the answers: the organisation's last submitted return and the previous
 * period's stored statistics (for the fields the rules read), in one small statement of index lookups
 * (queries.ts, findRuleInputs; decision 0034). Nothing when the rules read neither.
 */
export async function loadRuleInputs(db: Db | Tx, key: RuleInputsKey, rules: readonly DataQualityRule[]) {
  if (rules.length === 0)
    return { previous: null, stats: {}, statsPeriodName: null, statisticsComputedAt: null, stamp: '' };
  return findRuleInputs(db, key, statisticsPaths(rules));
}
export type RuleInputs = Awaited<ReturnType<typeof loadRuleInputs>>;

export interface Assessment {
  findings: DataQualityFinding[];
}

/**
 * A return being saved, assessed by its form version's rules (decision 0028): the verdicts are the
 * evaluation box's (decision 0031), which evaluated the rules with the engine the browser runs. A draft
 * is never refused: its findings (and the explanations given so far) are kept. A submit is refused with
 * a 400 while an error-severity rule fails (keyed by the rule's first field) or a warning has no
 * explanation (keyed `explanations.<ruleId>`, naming the rule). A rule that could not be evaluated
 * (`notChecked`, decision 0030) is kept with the revision for the manager and never refuses a submit.
 */
export function assessVerdicts(
  verdicts: readonly Verdict[],
  status: 'draft' | 'completed',
  explanations: Record<string, string> | undefined,
): Assessment {
  const findings = verdicts.map((verdict) => {
    const text = explanations?.[verdict.ruleId]?.trim() ?? '';
    const explained = verdict.severity === 'warning' && !verdict.notChecked && text !== '';
    return { ...verdict, explanation: explained ? text : null };
  });
  if (status === 'completed') {
    const errors: Record<string, string[]> = {};
    for (const finding of findings) {
      // A rule that could not be evaluated is the manager's to mend: it never blocks the clerk.
      if (finding.notChecked) continue;
      const key =
        finding.severity === 'error'
          ? (finding.fields[0] ?? `dataQuality.${finding.ruleId}`)
          : finding.explanation === null
            ? `explanations.${finding.ruleId}`
            : null;
      if (key === null) continue;
      const message =
        finding.severity === 'error'
          ? finding.message
          : dataQualityMessages.explanationRequired(finding.name);
      errors[key] = [...(errors[key] ?? []), message];
    }
    if (Object.keys(errors).length > 0) throw validationProblem(errors);
  }
  return { findings };
}

/**
 * The revision's columns that keep the findings (written by the save's own insert: no statement of its
 * own), and how many are warnings (the submission's `officialWarnings` after a submit).
 */
export function findingColumns(assessment: Assessment) {
  // A rule that could not be evaluated is kept for the manager but is no warning (decision 0030).
  const warnings = assessment.findings.filter((f) => f.severity === 'warning' && !f.notChecked).length;
  return {
    warnings,
    columns:
      assessment.findings.length === 0
        ? {}
        : { dataQuality: JSON.stringify(assessment.findings), dataQualityWarnings: warnings },
  };
}
