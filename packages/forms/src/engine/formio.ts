import { ProcessorMap, processSync } from '@formio/core/process';
import { DefaultEvaluator, Evaluator, jsonLogic, registerEvaluator, Utils } from '@formio/core/utils';
import { type FormComponent, isMultiValue, labelOf } from '../components';
import { EvaluationOverBudget, pastDeadline } from '../deadline';
import { applyLogic } from '../logic';
import { readPath, writePath } from '../own-paths';
import { fillTemplate } from '../templates';
import { evaluateRule, type RuleContext } from './evaluate-rule';
import { linearRules } from './linear-rules';
import { logicProcessor } from './logic-actions';

/**
 * The one place that configures Form.io's engine (@formio/core), in the browser and on the server alike.
 *
 * Form.io evaluates strings from a definition as JavaScript (`new Function`) in many places: custom
 * validation, calculated values, custom conditions and defaults, logic triggers and actions, moment.js
 * date settings, `{{ fn() }}` interpolations in messages (read from the answers themselves). Its
 * Evaluator has a `noeval` switch; we go further and register an evaluator that cannot be switched
 * back on, never builds or calls a function, and answers null (Form.io's "no result") for any string
 * it is asked to evaluate. JSON Logic (objects) is evaluated by our own interpreter (../logic, decision
 * 0030), never by json-logic-js and its lodash operations: every JSON Logic evaluation of Form.io's
 * processors (conditions, calculations, defaults, validate.json, logic triggers) goes through
 * Evaluator.evaluate. The definition is stripped of code before it gets here as well (stripDefinition).
 */
const fixed = (value: unknown) => ({ value, writable: false, configurable: false, enumerable: false });

/**
 * What `{{ }}` in a text Form.io fills in may read: the answers (`data`), the grid row (`row`) and the
 * question's own answer (`value`), each through own properties only; never the component, the form or
 * anything else Form.io puts in its context.
 */
function templateRoots(context: unknown): Record<string, unknown> {
  if (typeof context !== 'object' || context === null) return {};
  const own = (key: string) =>
    Object.hasOwn(context, key) ? (context as Record<string, unknown>)[key] : undefined;
  return { data: own('data'), row: own('row'), value: own('value') };
}

function lock(evaluator: DefaultEvaluator): void {
  if (lockedEvaluators.has(evaluator)) return;
  Object.defineProperties(evaluator, {
    noeval: { get: () => true, set: () => undefined, configurable: false },
    // Never builds a function from a string, never calls one.
    evaluator: fixed(() => () => null),
    execute: fixed(() => null),
    // JSON Logic (an object) is evaluated by our interpreter; any string gives Form.io's "no result".
    evaluate: fixed((func: unknown, args?: unknown) =>
      typeof func === 'object' && func !== null ? evaluateRule(func, (args ?? {}) as RuleContext) : null,
    ),
    // `{{ path }}` reads the answers' own properties (templates.ts); `{{ fn(args) }}` is never a call.
    interpolate: fixed((raw: unknown, context: unknown) =>
      fillTemplate(typeof raw === 'string' ? raw : '', templateRoots(context)),
    ),
    interpolateString: fixed((raw: unknown, context: unknown) =>
      fillTemplate(typeof raw === 'string' ? raw : '', templateRoots(context)),
    ),
  });
  lockedEvaluators.add(evaluator);
}

const lockedEvaluators = new WeakSet<object>();
let configured = false;

/**
 * Configures @formio/core once per process: its evaluator locked (the instance every processor uses,
 * and a locked one registered in case anything replaced it), and its json-logic-js instance made a
 * front for our interpreter: `apply` is ours, and no operation can be added or removed, so nothing that
 * reaches Form.io's `jsonLogic` meets json-logic-js's operations or lodash's. Idempotent.
 */
export function configureFormio(): void {
  if (configured) return;
  configured = true;
  lock(Evaluator);
  const replacement = new DefaultEvaluator({ noeval: true });
  lock(replacement);
  registerEvaluator(replacement);
  const refuse = () => {
    throw new Error('JSON Logic operations are fixed (decision 0030)');
  };
  Object.defineProperties(jsonLogic, {
    apply: fixed((logic: unknown, data: unknown) => applyLogic(logic, data)),
    add_operation: fixed(refuse),
    rm_operation: fixed(refuse),
  });
}

/** True when an evaluator is locked (tests assert Form.io's is). */
export const isLocked = (evaluator: object): boolean => lockedEvaluators.has(evaluator);

interface HiddenContext {
  component: { scope?: { conditionallyHidden?: boolean }; modelType?: string };
  path: string;
  paths?: { fullPath?: string; contextualRowPath?: string };
  scope: { hidden?: Set<string>; conditionals?: { path: string; conditionallyHidden?: boolean }[] };
}

