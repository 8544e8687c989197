import type { Db } from '../../db/database';
import { writeAudit } from '../audit';
import { HttpProblem } from '../errors';
import type { EvaluationFailure } from './pool';

/**
 * What people are told when the box gives no verdict (decision 0031). The person saving (or printing)
 * gets a 422 `form_cannot_be_checked` that names the question or data quality rule where the
 * evaluation stopped, when the worker could say; nothing is saved. The form's fault is recorded for
 * the people who can mend it: an audit entry `form.evaluationOverBudget` on the form (administrators'
 * audit log, by collection), a warning log line and the `dcf_evaluation_timeouts_total` metric for
 * operators. A worker that died for another reason, or none that would start, is the service's fault:
 * a 500, logged.
 */

export const formCannotBeCheckedTitle = 'This form cannot be checked';

/** Where the evaluation stopped, in words: " It stopped at the question 'Beds' (calculateValue)." */
function where(failure: EvaluationFailure): string {
  const { question, rule } = failure.at;
  if (question) {
    const name = question.label || question.key;
    return ` It stopped at the question '${name}'${question.property ? ` (${question.property})` : ''}.`;
  }
  if (rule) return ` It stopped at the data quality rule '${rule.name}'.`;
  return '';
}

/** The sentence a person reads: what ran over, where, and what to do. */
export function cannotBeCheckedDetail(failure: EvaluationFailure, doing: 'save' | 'print'): string {
  const what =
    doing === 'save' ? 'Checking the answers against this form' : 'Working out what this form shows';
  const over =
    failure.reason === 'memory'
      ? `${what} needed more memory than is allowed.`
      : `${what} took longer than the ${failure.budgetMs.toLocaleString('en-GB')} ms allowed.`;
  const outcome = doing === 'save' ? ' Nothing has been saved.' : '';
  return `${over}${where(failure)}${outcome} Ask the collection manager to correct the form.`;
}

/** The answer to the request: 422 when the form's rules ran over a budget, else 500. */
export function evaluationProblem(failure: EvaluationFailure, doing: 'save' | 'print'): HttpProblem | Error {
  if (failure.reason !== 'time' && failure.reason !== 'memory') return failure;
  return new HttpProblem('form_cannot_be_checked', formCannotBeCheckedTitle, {
    detail: cannotBeCheckedDetail(failure, doing),
  });
}

/** One audit entry per form version and reason per 10 minutes and process: a rush of saves writes one. */
const NOTE_EVERY_MS = 10 * 60_000;
const noted = new WeakMap<Db, Map<string, number>>();

export interface FailureScene {
  formId: number;
  /** The form version's key (`formId:rowVersion`). */
  formKey: string;
  collectionId: number;
  organisationId?: number | null;
  userId: number;
  requestId: string;
}

/**
 * Records a form's rules running over a budget where the manager's side sees it (the audit log), at
 * most every 10 minutes per form version. Best effort: a failure to write it is logged, never answered.
 */
export async function noteOverBudget(
  db: Db,
  failure: EvaluationFailure,
  scene: FailureScene,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  if (failure.reason !== 'time' && failure.reason !== 'memory') return;
  const details = {
    formId: scene.formId,
    collectionId: scene.collectionId,
    kind: failure.kind,
    reason: failure.reason,
    budgetMs: failure.budgetMs,
    ...failure.at,
  };
  log.warn(details, "a form's rules ran over the evaluation budget");
  const times = noted.get(db) ?? new Map<string, number>();
  noted.set(db, times);
  const id = `${scene.formKey}:${failure.reason}`;
  const now = Date.now();
  if ((times.get(id) ?? 0) > now - NOTE_EVERY_MS) return;
  times.set(id, now);
  if (times.size > 1_000) times.delete(times.keys().next().value as string);
  try {
    await writeAudit(db, {
      userId: scene.userId,
      action: 'form.evaluationOverBudget',
      entityType: 'form',
      entityId: scene.formId,
      collectionId: scene.collectionId,
      organisationId: scene.organisationId ?? null,
      after: {
        ...details,
        detail: cannotBeCheckedDetail(failure, failure.kind === 'printAnswers' ? 'print' : 'save'),
      },
      requestId: scene.requestId,
    });
  } catch (error) {
    log.warn({ err: error }, 'the audit entry of an evaluation over budget could not be written');
  }
}
