import { RE2JS } from 're2js';

/**
 * Patterns in linear time (decision 0030, issue 23 item 3). Every pattern a form's answers are matched
 * against (a question's `validate.pattern`, and Form.io's email and URL checks) runs on RE2's engine
 * (re2js, pure JavaScript: the same verdict in the browser and on the server), whose time grows with
 * the answer's length, never exponentially: a backtracking engine (V8's) takes seconds on a crafted
 * answer to `(a+)+$` or `(\w|\d)+x` (ReDoS).
 *
 * Patterns are written in JavaScript's syntax (Form.io's), translated to RE2's with JavaScript's
 * meaning kept where the two differ: `\s` and `\S` are JavaScript's white space (RE2's is ASCII only),
 * `.` excludes the four line terminators, `\uXXXX` is a character. RE2 has no backreferences (`\1`) and
 * no lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`): a pattern that uses them is refused on upload, naming the
 * question. Other differences, kept: a character outside the Basic Multilingual Plane is one character
 * (JavaScript without the `u` flag sees two), and `\S` inside `[...]` is RE2's (not tab, newline, form
 * feed, return or space).
 */

export const MAX_PATTERN_LENGTH = 500;

/** JavaScript's white space and line terminators (what `\s` matches), as RE2 class contents. */
const WHITE_SPACE = String.raw`\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
/** What JavaScript's `.` matches without the `s` flag. */
const ANY_BUT_LINE_END = String.raw`[^\n\r\x{2028}\x{2029}]`;

export class PatternError extends Error {}

/** A JavaScript pattern in RE2's syntax, or PatternError saying why it cannot be. */
export function toRe2(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new PatternError('it ends with a lone "\\"');
      i++;
      if (next === 'u') {
        const hex = pattern.slice(i + 1, i + 5);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          throw new PatternError('"\\u" must be followed by four hex digits');
        out += `\\x{${hex}}`;
        i += 4;
      } else if (next === 's') out += inClass ? WHITE_SPACE : `[${WHITE_SPACE}]`;
      else if (next === 'S') out += inClass ? '\\S' : `[^${WHITE_SPACE}]`;
      else if (/[1-9]/.test(next))
        throw new PatternError(
          `it refers back to a group ("\\${next}"), which cannot be checked in linear time`,
        );
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
      continue;
    }
    if (ch === '[') {
      // JavaScript: "[]" matches nothing and "[^]" anything; RE2 would read "]" as a member.
      const negated = pattern[i + 1] === '^';
      if (pattern[i + (negated ? 2 : 1)] === ']') {
        out += negated ? String.raw`[\x{0}-\x{10FFFF}]` : String.raw`[^\x{0}-\x{10FFFF}]`;
        i += negated ? 2 : 1;
        continue;
      }
      inClass = true;
      out += ch;
      if (negated) {
        out += '^';
        i++;
      }
      continue;
    }
    if (ch === '(' && pattern[i + 1] === '?' && /^(?:=|!|<=|<!)/.test(pattern.slice(i + 2)))
      throw new PatternError(
        'it looks ahead or behind ("(?=", "(?!", "(?<=", "(?<!"), which cannot be checked in linear time',
      );
    out += ch === '.' ? ANY_BUT_LINE_END : ch;
  }
  return out;
}

/** Compiled patterns by source; a form has a few, so the cache is small and cleared when full. */
const compiled = new Map<string, RE2JS | PatternError>();

/** RE2 for a JavaScript pattern as Form.io builds it (`^${pattern}$`, so `a|b` is `^a|b$`), or PatternError. */
function compileAnchored(pattern: string): RE2JS {
  let entry = compiled.get(pattern);
  if (entry === undefined) {
    try {
      if (pattern.length > MAX_PATTERN_LENGTH)
        throw new PatternError(`it is longer than ${MAX_PATTERN_LENGTH} characters`);
      entry = RE2JS.compile(`^${toRe2(pattern)}$`);
    } catch (error) {
      entry =
        error instanceof PatternError
          ? error
          : new PatternError(`it is not a pattern we can check (${(error as Error).message})`);
    }
    if (compiled.size >= 500) compiled.clear();
    compiled.set(pattern, entry);
  }
  if (entry instanceof PatternError) throw entry;
  return entry;
}

/** Why a question's pattern cannot be used (upload), or null when it can. */
export function patternProblem(pattern: string): string | null {
  try {
    compileAnchored(pattern);
    return null;
  } catch (error) {
    if (error instanceof PatternError) return error.message;
    throw error;
  }
}

/** Whether an answer matches a question's pattern as Form.io means it, in linear time. Throws PatternError. */
export const matchesPattern = (pattern: string, value: string): boolean =>
  compileAnchored(pattern).test(value);
