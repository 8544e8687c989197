import type { FormComponent } from '../components';
import { fillTemplate } from '../templates';

/**
 * Error messages in our wording, the NHS error message style: specific to the question, saying what to
 * do, and readable on their own in the error summary ("Enter number of beds", "Date of admission must
 * include a month"), never Form.io's keys or its "X is required". A manager's own message
 * (`validate.customMessage`, `errors.<rule>`, or the text a JSON Logic validation returns) wins.
 */

/** The spec's generic required message, for a question with no words to name it by. */
export const REQUIRED_FALLBACK = 'Please fill in this field';

/** Form.io's error keys that only a submit checks: a draft may be incomplete (decision 0014). */
export const COMPLETENESS_ERRORS: ReadonlySet<string> = new Set([
  'required',
  'requiredDayEmpty',
  'requiredDayField',
  'requiredMonthField',
  'requiredYearField',
  'requiredSurvey',
  'array_nonempty',
  'min',
  'max',
  'minLength',
  'minWords',
  'minSelectedCount',
  'maxSelectedCount',
  'minDate',
  'maxDate',
  'minYear',
  'maxYear',
  'custom',
  'json',
  'jsonLogic',
  'unique',
]);

const CHOICE_TYPES = new Set(['select', 'radio', 'selectboxes', 'checkbox', 'survey']);

/** The words naming a question in a message: its error label, label, placeholder or key. */
export function questionName(c: FormComponent): string {
  for (const text of [c.errorLabel, c.label, c.placeholder, c.title, c.legend])
    if (typeof text === 'string' && text.trim() !== '') return text.trim().replace(/[\s:*]+$/, '');
  return '';
}

/** "Number of beds" -> "number of beds", keeping "NHS number" and "A&E visits" as they are. */
export function inSentence(name: string): string {
  if (/^\p{Lu}\p{Ll}/u.test(name)) return name[0]?.toLowerCase() + name.slice(1);
  return name;
}

/** A number from Form.io's error context as people write it: 2,000 and 0.5. */
const num = (value: unknown): string => {
  const n = Number(value);
  return value !== '' && value !== null && Number.isFinite(n)
    ? n.toLocaleString('en-GB', { maximumFractionDigits: 10 })
    : String(value ?? '');
};

const isQuestion = (name: string) => name.endsWith('?') || name.length > 80;

export interface ErrorFacts {
  /** Form.io's error key ('required', 'maxLength', 'requiredMonthField' ...) or a manager's message. */
  key: string;
  /** Form.io's rule name ('required', 'day', 'custom', 'json' ...). */
  rule: string;
  component: FormComponent;
  /** Form.io's error context: min, max, length, minCount, maxCount, minDate, maxDate, minYear, maxYear. */
  context: Record<string, unknown>;
}

/**
 * A manager's message with its `{{ }}` filled in (templates.ts): `{{ field }}` (or `label`,
 * `component.label`) is the question's name, `{{ min }}`, `{{ max }}` ... the rule's own figures, and
 * `{{ data.x }}` / `{{ row.x }}` / `{{ value }}` the answers, read through own properties only.
 */
function interpolate(template: string, name: string, context: Record<string, unknown>): string {
  if (!template.includes('{{')) return template;
  const roots: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(context)) {
    const value = context[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      roots[key] = value;
  }
  for (const key of ['data', 'row', 'value'])
    if (Object.hasOwn(context, key) && typeof context[key] !== 'function') roots[key] = context[key];
  roots.field = name;
  roots.label = name;
  roots.component = { label: name };
  return fillTemplate(template, roots);
}

