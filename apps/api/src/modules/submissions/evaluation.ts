import { cleanSubmissionContent } from '@dcf/domain/submission-content';
import { answerLimits, returnBytes, returnTooLargeMessage } from '@dcf/forms/engine/answers-data';
import type { Db, Tx } from '../../db/database';
import { EvaluationFailure } from '../../platform/evaluation-box/pool';
import { evaluationProblem, noteOverBudget } from '../../platform/evaluation-box/problems';
import type { CheckReturnResult } from '../../platform/evaluation-box/protocol';
import type { Deps } from '../../platform/route-module';
import type { FormVersion } from './form-definitions';
import { ruleInputsOf } from './rule-inputs-held';

/**
 * A save's checking (decision 0031): in the evaluation box, in one round trip, the answers against the
 * form (the same engine the browser runs: one pass for "may this draft be saved?" and "is it ready to
 * submit?") and its data quality rules on the cleaned answers. What the rules read beyond the answers
 * (the organisation's last return, last period's statistics) is given to it (the box has no database):
 * held per return by this process (rule-inputs-held.ts), or read again in the save's transaction. The
 * outcome is settled, not thrown: the save says it only after its own checks (lock, window, base
 * revision), as before.
 */
export type Checked = ({ ok: true; result: CheckReturnResult } | { ok: false; error: unknown }) & {
  /** The stamp of the rules' inputs it used (null: the form has no rules, or none were read). */
  ruleInputsStamp: string | null;
};

export interface CheckScene {
  db: Db;
  box: Deps['box'];
  log: { warn(details: object, message: string): void };
  submissionId: number;
  userId: number;
  requestId: string;
}

export async function checkAnswers(
  scene: CheckScene,
  /** Where the rules' inputs are read: the database, or the save's transaction when it must be. */
  reader: Db | Tx,
  version: FormVersion,
  body: { content: Record<string, unknown>; status: 'draft' | 'completed' },
  /** Read the rules' inputs again (in the transaction) rather than use those this process holds. */
  fresh: boolean,
): Promise<Checked> {
  const tooLarge = tooLargeToCheck(body.content);
  if (tooLarge) return { ok: true, result: tooLarge, ruleInputsStamp: null };
  let ruleInputsStamp: string | null = null;
  try {
    const inputs =
      version.rules.length > 0
        ? await ruleInputsOf(scene.db, reader, scene.submissionId, version, fresh)
        : null;
    ruleInputsStamp = inputs?.stamp ?? null;
    const result = await scene.box.checkReturn({
      form: { key: version.key, version: { definition: version.definitionJson, rules: version.rules } },
      content: body.content,
      status: body.status,
      ruleInputs: inputs && { previous: inputs.previous?.answers ?? null, stats: inputs.stats },
    });
    return { ok: true, result, ruleInputsStamp };
  } catch (error) {
    if (!(error instanceof EvaluationFailure)) return { ok: false, error, ruleInputsStamp };
    await noteOverBudget(
      scene.db,
      error,
      {
        formId: version.formId,
        formKey: version.key,
        collectionId: version.collectionId,
        userId: scene.userId,
        requestId: scene.requestId,
      },
      scene.log,
    );
    return { ok: false, error: evaluationProblem(error, 'save'), ruleInputsStamp };
  }
}

/**
 * A return over the size limit (decision 0014) is refused here, with the engine's own verdict and message,
 * before it is copied to a worker: copying and reading megabytes there could use up the evaluation's time
 * budget, and the clerk would be told the form cannot be checked instead of what to shorten. The common
 * case costs one JSON.stringify of the answers; the cleaned answers (what the engine measures) are
 * measured only when the raw ones are over the limit.
 */
function tooLargeToCheck(content: Record<string, unknown>): CheckReturnResult | null {
  if (returnBytes(content) <= answerLimits.maxReturnBytes) return null;
  const bytes = returnBytes(cleanSubmissionContent(content));
  if (bytes <= answerLimits.maxReturnBytes) return null;
  const errors = { form: [returnTooLargeMessage(bytes)] };
  return {
    contentJson: '{}',
    fields: 0,
    errors: { draft: errors, completed: errors },
    verdicts: [],
    evaluationMs: 0,
  };
}

/** The result, or the failure thrown: where the save gives its verdict. */
export function verdictOf(checked: Checked): CheckReturnResult {
  if (!checked.ok) throw checked.error;
  return checked.result;
}
