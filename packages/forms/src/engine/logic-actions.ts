import {
  checkJsonConditional,
  checkLegacyConditional,
  checkSimpleConditional,
  conditionallyHidden,
  evaluate,
  isLegacyConditional,
  Utils,
} from '@formio/core/utils';
import { defineOwn, isDict } from '../logic/values';
import { readPath, writePath } from '../own-paths';
import { mergeableKeys, type SettableProperty, settableProperty } from '../settable-properties';
import { fillTemplate } from '../templates';

/**
 * Form.io's logic (a component's `logic`: triggers and actions), applied by our own code (decision
 * 0030). Form.io's processor sets `action.property.value` on the component with lodash's `set` (a path
 * the manager writes), merges a schema its JavaScript returns, and fills texts with lodash's `get` on
 * its whole context; here:
 *
 * - a trigger is Form.io's own check (a simple condition, or JSON Logic through our interpreter); a
 *   JavaScript trigger has been converted or removed before evaluation, and an event trigger (the
 *   browser renderer's) never fires, as on Form.io's server;
 * - 'property' sets one of the properties Form.io's builder offers (../settable-properties.ts), by explicit
 *   code, with `{{ }}` in its text filled in from the answers' own properties (../templates.ts);
 * - 'value' sets the question's answer to a JSON Logic rule's result (our interpreter);
 * - 'mergeComponentSchema' merges a JSON object of those same properties (never evaluated);
 * - 'customAction' (JavaScript) never runs.
 *
 * What each does to the component and the answers is otherwise Form.io's: the same order, the same
 * `scope.conditionals` note when logic hides the component (so clear-on-hide follows), the same
 * `scope.filter` note when it sets a value.
 */

type Holder = Record<string, unknown>;

interface LogicContext extends Holder {
  component: Holder & { logic?: unknown };
  data: Holder;
  row?: unknown;
  path: string;
  value?: unknown;
  result?: unknown;
  scope: Holder & {
    conditionals?: { path: string; conditionallyHidden?: boolean }[];
    filter?: Record<string, boolean>;
    clearHidden?: Record<string, unknown>;
  };
}

type ConditionsContext = Parameters<typeof checkSimpleConditional>[1];

/** Whether a trigger fires, and its result (a JSON Logic trigger's value), as Form.io's checkTrigger. */
function trigger(context: LogicContext, trigger: unknown): unknown {
  if (!isDict(trigger)) return false;
  const conditions = context as unknown as ConditionsContext;
  let result: unknown = false;
  switch (trigger.type) {
    case 'simple':
      result = isLegacyConditional(trigger.simple as never)
        ? checkLegacyConditional(trigger.simple as never, conditions)
        : checkSimpleConditional(trigger.simple as never, conditions);
      break;
    case 'json':
      result = checkJsonConditional(trigger as never, conditions);
      break;
  }
  return result === null ? false : result;
}

/** A boolean property: Form.io compares as text ("true"/"false") and notes a hidden component. */
function setBoolean(context: LogicContext, settable: SettableProperty, state: unknown): boolean {
  const { component, scope, path } = context;
  const current = String(settable.get(component) ?? false);
  const next = String(state ?? false) === 'true';
  if (current === String(next)) return false;
  settable.set(component, next);
  if (settable.path === 'hidden' && path) {
    scope.conditionals ??= [];
    const noted = scope.conditionals.find((c) => c.path === path);
    if (noted) {
      noted.conditionallyHidden = !!component.hidden;
      Utils.setComponentScope(component as never, 'conditionallyHidden', !!component.hidden);
    } else scope.conditionals.push({ path, conditionallyHidden: !!component.hidden });
  }
  return true;
}

/** lodash's escape, for values put into HTML (as Form.io escapes the data it fills HTML with). */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function escapeStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeHtml(value);
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => escapeStrings(item, depth + 1));
  const out: Holder = {};
  for (const key of Object.keys(value)) defineOwn(out, key, escapeStrings((value as Holder)[key], depth + 1));
  return out;
}