/** One error in our words. */
export function messageFor({ key, rule, component, context }: ErrorFacts): string {
  const name = questionName(component);
  const custom = customMessage(component, key, rule);
  if (custom) return interpolate(custom, name || 'This answer', context);
  // A JSON Logic (or converted custom) validation returns the manager's own message.
  if ((rule === 'json' || rule === 'custom') && key !== 'jsonLogic' && key !== 'custom' && key.trim() !== '')
    return interpolate(key, name || 'This answer', context);
  const noun = name ? inSentence(name) : '';
  const subject = name || 'This answer';
  const choice = CHOICE_TYPES.has(String(component.type));
  switch (key) {
    case 'required':
    case 'array_nonempty':
    case 'requiredDayEmpty':
    case 'requiredSurvey':
      if (!name) return REQUIRED_FALLBACK;
      if (isQuestion(name)) return choice ? `Select an answer to '${name}'` : `Enter an answer to '${name}'`;
      if (component.type === 'checkbox') return `Select '${name}'`;
      if (component.type === 'selectboxes' || component.type === 'survey') return `Select ${noun}`;
      return choice ? `Select ${noun}` : `Enter ${noun}`;
    case 'requiredDayField':
      return `${subject} must include a day`;
    case 'requiredMonthField':
      return `${subject} must include a month`;
    case 'requiredYearField':
      return `${subject} must include a year`;
    case 'invalidDay':
    case 'invalid_day':
    case 'invalidDate':
    case 'invalid_date':
      return `${subject} must be a real date`;
    case 'time':
      return `${subject} must be a real time, like 09:30 or 17:45`;
    case 'number':
      return `${subject} must be a number`;
    case 'min':
      return `${subject} must be ${num(context.min)} or more`;
    case 'max':
      return `${subject} must be ${num(context.max)} or less`;
    case 'minLength':
      return `${subject} must be ${num(context.length)} characters or more`;
    case 'maxLength':
      return `${subject} must be ${num(context.length)} characters or fewer`;
    case 'minWords':
      return `${subject} must be ${num(context.length)} words or more`;
    case 'maxWords':
      return `${subject} must be ${num(context.length)} words or fewer`;
    case 'minSelectedCount':
      return `Select at least ${num(context.minCount)} options for ${noun || 'this question'}`;
    case 'maxSelectedCount':
      return `Select no more than ${num(context.maxCount)} options for ${noun || 'this question'}`;
    case 'minDate':
      return `${subject} must be the same as or after ${context.minDate}`;
    case 'maxDate':
      return `${subject} must be the same as or before ${context.maxDate}`;
    case 'minYear':
      return `${subject} must be in ${context.minYear} or later`;
    case 'maxYear':
      return `${subject} must be in ${context.maxYear} or earlier`;
    case 'invalid_email':
      return `Enter ${noun || 'an email address'} in the correct format, like name@example.com`;
    case 'invalid_url':
      return `Enter ${noun || 'a web address'} in the correct format, like https://www.nhs.uk`;
    case 'pattern':
    case 'invalid_regex':
    case 'mask':
      return `${subject} must be in the correct format`;
    case 'invalidOption':
    case 'select':
    case 'invalidValueProperty':
      if (name && isQuestion(name)) return `Select an answer to '${name}' from the options given`;
      return `Select ${noun || 'an answer'} from the options given`;
    case 'array':
      return `${subject} must be a list of answers`;
    case 'nonarray':
      return `${subject} must be a single answer`;
    case 'unique':
      return `${subject} must be different from answers already given`;
  }
  return `${subject} is not valid`;
}

function customMessage(component: FormComponent, key: string, rule: string): string | null {
  const errors = component.errors as Record<string, unknown> | undefined;
  for (const candidate of [errors?.[key], errors?.[rule], component.dcfCustomMessage])
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  return null;
}

/** Whether an error blocks only a submit (a draft may be incomplete). */
export function isCompletenessError(key: string, rule: string): boolean {
  if (COMPLETENESS_ERRORS.has(key)) return true;
  // A manager's message replaces the key: the rule name says what kind of check it was ('day' names
  // both a missing part and an impossible date, so it cannot).
  return rule !== 'day' && COMPLETENESS_ERRORS.has(rule);
}
