import { type DataQualityFinding, type DataQualityRule, dataQualityMessages } from '@dcf/domain/data-quality';
import { evaluateDataQuality } from '@dcf/forms/data-quality/evaluate';
import { statisticsPaths } from '@dcf/forms/data-quality/values';
import type { Db, Tx } from '../../db/database';
import { validationProblem } from '../../platform/errors';
import { findPreviousData, findRulesOfForm, type PeriodKey, saveRevisionFindings } from './queries';

/**
 * What the rules need beyond the answers: the organisation's last submitted return and the previous
 * period's statistics (for the fields the rules read), in one query (queries.ts, findPreviousData).
 */
export async function loadRuleInputs(db: Db | Tx, key: PeriodKey, rules: readonly DataQualityRule[]) {
  if (rules.length === 0) return { previous: null, stats: {}, statsPeriodName: null };
  return findPreviousData(db, key, statisticsPaths(rules));
}

export interface Assessment {
  findings: DataQualityFinding[];
  /** Milliseconds spent evaluating the rules (the bench reads it). */
  evaluationMs: number;
}

/**
 * Checks a return being saved with its form version's rules (decision 0028), with the engine the
 * browser runs. A draft is never refused: its findings (and the explanations given so far) are kept.
 * A submit is refused with a 400 while an error-severity rule fails (keyed by the rule's first field)
 * or a warning has no explanation (keyed `explanations.<ruleId>`, naming the rule).
 */
export async function assessReturn(
  tx: Tx,
  input: PeriodKey & { formId: number; status: 'draft' | 'completed' },
  answers: Record<string, unknown>,
  explanations: Record<string, string> | undefined,
  /** The form version's rules when the caller has them already (the save caches them per version). */
  formRules?: readonly DataQualityRule[],
): Promise<Assessment> {
  const rules = formRules ?? (await findRulesOfForm(tx, input.formId));
  if (rules.length === 0) return { findings: [], evaluationMs: 0 };
  const { previous, stats } = await loadRuleInputs(tx, input, rules);
  const started = performance.now();
  const verdicts = evaluateDataQuality(rules, { answers, previous: previous?.answers ?? null, stats });
  const evaluationMs = performance.now() - started;
  const findings = verdicts.map((verdict) => {
    const text = explanations?.[verdict.ruleId]?.trim() ?? '';
    return { ...verdict, explanation: verdict.severity === 'warning' && text !== '' ? text : null };
  });
  if (input.status === 'completed') {
    const errors: Record<string, string[]> = {};
    for (const finding of findings) {
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
  return { findings, evaluationMs };
}

/** Keeps the findings with the revision just written. */
export const keepFindings = (tx: Tx, revisionId: number, assessment: Assessment) =>
  assessment.findings.length === 0
    ? Promise.resolve()
    : saveRevisionFindings(tx, revisionId, assessment.findings);
