import type { DataQualityRule } from '@dcf/domain/data-quality';
import { cleanSubmissionContent } from '@dcf/domain/submission-content';
import { formAnswers } from '@dcf/forms/answers';
import type { FormDefinition } from '@dcf/forms/components';
import { evaluateDataQuality } from '@dcf/forms/data-quality/evaluate';
import { EvaluationOverBudget, runWithDeadline } from '@dcf/forms/deadline';
import { evaluateForm, evaluateFormForBothModes } from '@dcf/forms/engine/evaluate';
import type {
  BoxFailure,
  BoxRequest,
  BoxResponse,
  CheckReturnResult,
  CheckReturnTask,
  FormRef,
  PrintAnswersTask,
} from './protocol';

/**
 * What an evaluation worker does with a request (decision 0031): everything here is pure, reads no
 * file, no environment and no database, and is all the evaluation of manager-authored logic the server
 * does. worker.ts runs it in a worker process; the tests also call it directly.
 */

/**
 * How many form versions a worker keeps, newest used last. The pool keeps the same list for each
 * worker (pool.ts) and sends a definition only when the worker does not have it: both apply the same
 * operations in the same order, so they agree.
 */
export const FORMS_KEPT = 50;

interface HeldForm {
  definition: FormDefinition;
  rules: readonly DataQualityRule[];
}

/** A first-in, least-recently-used list of keys (a Map keeps insertion order). */
export class KeptKeys<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly size: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export class FormsHeld {
  private readonly forms = new KeptKeys<HeldForm>(FORMS_KEPT);

  /** The form a request names, parsed once per key; undefined when it names a key this worker lacks. */
  resolve(ref: FormRef): HeldForm | undefined {
    if (ref.version) {
      const { definition, rules } = ref.version;
      const held = {
        definition: (typeof definition === 'string' ? JSON.parse(definition) : definition) as FormDefinition,
        rules,
      };
      if (ref.key !== null) this.forms.set(ref.key, held);
      return held;
    }
    return ref.key === null ? undefined : this.forms.get(ref.key);
  }
}

/**
 * When the worker stops itself: at 60% of the budget, early enough before the pool kills it at the
 * budget for the rule or question running then to finish (one rule is at most 100,000 steps, ~20-50 ms
 * quiet, more on a loaded machine) and the answer to arrive, so it can say where it stopped. The pool
 * counts a little more than the worker does (the threads that compile and collect garbage between two
 * requests, /proc's 10 ms ticks), so the margin grows with the budget: 150 ms of 250, 1,200 of 2,000.
 */
export const selfStopMs = (budgetMs: number) => budgetMs * 0.6;

/** The processing time this process has used, ms (every thread: what the pool reads from /proc). */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs one request: its answer, or why there is none. Never throws. */
export function handleRequest(request: BoxRequest, forms: FormsHeld): BoxResponse {
  const { id, task } = request;
  const answer = (body: { ok: true; result: unknown } | { ok: false; error: BoxFailure }): BoxResponse => ({
    id,
    ...body,
    cpuMs: cpuMs(),
  });
  try {
    const form = forms.resolve(task.form);
    if (!form) return answer({ ok: false, error: { type: 'missingForm' } });
    const result = runWithDeadline(
      selfStopMs(request.budgetMs),
      () => (task.type === 'checkReturn' ? checkReturn(task, form) : printAnswers(task, form)),
      cpuMs,
    );
    return answer({ ok: true, result });
  } catch (error) {
    if (error instanceof EvaluationOverBudget)
      return answer({ ok: false, error: { type: 'overBudget', at: error.at } });
    return answer({
      ok: false,
      error: { type: 'failed', message: String((error as Error)?.message ?? error) },
    });
  }
}

/**
 * A save or submit (the same calls the browser makes): the answers as the form keeps them, the
 * messages that block a draft and a submit, and the data quality verdicts on the cleaned answers,
 * evaluated only when the form's checks let this status through.
 */
function checkReturn(task: CheckReturnTask, form: HeldForm): CheckReturnResult {
  const started = performance.now();
  const state = evaluateFormForBothModes(form.definition, cleanSubmissionContent(task.content));
  // What is saved is what the form asks for: unknown keys dropped, hidden answers cleared, calculations set.
  const content = cleanSubmissionContent(state.data);
  const refused = Object.keys(state.errors[task.status]).length > 0;
  const verdicts =
    refused || form.rules.length === 0
      ? []
      : evaluateDataQuality(form.rules, {
          answers: content,
          previous: task.ruleInputs?.previous ?? null,
          stats: task.ruleInputs?.stats ?? {},
        });
  return {
    contentJson: JSON.stringify(content),
    fields: Object.keys(content).length,
    errors: state.errors,
    verdicts,
    evaluationMs: performance.now() - started,
  };
}

/** Every answer in form order, leaving out what the form's conditions hide for these answers. */
function printAnswers(task: PrintAnswersTask, form: HeldForm) {
  const { hidden } = evaluateForm(form.definition, task.content, 'draft');
  return formAnswers(form.definition, task.content, { hidden });
}
