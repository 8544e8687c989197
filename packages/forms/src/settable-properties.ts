import { isDict } from './logic/values';
import { templateProblem } from './templates';

/**
 * What a Form.io logic action may change on its component (decision 0030). Form.io applies a
 * 'property' action with lodash's `set(component, action.property.value, ...)`, a path the manager
 * writes, and merges a schema the manager's JavaScript returns; here the properties a logic action may
 * set are a closed list, the ones Form.io's builder offers (its Component, Content and HTML element
 * logic settings), each set by its own code. Anything else is refused on upload (naming the
 * component, the action and the property) and never applied.
 */

type Holder = Record<string, unknown>;

export interface SettableProperty {
  /** As Form.io's builder writes it in `action.property.value`. */
  path: string;
  type: 'boolean' | 'string';
  /** Text that is HTML (a content component's): values filled into it are escaped, as Form.io escapes them. */
  html: boolean;
  get(component: Holder): unknown;
  set(component: Holder, value: boolean | string): void;
}

const top = (path: string, type: 'boolean' | 'string', html = false) => ({
  path,
  type,
  html,
  get: (component: Holder) => component[path],
  set: (component: Holder, value: boolean | string) => {
    component[path] = value;
  },
});

/** Form.io's builder's list (Component.edit.logic.js, Content.edit.logic.js, HTML.edit.logic.js). */
const SETTABLE: readonly SettableProperty[] = [
  top('hidden', 'boolean'),
  {
    path: 'validate.required',
    type: 'boolean',
    html: false,
    get: (component) => (isDict(component.validate) ? component.validate.required : undefined),
    set: (component, value) => {
      if (!isDict(component.validate)) component.validate = {};
      (component.validate as Holder).required = value;
    },
  },
  top('disabled', 'boolean'),
  top('label', 'string'),
  top('title', 'string'),
  top('prefix', 'string'),
  top('suffix', 'string'),
  top('tooltip', 'string'),
  top('description', 'string'),
  top('placeholder', 'string'),
  top('inputMask', 'string'),
  top('className', 'string'),
  top('customClass', 'string'),
  // A content component's HTML (`html`) and an HTML element's (`content`), from the action's `content`.
  top('html', 'string', true),
  top('content', 'string', true),
];

const byPath = new Map(SETTABLE.map((p) => [p.path, p]));

/** The properties a logic action may set, as the 400 lists them. */
export const settablePaths: readonly string[] = SETTABLE.map((p) => p.path);

/**
 * The property a 'property' action names, and where its text comes from, when it is one a logic action
 * may set (never a path read from text). Its `type` must be the property's (Form.io does nothing for a
 * type it does not know and sets a text where the builder sets true or false).
 */
export function settableProperty(
  property: unknown,
): { settable: SettableProperty; textFrom: 'text' | 'content' } | undefined {
  if (!isDict(property) || typeof property.value !== 'string') return undefined;
  const settable = byPath.get(property.value);
  if (!settable || property.type !== settable.type) return undefined;
  // Form.io reads the text from `action[property.component]`, else `action.text`: the builder writes
  // `component: 'content'` for a content component's HTML, and nothing else.
  const component = property.component;
  if (component === undefined || component === null || component === '')
    return { settable, textFrom: 'text' };
  return component === 'content' && settable.type === 'string'
    ? { settable, textFrom: 'content' }
    : undefined;
}

/**
 * What a 'mergeComponentSchema' action may merge: the top-level settable properties (Form.io merges a
 * schema's keys one level deep, so `validate` would replace every check of the question: set Required
 * with a 'property' action instead).
 */
export const mergeableKeys: ReadonlyMap<string, SettableProperty> = new Map(
  SETTABLE.filter((p) => !p.path.includes('.')).map((p) => [p.path, p]),
);

/** What a text set by logic may name: the answers, the grid row, the trigger's result and the property's value. */
export const ACTION_TEXT_ROOTS = ['data', 'row', 'result', 'value'] as const;

export interface ActionProblem {
  /** Under the action: `property.value`, `state`, `text`, `schemaDefinition.validate` ... */
  where: string;
  message: string;
}

const settableList = () => settablePaths.join(', ');

/** What is wrong with a 'property' action, for the upload's 400 (empty when it is fine). */
export function propertyActionProblems(action: Holder): ActionProblem[] {
  const found = settableProperty(action.property);
  if (!found) {
    const property = isDict(action.property) ? action.property : {};
    const named = property.value;
    const known = typeof named === 'string' ? byPath.get(named) : undefined;
    return [
      known && property.type === known.type
        ? {
            where: 'property.component',
            message: 'the text comes from the action\'s "text" (or "content" for HTML) only',
          }
        : known
          ? {
              where: 'property.type',
              message: `"${known.path}" is ${known.type === 'boolean' ? 'true or false: its type must be "boolean"' : 'text: its type must be "string"'}`,
            }
          : {
              where: 'property.value',
              message: `logic may not set ${typeof named === 'string' && named !== '' ? `"${named.slice(0, 100)}"` : 'this property'}: it may set ${settableList()}`,
            },
    ];
  }
  const { settable, textFrom } = found;
  if (settable.type === 'boolean') {
    const state = action.state;
    return state === true || state === false || state === 'true' || state === 'false'
      ? []
      : [{ where: 'state', message: 'must be true or false' }];
  }
  const text = action[textFrom];
  if (text === undefined || text === null) return [];
  if (typeof text !== 'string') return [{ where: textFrom, message: 'must be text' }];
  const problem = templateProblem(text, ACTION_TEXT_ROOTS);
  return problem ? [{ where: textFrom, message: problem }] : [];
}

/** What is wrong with a merged schema (an object of settable properties), for the upload's 400. */
export function schemaProblems(schema: Holder): ActionProblem[] {
  const problems: ActionProblem[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const settable = mergeableKeys.get(key);
    if (!settable) {
      problems.push({
        where: `schemaDefinition.${key.slice(0, 100)}`,
        message:
          key === 'validate'
            ? 'a merged schema may not replace "validate": set Required with a "property" action (validate.required)'
            : `a merged schema may set only ${[...mergeableKeys.keys()].join(', ')}`,
      });
      continue;
    }
    if (settable.type === 'boolean' ? typeof value !== 'boolean' : typeof value !== 'string')
      problems.push({
        where: `schemaDefinition.${key}`,
        message: settable.type === 'boolean' ? 'must be true or false' : 'must be text',
      });
  }
  return problems;
}
