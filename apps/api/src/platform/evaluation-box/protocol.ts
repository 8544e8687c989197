import type { DataQualityRule } from '@dcf/domain/data-quality';
import type { AnswerItem } from '@dcf/forms/answers';
import type { FieldErrors } from '@dcf/forms/components';
import type { Verdict } from '@dcf/forms/data-quality/evaluate';
import type { BudgetPlace } from '@dcf/forms/deadline';

/**
 * The messages between the API and its evaluation workers (decision 0031), sent over the IPC channel
 * with Node's advanced serialization (the structured clone algorithm: no JSON text in between). One
 * request and one response per evaluation; a worker runs one request at a time.
 *
 * A form version is sent once per worker: a request names it by `key` and carries the definition only
 * when the pool has not sent that key to that worker yet (or the worker says it no longer has it).
 */

/** A form version as a task names it. */
export interface FormRef {
  /** `${formId}:${rowVersion}`: the same key is the same definition and rules. null: do not keep it. */
  key: string | null;
  /** The definition (as JSON text, or an object) and rules, when the worker may not have them. */
  version?: { definition: string | Readonly<Record<string, unknown>>; rules: readonly DataQualityRule[] };
}

/** A save or submit: the answers checked against the form, and its data quality rules. */
export interface CheckReturnTask {
  type: 'checkReturn';
  form: FormRef;
  /** The answers as the client sent them. */
  content: Record<string, unknown>;
  status: 'draft' | 'completed';
  /** What the data quality rules read beyond the answers (loaded by the API: the worker has no database). */
  ruleInputs: { previous: Record<string, unknown> | null; stats: Record<string, unknown> } | null;
}

export interface CheckReturnResult {
  /** The answers as they are saved (cleaned by the engine), as JSON text, and how many there are. */
  contentJson: string;
  fields: number;
  errors: { draft: FieldErrors; completed: FieldErrors };
  /** The data quality rules the answers fail; empty when the form's checks refused this status. */
  verdicts: Verdict[];
  /** Milliseconds the worker spent evaluating. */
  evaluationMs: number;
}

/** The PDF's part: every answer in form order, without what the form's conditions hide. */
export interface PrintAnswersTask {
  type: 'printAnswers';
  form: FormRef;
  content: Record<string, unknown>;
}

export type BoxTask = CheckReturnTask | PrintAnswersTask;

export interface BoxResults {
  checkReturn: CheckReturnResult;
  printAnswers: AnswerItem[];
}

export interface BoxRequest {
  id: number;
  /**
   * The time budget, in processing time (CPU ms): the worker stops itself before it (naming where it
   * was, tasks.ts); the pool kills it once it has used it (pool.ts).
   */
  budgetMs: number;
  task: BoxTask;
}

export type BoxResponse = (
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: BoxFailure }
) & {
  /** The processing time the worker has used so far, ms: the pool measures the next request from it. */
  cpuMs: number;
};

export type BoxFailure =
  /** The time ran out: where, when the worker stopped itself. */
  | { type: 'overBudget'; at: BudgetPlace }
  /** The request named a form version the worker does not hold: send it again with the version. */
  | { type: 'missingForm' }
  /** Anything else the worker threw (a bug): its message. */
  | { type: 'failed'; message: string };

/** The first message of a worker: it has loaded and waits for requests. */
export interface BoxReady {
  ready: true;
  cpuMs: number;
}