/**
 * The concrete path of a component in this row: a question's data path (`g[0].e`); for a layout
 * component, its layout path inside its row (`g[0].gp`, where Form.io says `g.gp` for every row).
 */
function concretePath({ component, path, paths }: HiddenContext): string {
  if (component.modelType !== 'none' && component.modelType !== 'content') return path;
  const full = paths?.fullPath ?? path;
  const row = paths?.contextualRowPath ?? '';
  if (row === '') return full;
  const pattern = row.replace(/\[\d+\]/g, '');
  return full.startsWith(`${pattern}.`) ? `${row}${full.slice(pattern.length)}` : full;
}

/** Our processor, after Form.io's conditions and logic: notes each component hidden in this row. */
const recordHidden = {
  name: 'dcfRecordHidden',
  shouldProcess: () => true,
  process: async (context: HiddenContext) => recordHidden.processSync(context),
  processSync: (context: HiddenContext) => {
    // Logic that sets `hidden` lists the component in scope.conditionals (and clears its answers) but,
    // the first time, does not mark the component itself: both count, or the page would show a panel
    // whose answers are cleared on every change.
    const listed = context.scope.conditionals?.some((c) => c.path === context.path && c.conditionallyHidden);
    if (!context.component.scope?.conditionallyHidden && !listed) return;
    context.scope.hidden ??= new Set();
    context.scope.hidden.add(concretePath(context));
  },
};

type Processor = NonNullable<(typeof ProcessorMap)[string]>;

/**
 * Form.io's own validation, given the answer as a plain value. Form.io hands each processor a context
 * whose `value` is a getter (a lodash `get` of the data path, with the component's model type worked
 * out again, on every read), and its validation asks each of its ~35 rules whether it applies by reading
 * `value`: ~35 path lookups per question, the largest part of the engine's CPU. Validation runs last and
 * changes no answer, so it gets a copy of the context with the value read once; its verdict is the same.
 */
function validateWithValueReadOnce(validate: Processor): Processor {
  const processSync = validate.processSync as (context: ValidateContext) => void;
  const rules = linearRules(formioRules(processSync));
  return {
    ...validate,
    processSync: (context: ValidateContext) => {
      const value = context.value;
      const { component } = context;
      if (isMultiValue(component) && Array.isArray(value) && value.length > 0)
        validateEachItem(processSync, { ...context, value, rules }, value);
      else processSync({ ...context, value, rules });
    },
  } as unknown as Processor;
}

interface ValidateContext {
  value?: unknown;
  path: string;
  component: FormComponent;
  /** The rules Form.io's validation runs (its own when not given): ours, with linear-time patterns. */
  rules?: readonly { name: string }[];
}

/**
 * Form.io's list of validation rules: its validation puts it on a context that has none (the list is
 * exported only from @formio/core's main entry, which brings its SDK into the browser).
 */
function formioRules(processSync: (context: ValidateContext) => void): readonly { name: string }[] {
  const probe: ValidateContext & Record<string, unknown> = {
    component: { type: 'textfield', key: 'probe', input: true },
    data: {},
    row: {},
    scope: { errors: [] },
    path: 'probe',
    value: undefined,
    config: {},
  };
  processSync(probe);
  if (!Array.isArray(probe.rules)) throw new Error("Form.io's validation rules were not found");
  return probe.rules;
}

/**
 * A multi-value question (decision 0035): each item is checked as Form.io checks a single answer, at
 * its own path (`wards[1]`), so a message names the item. Form.io's own loop over the items lets a
 * rule that meets a value it cannot check (words in a number with a maximum) throw out of the whole
 * evaluation; one answer at a time, Form.io catches that and the rule gives no error, as for a single
 * answer. The list itself must hold single answers (Form.io's `nonarray`).
 */
function validateEachItem(
  processSync: (context: ValidateContext) => void,
  context: ValidateContext,
  items: readonly unknown[],
) {
  const single = { ...context.component, multiple: false };
  items.forEach((item, index) => {
    processSync({ ...context, component: single, value: item, path: `${context.path}[${index}]` });
  });
}

/**
 * Form.io's conditions, except that one it cannot evaluate does not stop the whole evaluation: Form.io
 * throws on `isNotEmpty` of an address not answered (its value undefined), which would make every save
 * of the form fail. Such a condition reads its question as not there, as Form.io did before it was given
 * the form (decision 0035); every other condition is Form.io's.
 */
function conditionsThatNeverStop(conditions: Processor): Processor {
  const processSync = conditions.processSync as (context: { form: { components: unknown[] } }) => void;
  return {
    ...conditions,
    processSync: (context: { form: { components: unknown[] } }) => {
      try {
        processSync(context);
      } catch (error) {
        if (error instanceof EvaluationOverBudget) throw error;
        const form = context.form;
        context.form = { components: [] };
        try {
          processSync(context);
        } finally {
          context.form = form;
        }
      }
    },
  } as unknown as Processor;
}

