import { type FieldErrors, type FormComponent, walkAnswers } from '../components';
import { messageFor } from './messages';

/**
 * Dates typed in part (`15//2026`: a month still to come), decision 0024. A draft keeps them as typed:
 * an incomplete answer is not a wrong one, and the person may come back with the month. A submit
 * refuses them, naming each missing part ("Date of admission must include a month"). A part typed out
 * of range (day 32, month 13) is a wrong answer: Form.io's own check refuses it in a draft too. One rule
 * for the server and the browser: both run it through evaluateForm.
 */

type Part = 'day' | 'month' | 'year';

export interface PartialDate {
  path: string;
  component: FormComponent;
  missing: Part[];
  /** For a date and time: where the answer was taken from, to put it back after Form.io's pass. */
  holder?: Record<string, unknown>;
  value?: string;
}

const inRange: Record<Part, (n: number) => boolean> = {
  day: (n) => n >= 1 && n <= 31,
  month: (n) => n >= 1 && n <= 12,
  year: (n) => n >= 1000 && n <= 9999,
};

/** The missing parts of a date given by parts, or null when it is complete, empty, or has a part out of range. */
function missingParts(parts: Partial<Record<Part, string>>, asked: readonly Part[]): Part[] | null {
  const missing: Part[] = [];
  for (const part of asked) {
    const typed = (parts[part] ?? '').trim();
    if (typed === '' || /^0+$/.test(typed)) missing.push(part);
    else if (!/^\d+$/.test(typed) || !inRange[part](Number(typed))) return null;
  }
  return missing.length > 0 && missing.length < asked.length ? missing : null;
}

const DAY_PARTS: readonly Part[] = ['day', 'month', 'year'];
/** A date and time as the web form sends it while typed in UK order: `15//2026`, `15//2026 14:30`. */
const UK_PARTS = /^\s*(\d*)\/(\d*)\/(\d*)(?:\s+(\S+))?\s*$/;

/**
 * Finds the partial dates among the answers. A date and time question's partial answer is taken out of
 * the answers (Form.io would call it "not a real date"); put it back with restorePartialDates.
 */
export function setAsidePartialDates(
  components: readonly FormComponent[],
  data: Record<string, unknown>,
): PartialDate[] {
  const found: PartialDate[] = [];
  walkAnswers(components, data, ({ component, value, path, holder }) => {
    if (typeof value !== 'string') return;
    if (component.type === 'day') {
      const values = value.split('/');
      if (values.length !== 3) return;
      const order: Part[] = component.dayFirst === true ? ['day', 'month', 'year'] : ['month', 'day', 'year'];
      const parts = Object.fromEntries(order.map((part, i) => [part, values[i]]));
      const fields = (component.fields ?? {}) as Record<string, { hide?: unknown } | undefined>;
      const missing = missingParts(
        parts,
        DAY_PARTS.filter((part) => fields[part]?.hide !== true),
      );
      if (missing) found.push({ path, component, missing });
    } else if (component.type === 'datetime') {
      const match = UK_PARTS.exec(value);
      if (!match) return;
      const missing = missingParts({ day: match[1], month: match[2], year: match[3] }, DAY_PARTS);
      if (!missing) return;
      found.push({ path, component, missing, holder, value });
      delete holder[component.key as string];
    }
  });
  return found;
}

/**
 * Puts a date and time typed in part back where it was (unless the engine has since hidden its question)
 * and gives each partial date its verdict: nothing for a draft, each missing part for a submit.
 */
export function restorePartialDates(
  partials: readonly PartialDate[],
  hidden: ReadonlySet<string>,
  errors: { draft: FieldErrors; completed: FieldErrors },
) {
  for (const partial of partials) {
    if (hidden.has(partial.path)) continue;
    if (partial.holder && partial.value !== undefined)
      partial.holder[partial.component.key as string] = partial.value;
    delete errors.draft[partial.path];
    const messages = partial.missing.map((part) =>
      messageFor({
        key: `required${part[0]?.toUpperCase()}${part.slice(1)}Field`,
        rule: 'day',
        component: partial.component,
        context: {},
      }),
    );
    // A manager's own message stands for every part: once is enough.
    errors.completed[partial.path] = [...new Set(messages)];
  }
}
