/**
 * A time budget for one evaluation (decision 0031). The server's evaluation box sets a deadline around
 * each evaluation it runs in its worker process; the browser never sets one. The form engine looks at
 * the clock after each rule and each question it processes, and data quality after each rule: past the
 * deadline it stops with EvaluationOverBudget naming where it was, so the person can be told which
 * question or rule ran out of time. The box also kills the worker at the budget itself, for a single
 * step that never returns (every step is bounded by the interpreter's limits, so that should not happen).
 *
 * The budget is processing time, not time on the wall: on a busy machine an evaluation waits for the
 * processor, and that is not the form's fault. The wall clock is read at every check (cheap); only
 * once it passes the deadline is the processing clock read (a system call), and the deadline moved on
 * by what is left of the budget while the processor time used is still under it.
 */
let wallDeadline = Number.POSITIVE_INFINITY;
let processing: { deadline: number; now: () => number } | null = null;

/** Where an evaluation was when its time ran out. */
export interface BudgetPlace {
  /**
   * The question being processed: its data path, key and label, and the property of the rule that was
   * running (`calculateValue`, `conditional.json` ...) when it was one of its rules.
   */
  question?: { path: string; key: string; label: string; property?: string };
  /** The data quality rule being evaluated. */
  rule?: { id: string; name: string };
}

export class EvaluationOverBudget extends Error {
  constructor(readonly at: BudgetPlace) {
    super('the evaluation ran out of time');
    this.name = 'EvaluationOverBudget';
  }
}

/**
 * Runs `run` with a budget of `budgetMs` from now; the engine stops past it. `processingNow` is the
 * processing clock in ms (the worker's CPU time); without one the wall clock is the budget's.
 */
export function runWithDeadline<T>(budgetMs: number, run: () => T, processingNow?: () => number): T {
  wallDeadline = performance.now() + budgetMs;
  processing = processingNow ? { deadline: processingNow() + budgetMs, now: processingNow } : null;
  try {
    return run();
  } finally {
    wallDeadline = Number.POSITIVE_INFINITY;
    processing = null;
  }
}

/** True once the current evaluation's budget is spent (never without one). */
export function pastDeadline(): boolean {
  if (wallDeadline === Number.POSITIVE_INFINITY || performance.now() <= wallDeadline) return false;
  if (!processing) return true;
  const used = processing.now();
  if (used > processing.deadline) return true;
  // Waiting for the processor is not spending the budget: what is left cannot be spent sooner.
  wallDeadline = performance.now() + (processing.deadline - used);
  return false;
}
