import type { Answers, FieldErrors, FormComponent, FormDefinition } from '../components';
import { walkComponents } from '../components';
import { EvaluationOverBudget } from '../deadline';
import { stripDefinition } from '../inspect-definition';
import {
  addError,
  answerLimits,
  checkAnswerLengths,
  checkChoices,
  normaliseDates,
  pruneAnswers,
  returnBytes,
  returnTooLargeMessage,
} from './answers-data';
import { configureFormio, defaultProcessors, processComponents, processors } from './formio';
import { isCompletenessError, messageFor } from './messages';
import { restorePartialDates, setAsidePartialDates } from './partial-dates';
import { type LogicFailure, type UncheckedRule, uncheckedMessage, uncheckedRules } from './unchecked';

export interface FormState {
  /**
   * The answers as they are kept: unknown keys dropped, conditionally hidden answers cleared (as
   * Form.io's clearOnHide says), calculated values set, UK-order dates as ISO.
   */
  data: Answers;
  /** Data paths (`staff[0].grade`; a layout component's key path) of components conditionally hidden now. */
  hidden: ReadonlySet<string>;
  /** The messages that block this mode, in our wording, by data path (`form` for the whole return). */
  errors: FieldErrors;
  /**
   * The form's rules that could not be evaluated (a bound of the interpreter passed, an operation we
   * do not support): while there is one, `errors.form` of a submit says the form cannot be checked (a
   * draft is still kept). Empty when every rule ran. Decision 0030.
   */
  unchecked: readonly UncheckedRule[];
}

export type Mode = 'draft' | 'completed';

interface Prepared {
  components: FormComponent[];
  /** Form.io's logic actions change components while they run: evaluate a fresh copy each time. */
  mutates: boolean;
}

const prepared = new WeakMap<object, Prepared>();

/**
 * A definition ready for the engine, once per definition object: code stripped (stripDefinition), and
 * each question's `validate.customMessage` moved where Form.io does not apply it, so the engine still
 * knows which rule failed (a draft skips completeness rules) and applies the message itself.
 */
function prepare(definition: FormDefinition): Prepared {
  const cached = prepared.get(definition);
  if (cached) return cached;
  const { components } = stripDefinition(definition);
  let mutates = false;
  walkComponents(components, ({ component }) => {
    const validate = component.validate as Record<string, unknown> | undefined;
    if (validate && typeof validate.customMessage === 'string') {
      if (validate.customMessage.trim() !== '') component.dcfCustomMessage = validate.customMessage;
      delete validate.customMessage;
    }
    if (Array.isArray(component.logic) && component.logic.length > 0) mutates = true;
  });
  const result = { components, mutates };
  prepared.set(definition, result);
  return result;
}

interface FormioError {
  errorKeyOrMessage: string;
  ruleName: string;
  context: { component: FormComponent; path: string; [other: string]: unknown };
}

interface Scope extends Record<string, unknown> {
  errors: FormioError[];
  /** Filled by our recordHidden processor (engine/formio.ts). */
  hidden?: Set<string>;
  /** Rules that could not be evaluated, noted by the Form.io glue (engine/formio.ts). */
  logicFailures?: LogicFailure[];
}

/**
 * THE form engine: one call that the browser runs on every change and the server on every save, so
 * both give the same verdict. Runs Form.io's own processors (calculations, logic, conditions,
 * clear-on-hide, validation) with evaluation of code impossible (engine/formio.ts) on a definition
 * stripped of code, then our checks: unknown keys, answer sizes, static choice lists.
 *
 * A draft is checked for types, lengths and patterns only; a submit ('completed') for everything.
 */
export function evaluateForm(definition: FormDefinition, answers: Answers, mode: Mode): FormState {
  const { data, hidden, errors, unchecked } = evaluateFormForBothModes(definition, answers);
  return { data, hidden, errors: errors[mode], unchecked };
}

