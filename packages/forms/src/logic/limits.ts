/**
 * The bounds every evaluation of JSON Logic runs within (decision 0030). Exceeding one throws a
 * LogicLimitError naming it; the form engine then says the form cannot be checked (naming the question
 * and property) and data quality shows the rule as not checked. None is near what a real rule needs: the
 * largest rule of the corpus visits ~40 nodes, a 500-row grid's column total ~1,500 steps.
 */
export const logicLimits = {
  /**
   * Work units per evaluation of one rule: one per node visited (an operation, an argument, one
   * element of map/filter/reduce/all/some/none), plus one per 256 characters or elements of every text
   * or list an operation builds, compares or searches. ~10-20 ms of CPU at most.
   */
  maxSteps: 100_000,
  /** Nesting of a rule (operations inside operations) and of the values it walks (lists in lists). */
  maxDepth: 64,
  /** Nodes in one rule as written (operations, arguments, literals). */
  maxNodes: 10_000,
  /** Elements of any list a rule builds or writes (an answer may hold more: reading it is free). */
  maxArrayLength: 10_000,
  /** Characters of any text a rule builds or writes (an answer is at most 10,000). */
  maxStringLength: 100_000,
} as const;

export type LogicBound = keyof typeof logicLimits;
