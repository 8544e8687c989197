import { childLists, dataShapeOf, type FormComponent, innerDataKey, isMultiValue } from '../components';
import { pruneAnswers } from '../engine/answers-data';
import { defaultAnswers, evaluateForm } from '../engine/evaluate';
import { isDict } from '../logic/values';
import { answerSets, validAnswers } from './answer-sets';

/**
 * For tests: the answers a clerk can type into the form page for a corpus form, for the browser round
 * trip (e2e/form-corpus-round-trip.spec.ts): the corpus sample (or the valid return of a form that asks
 * for one exact text), with what cannot be typed set as the page keeps it: files left out (uploads,
 * covered by their own test), a question the form itself hides (`hidden: true`) left at its default, a
 * signature typed as a name, a date question that takes no time at midnight London time, a multi-value
 * question's single answer as a list of one. corpus-verdicts.test.ts checks Form.io accepts them.
 */

type Answers = Record<string, unknown>;

/** A date question that takes a time (Form.io's `enableTime`, and a format with hours). */
export const takesTime = (c: FormComponent) =>
  c.enableTime !== false && /[hH]/.test(typeof c.format === 'string' && c.format !== '' ? c.format : 'h');

/** The answers a clerk can type for the corpus form `name` (its stored components, as the engine reads them). */
export function typeableAnswers(name: string, components: FormComponent[]): Answers {
  const sample = structuredClone(validAnswers[name] ?? (answerSets(components as never)[0]?.[1] as Answers));
  const defaults = defaultAnswers({ display: 'form', components });
  const visit = (list: FormComponent[], holder: Answers, defaultsHere: Answers, hidden: boolean) => {
    for (const c of list) {
      const shape = dataShapeOf(c);
      const key = typeof c.key === 'string' ? c.key : '';
      const hiddenHere = hidden || c.hidden === true;
      if (shape === 'content') continue;
      if (shape === 'layout') {
        for (const children of childLists(c)) visit(children, holder, defaultsHere, hiddenHere);
        continue;
      }
      if (!key) continue;
      if (hiddenHere && shape === 'value') {
        // Never drawn: the answer is the form's default, as the page keeps it.
        if (defaultsHere?.[key] === undefined) delete holder[key];
        else holder[key] = structuredClone(defaultsHere[key]);
        continue;
      }
      const value = holder[key];
      if (shape === 'object' && isDict(value)) {
        const inner = innerDataKey(c);
        const target = inner ? (value[inner] as Answers) : value;
        const innerDefaults = (defaultsHere?.[key] ?? {}) as Answers;
        for (const children of childLists(c))
          visit(
            children,
            target,
            ((inner ? innerDefaults[inner] : innerDefaults) ?? {}) as Answers,
            hiddenHere,
          );
        continue;
      }
      if (shape === 'rows' && Array.isArray(value)) {
        for (const row of value)
          if (isDict(row)) for (const children of childLists(c)) visit(children, row, {}, hiddenHere);
        continue;
      }
      if (value === undefined) continue;
      if (c.type === 'file') delete holder[key];
      else if (c.type === 'signature') holder[key] = 'Ann Clerk';
      else if (c.type === 'datetime' && typeof value === 'string' && !takesTime(c))
        holder[key] = `${value.slice(0, 10)}T00:00:00+01:00`;
      else if (isMultiValue(c) && !Array.isArray(value)) holder[key] = [value];
    }
  };
  visit(components, sample, defaults, false);
  // What the engine keeps: answers its conditions hide are dropped, as the page and the server drop them.
  return evaluateForm({ display: 'form', components }, pruneAnswers(components as never, sample), 'draft')
    .data;
}
