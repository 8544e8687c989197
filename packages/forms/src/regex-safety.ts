/**
 * A question's `validate.pattern` runs against every answer on the server; a pattern with nested
 * repetition such as `(a+)+$` takes exponential time on a crafted answer (ReDoS) and would stall the
 * API for everyone. This is the classic star-height check: a repeated group that itself contains a
 * repetition is refused, as is a pattern that does not compile or is unreasonably long.
 */
export const MAX_PATTERN_LENGTH = 500;

export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(`^(?:${pattern})$`);
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message})`;
  }
  return hasNestedRepetition(pattern)
    ? 'repeats a group that itself repeats (such as (a+)+), which can take forever to check'
    : null;
}

const isQuantifierAt = (pattern: string, i: number) => {
  const ch = pattern[i];
  if (ch === '*' || ch === '+') return true;
  if (ch === '{') return /^\{\d+,\d*\}/.test(pattern.slice(i)) && !/^\{(\d+),\1\}/.test(pattern.slice(i));
  return false;
};

/** True when a quantified group contains a quantifier. */
function hasNestedRepetition(pattern: string): boolean {
  // For each open group: whether something inside it repeats.
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(false);
    else if (ch === ')') {
      const innerRepeats = stack.pop() ?? false;
      if (isQuantifierAt(pattern, i + 1) && innerRepeats) return true;
      if (stack.length > 0 && innerRepeats) stack[stack.length - 1] = true;
      if (stack.length > 0 && isQuantifierAt(pattern, i + 1)) stack[stack.length - 1] = true;
    } else if (isQuantifierAt(pattern, i) && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}