/** A text property, its `{{ }}` filled in from the answers, the row, the trigger's result and its own value. */
function setText(context: LogicContext, settable: SettableProperty, text: unknown): boolean {
  const { component } = context;
  const current = settable.get(component) ?? '';
  const roots = {
    data: context.data,
    row: context.row,
    result: context.result,
    value: current,
  };
  const template = typeof text === 'string' ? text : '';
  const next = fillTemplate(
    template,
    settable.html && template.includes('{{')
      ? {
          ...roots,
          data: escapeStrings(roots.data),
          row: escapeStrings(roots.row),
          result: escapeStrings(roots.result),
        }
      : roots,
  );
  if (next === current) return false;
  settable.set(component, next);
  return true;
}

function setProperty(context: LogicContext, action: Holder): boolean {
  const found = settableProperty(action.property);
  if (!found) return false;
  const { settable, textFrom } = found;
  return settable.type === 'boolean'
    ? setBoolean(context, settable, action.state)
    : setText(context, settable, action[textFrom]);
}

/** Deep equality of JSON values (lodash's isEqual for answers). */
function same(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (depth > 64 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((key) => Object.hasOwn(b, key) && same((a as Holder)[key], (b as Holder)[key], depth + 1))
  );
}

/** lodash's clone of an answer (one level), as Form.io gives a value action its question's answer. */
const shallowCopy = (value: unknown): unknown =>
  Array.isArray(value) ? value.slice() : isDict(value) ? { ...value } : value;

/** The answer set to a JSON Logic rule's result, as Form.io's setValueProperty does. */
function setValue(context: LogicContext, action: Holder): boolean {
  const { component, data, path, scope } = context;
  if (!isDict(action.value)) return false; // JavaScript: converted on upload or removed before evaluation
  const old = readPath(data, path);
  const next = evaluate(action.value as never, context as never, 'value', false, (evalContext: Holder) => {
    evalContext.value = shallowCopy(old);
    evalContext.result = context.result;
  });
  if (same(old, next) || (component.clearOnHide && conditionallyHidden(context as never))) return false;
  writePath(data, path, next);
  scope.filter ??= {};
  if (!scope.clearHidden || !Object.hasOwn(scope.clearHidden, path)) scope.filter[path] = true;
  return true;
}

/** A JSON object of settable properties merged into the component (Form.io's assign, one level). */
function mergeSchema(context: LogicContext, action: Holder): boolean {
  const schema = action.schemaDefinition;
  if (!isDict(schema)) return false; // JavaScript: converted on upload or removed before evaluation
  let changed = false;
  for (const key of Object.keys(schema)) {
    const settable = mergeableKeys.get(key);
    const value = schema[key];
    if (!settable || typeof value !== settable.type) continue;
    if (settable.get(context.component) === value) continue;
    settable.set(context.component, value as boolean | string);
    changed = true;
  }
  return changed;
}

function applyActions(context: LogicContext): boolean {
  const { logic } = context.component;
  if (!Array.isArray(logic) || logic.length === 0) return false;
  let changed = false;
  for (const item of logic) {
    if (!isDict(item)) continue;
    // The trigger is checked first, as Form.io does, so a rule in it that cannot be evaluated is reported.
    const result = trigger(context, item.trigger);
    if (!Array.isArray(item.actions) || item.actions.length === 0 || !result) continue;
    context.result = result;
    for (const action of item.actions) {
      if (!isDict(action)) continue;
      switch (action.type) {
        case 'property':
          changed = setProperty(context, action) || changed;
          break;
        case 'value':
          changed = setValue(context, action) || changed;
          break;
        case 'mergeComponentSchema':
          changed = mergeSchema(context, action) || changed;
          break;
      }
    }
    delete context.result;
  }
  return changed;
}

/** In place of Form.io's `logic` processor. */
export const logicProcessor = {
  name: 'logic',
  shouldProcess: (context: LogicContext) =>
    Array.isArray(context.component.logic) && context.component.logic.length > 0,
  process: async (context: LogicContext) => applyActions(context),
  processSync: (context: LogicContext) => applyActions(context),
};