/** What the engine runs for every evaluation, in Form.io's order (its own `evaluator` target minus defaults). */
export const processors = [
  ProcessorMap.calculate,
  logicProcessor as unknown as Processor,
  ProcessorMap.conditions && conditionsThatNeverStop(ProcessorMap.conditions),
  recordHidden,
  ProcessorMap.clearHidden,
  ProcessorMap.validate && validateWithValueReadOnce(ProcessorMap.validate),
].filter((p) => p !== undefined) as Processor[];

/** For a new return's first answers: defaults only. */
export const defaultProcessors = [ProcessorMap.defaultValue].filter((p) => p !== undefined) as NonNullable<
  (typeof ProcessorMap)[string]
>[];

type ComponentCallback = Parameters<typeof Utils.eachComponentData>[2];
type CallbackArgs = Parameters<ComponentCallback>;

/**
 * A processor's context for one component. `value` reads and writes the answer at the component's data
 * path (none for layout and content components), as Form.io's own context does; here it is an accessor
 * of the class, so every context shares one shape. Form.io adds it to each context with
 * Object.defineProperty, and a per-object accessor (or one in an object literal) costs 2.5 us to make
 * and 7 us to copy: ~1 ms per evaluation of a 100-question return.
 */
class ComponentContext {
  readonly #dataPath: string;
  readonly #holdsValue: boolean;
  components: CallbackArgs[4];
  data: Record<string, unknown>;
  component: CallbackArgs[0];
  path: string;
  paths: CallbackArgs[7];
  row: unknown;
  index: CallbackArgs[5];
  instance = undefined;
  parent: CallbackArgs[6];
  localRoot: CallbackArgs[8];
  processor = 'custom';

  constructor(
    readonly processors: Processor[],
    readonly scope: Record<string, unknown>,
    readonly config: Record<string, unknown>,
    /**
     * The whole form, as Form.io's server gives it: its conditions find the question a condition names
     * (`conditions: [{ component: 'staff.agency' }]`, a select box option `services.xray`) in
     * `form.components`; without it every such condition read nothing and hid its question (decision 0035).
     */
    public form: { components: unknown[] },
    ...[component, data, row, path, components, index, parent, paths, localRoot]: CallbackArgs
  ) {
    this.components = components;
    this.data = data;
    this.component = component;
    this.path = path;
    this.paths = paths;
    this.row = row;
    this.index = index;
    this.parent = parent;
    this.localRoot = localRoot;
    this.#dataPath = paths?.dataPath || path;
    const modelType = Utils.getModelType(component);
    this.#holdsValue = Boolean(component.type) && modelType !== 'none' && modelType !== 'content';
  }

  get value(): unknown {
    return this.#holdsValue ? readPath(this.data, this.#dataPath) : undefined;
  }

  set value(value: unknown) {
    if (this.#holdsValue) writePath(this.data, this.#dataPath, value);
  }
}

/**
 * Form.io's processSync, the glue between its component walk and its processors, with a faster context
 * per component (ComponentContext): with no processor at all Form.io's glue cost 0.77 ms per evaluation
 * of the 100-question return. The walk (eachComponentData), the processors and their order, and what
 * `value` reads and writes are Form.io's. process-components.test.ts compares the outcome with Form.io's
 * own processSync on 36 real forms.
 */
export function processComponents(evaluation: {
  components: unknown[];
  data: Record<string, unknown>;
  processors: Processor[];
  scope: Record<string, unknown>;
}): void {
  const { components, data, processors, scope } = evaluation;
  const config = {};
  const form = { components };
  const post = processors.filter((p) => p.postProcessSync);
  Utils.eachComponentData(
    components as Parameters<typeof Utils.eachComponentData>[0],
    data,
    (...args) => {
      const context = new ComponentContext(processors, scope, config, form, ...args);
      for (const processor of processors) processor.processSync?.(context as never);
      stopPastDeadline(context);
      if (scope.noRecurse) {
        scope.noRecurse = false;
        return true;
      }
      return undefined;
    },
    false,
    false,
    undefined,
    undefined,
    false,
    post.length === 0
      ? undefined
      : (...args) => {
          const context = new ComponentContext(processors, scope, config, form, ...args);
          for (const processor of post) processor.postProcessSync?.(context as never);
          stopPastDeadline(context);
        },
  );
}

/**
 * On the server the evaluation box gives each evaluation a deadline (../deadline.ts, decision 0031):
 * past it, the evaluation stops here, naming the question it had just processed (the one that was
 * running when the time ran out).
 */
function stopPastDeadline({ component, path }: ComponentContext) {
  if (!pastDeadline()) return;
  const key = String(component.key ?? '');
  throw new EvaluationOverBudget({
    question: { path: path || key, key, label: labelOf(component as FormComponent) },
  });
}

export { processSync };