/** evaluateForm's one pass giving both verdicts (the server asks "may this draft be saved?" and "is it ready?"). */
export function evaluateFormForBothModes(
  definition: FormDefinition,
  answers: Answers,
): Omit<FormState, 'errors'> & { errors: Record<Mode, FieldErrors> } {
  configureFormio();
  const bytes = returnBytes(answers);
  if (bytes > answerLimits.maxReturnBytes) {
    const errors = { form: [returnTooLargeMessage(bytes)] };
    return { data: {}, hidden: new Set(), errors: { draft: errors, completed: errors }, unchecked: [] };
  }

  const { components: prepared, mutates } = prepare(definition);
  const components = mutates ? structuredClone(prepared) : prepared;
  const data = pruneAnswers(components, answers);
  normaliseDates(components, data);
  const partialDates = setAsidePartialDates(components, data);

  const scope: Scope = { errors: [] };
  try {
    quietly(() => processComponents({ components, data, processors, scope }));
  } catch (error) {
    // The server's time budget ran out (deadline.ts): the box answers that, not a verdict.
    if (error instanceof EvaluationOverBudget) throw error;
    // A definition Form.io cannot process (stored before the checks on upload): say so, keep the answers.
    const errors = { form: [formCannotBeChecked] };
    return { data, hidden: new Set(), errors: { draft: errors, completed: errors }, unchecked: [] };
  }
  const hidden: ReadonlySet<string> = scope.hidden ?? new Set();

  const draft: FieldErrors = {};
  const completed: FieldErrors = {};
  for (const error of scope.errors) {
    const key = String(error.errorKeyOrMessage ?? '');
    const rule = String(error.ruleName ?? key);
    const { component, path } = error.context;
    const message = messageFor({ key, rule, component, context: error.context });
    // A required multi-value question not answered at all is also Form.io's 'array': missing, not
    // wrong, and its required message says so.
    if (key === 'array' && (error.context.value === undefined || error.context.value === null)) continue;
    const where = path || String(component.key ?? 'form');
    addError(completed, where, message);
    if (!isCompletenessError(key, rule)) addError(draft, where, message);
  }
  // A rule that cannot be evaluated blocks a submit (never passed over); a draft is still kept.
  const unchecked = uncheckedRules(scope.logicFailures ?? []);
  for (const rule of unchecked) addError(completed, 'form', uncheckedMessage(rule));
  // Sizes and choice lists block a draft and a submit alike.
  const always: FieldErrors = {};
  checkAnswerLengths(components, data, always);
  checkChoices(components, data, hidden, always);
  for (const [path, messages] of Object.entries(always))
    for (const message of messages) {
      addError(draft, path, message);
      addError(completed, path, message);
    }
  restorePartialDates(partialDates, hidden, { draft, completed });
  return { data, hidden, errors: { draft, completed }, unchecked };
}

/**
 * Form.io logs "Validator error: ..." to the console when a rule meets a value it cannot check (an
 * empty number with a maximum, an empty day with a year limit); the rule gives no error. Those lines
 * would be console errors on every keystroke in the browser: keep them out.
 */
function quietly(run: () => void) {
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (args[0] !== 'Validator error:') error(...args);
  };
  try {
    run();
  } finally {
    console.error = error;
  }
}

/**
 * The answers a new return starts with: each question's default (`defaultValue`, or a JSON Logic
 * `customDefaultValue`). The engine never fills defaults in on its own: a question a person cleared
 * stays cleared.
 */
export function defaultAnswers(definition: FormDefinition): Answers {
  configureFormio();
  const { components: prepared, mutates } = prepare(definition);
  const components = mutates ? structuredClone(prepared) : prepared;
  const data: Answers = {};
  try {
    quietly(() => processComponents({ components, data, processors: defaultProcessors, scope: {} }));
  } catch {
    return {};
  }
  return data;
}

export const formCannotBeChecked =
  'This form cannot check answers because its definition is broken. Ask the collection manager to upload it again.';
