import { standardComponent, typeNotices } from './component-types';
import {
  dataShapeOf,
  type FormComponent,
  type FormDefinition,
  hasData,
  labelOf,
  mapChildren,
  type Visit,
  walkComponents,
} from './components';
import type {
  ConvertOptions,
  Conversion as JavaScriptConversion,
  ResultVariable,
  ValueType,
} from './convert/to-json-logic';
import { checkLogic } from './logic/check';
import { isDict } from './logic/values';
import { FORBIDDEN_SEGMENTS, pathSegments } from './own-paths';
import { patternProblem } from './patterns';
import { type ActionProblem, propertyActionProblems, schemaProblems } from './settable-properties';

/** The JavaScript converter, given on upload only (it parses code with acorn: never in the browser). */
export type Converter = (
  code: string,
  result: ResultVariable,
  options: ConvertOptions,
) => JavaScriptConversion;

/** Reads JavaScript that only assigns a merged schema of plain values (upload only: acorn). */
export type SchemaReader = (
  code: string,
) => { ok: true; schema: Record<string, unknown> } | { ok: false; reason: string };

/**
 * A form definition is data, never code (docs/decisions/0014-form-definitions-are-data.md). This module
 * finds every place a Form.io definition can carry code, a fetch from elsewhere or a broken property:
 *
 * - on upload (`checkDefinition` in convert/check-definition.ts): custom JavaScript that JSON Logic can
 *   express is converted (and listed in `conversions`); anything else is a problem naming the component
 *   and property, and the API refuses the definition with a 400 listing every one;
 * - before every evaluation (`stripDefinition`): whatever is still there (a definition stored before
 *   the rule) is removed, so nothing a manager wrote ever runs.
 */

export interface ComponentRef {
  /** Data path (`staff[*].grade`) or layout path (`page1`) of the component. */
  path: string;
  key: string;
  label: string;
  /** Its place in form order (1 = first), to find one that has no key or label. */
  position?: number;
  type?: string;
}

export interface Conversion {
  component: ComponentRef | null;
  property: string;
  /** The JavaScript (or template) as written. */
  from: string;
  /** What replaced it: JSON Logic, or null when it was removed (with `to` explained in `note`). */
  to: unknown;
  /** Where the JSON Logic now lives when that is another property (`conditional.json`). */
  toProperty?: string;
  note?: string;
}

export interface DefinitionProblem {
  component: ComponentRef | null;
  property: string;
  message: string;
}

export interface DefinitionCheck {
  definition: FormDefinition;
  conversions: Conversion[];
  problems: DefinitionProblem[];
  /**
   * What the product does differently with this form, for the manager (decision 0035): each component
   * type that is not Form.io's standard, with how it is shown, and each presentational property of an
   * unexpected type that was ignored. Never a reason to refuse.
   */
  notices: string[];
}

/** Limits on a definition's shape (recorded in the decision). */
export const definitionLimits = {
  maxDepth: 20,
  maxComponents: 3000,
  maxKeyLength: 128,
  maxTextLength: 100_000,
};

/** Form.io's own key rule: letters, digits, `_`, `-`, `.`, not starting or ending with `-` or `.`. */
const KEY = /^(?:\w|\w[\w.-]*\w)$/;

type Mode = 'upload' | 'evaluate';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isNumeric = (value: unknown) =>
  value === '' ||
  value === null ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

const JAVASCRIPT_ONLY = 'custom JavaScript is never run';
const USE_JSON_LOGIC = 'write it as JSON Logic or a simple condition instead';

class Inspector {
  readonly conversions: Conversion[] = [];
  readonly problems: DefinitionProblem[] = [];
  /** Data path (with [*]) -> component, for typing answers in conversions. */
  readonly byPath = new Map<string, FormComponent>();
  /** Data paths in use, to find two questions sharing one. */
  private readonly seen = new Map<string, string>();
  private count = 0;

  constructor(
    readonly mode: Mode,
    private readonly convert?: Converter,
    private readonly readSchema?: SchemaReader,
  ) {}

  /** Position (1-based, form order) of each component seen, to name one that has no key or label. */
  private readonly positions = new WeakMap<object, number>();

  ref(v: Visit | null): ComponentRef | null {
    if (!v) return null;
    const c = v.component;
    const key = typeof c.key === 'string' ? c.key : '';
    const position = this.positions.get(c);
    return {
      path: v.path,
      key,
      label: labelOf({ ...c, key }),
      ...(position !== undefined ? { position } : {}),
      ...(typeof c.type === 'string' ? { type: c.type } : {}),
    };
  }

  readonly ignored: string[] = [];

  /** A presentational property of an unexpected type: removed, and the manager told (never a refusal). */
  ignore(v: Visit, target: Record<string, unknown>, name: string, property: string, expected: string) {
    if (this.mode === 'upload') {
      const value = JSON.stringify(target[name]) ?? String(target[name]);
      this.ignored.push(
        `${nameOfRef(this.ref(v))}, ${property}: ignored (${value.slice(0, 40)} is not ${expected})`,
      );
    }
    delete target[name];
  }

  problem(v: Visit | null, property: string, message: string) {
    if (this.mode === 'upload') this.problems.push({ component: this.ref(v), property, message });
  }

  /** A property that must not be there: a problem on upload, removed before evaluation. */
  refuse(v: Visit | null, target: Record<string, unknown>, name: string, property: string, message: string) {
    this.problem(v, property, message);
    delete target[name];
  }

  indexData(components: FormComponent[]) {
    walkComponents(components, (v) => {
      if (hasData(v.component)) this.byPath.set(v.path, v.component);
    });
  }

  typeOf(c: FormComponent | undefined): ValueType {
    // A calculated answer holds whatever its calculation gives (a text box often holds a number).
    if (!c || c.calculateValue !== undefined) return 'unknown';
    switch (c.type) {
      case 'number':
      case 'currency':
        return 'number';
      case 'checkbox':
        return 'boolean';
      case 'textfield':
      case 'textarea':
      case 'email':
      case 'phoneNumber':
      case 'url':
      case 'password':
      case 'time':
      case 'datetime':
      case 'day':
        return 'string';
      case 'select':
      case 'radio':
        return c.dataType === 'number' ? 'number' : c.dataType === 'string' ? 'string' : 'unknown';
    }
    return 'unknown';
  }

  /** Converts the JavaScript at target[name] (upload), or removes it (evaluate). */
  javascript(
    v: Visit | null,
    target: Record<string, unknown>,
    name: string,
    property: string,
    result: ResultVariable,
    place: (logic: unknown) => string | null,
  ) {
    const code = target[name];
    if (typeof code !== 'string') return;
    delete target[name];
    if (code.trim() === '') return;
    if (this.mode === 'evaluate' || !this.convert) return;
    const grid = v?.dataPrefix ?? '';
    const converted = this.convert(code, result, {
      typeOf: (root, segments) => {
        if (root === 'input') return this.typeOf(v?.component);
        const path = segments.join('.');
        if (root === 'row' && grid.endsWith('[*]')) return this.typeOf(this.byPath.get(`${grid}.${path}`));
        return this.typeOf(this.byPath.get(path));
      },
      // The variable starts as the question's answer: Form.io's calculation and value action pass it in.
      ...(result === 'value' && name === 'calculateValue' ? { initial: { var: 'input' } } : {}),
      ...(result === 'value' && name === 'value' ? { initial: { var: 'value' } } : {}),
    });
    if (!converted.ok) {
      this.problem(
        v,
        property,
        `${JAVASCRIPT_ONLY} and this cannot be converted to JSON Logic (${converted.reason}): ${USE_JSON_LOGIC}`,
      );
      return;
    }
    const problem = checkLogic(converted.logic)[0];
    if (problem) {
      this.problem(
        v,
        property,
        `${JAVASCRIPT_ONLY} and its conversion to JSON Logic is not allowed (${problem}): ${USE_JSON_LOGIC}`,
      );
      return;
    }
    const conflict = place(converted.logic);
    if (conflict) {
      this.problem(v, property, `${JAVASCRIPT_ONLY}: ${conflict}`);
      return;
    }
    const toProperty = MOVED_TO[property.replace(/^logic\[\d+\]\./, '')];
    this.conversions.push({
      component: this.ref(v),
      property,
      from: code,
      to: converted.logic,
      ...(toProperty
        ? {
            toProperty: property.replace(
              /(trigger\.javascript|customConditional|validate\.custom)$/,
              toProperty,
            ),
          }
        : {}),
    });
  }

  /**
   * JSON Logic at target[name] must be within our grammar (supported operations, sizes, literal var
   * paths): on upload a problem. Before evaluation it stays: the interpreter refuses an unsupported
   * operation itself and the engine says the form cannot be checked (never a silent pass).
   */
  jsonLogic(v: Visit | null, target: Record<string, unknown>, name: string, property: string) {
    if (this.mode === 'evaluate') return;
    const logic = target[name];
    if (logic === undefined || logic === null || typeof logic !== 'object') return;
    const problem = checkLogic(logic)[0];
    if (problem) this.refuse(v, target, name, property, `this JSON Logic is not allowed: ${problem}`);
  }

  /**
   * One logic action (decision 0030): kept when the engine can apply it as written, else a problem on
   * upload (naming the component, the action and what is wrong) and left out before evaluation. A
   * 'property' action sets one of the properties of settable-properties.ts; a 'value' action's value is JSON
   * Logic (JavaScript is converted); a merged schema is an object of those properties (JavaScript that
   * only assigns one is converted); a custom action is JavaScript, never run.
   */
  logicAction(v: Visit, action: unknown, where: string): boolean {
    if (!isDict(action)) return false;
    const report = (problems: readonly ActionProblem[]) => {
      for (const problem of problems) this.problem(v, `${where}.${problem.where}`, problem.message);
      return problems.length === 0;
    };
    switch (action.type) {
      case 'property':
        return report(propertyActionProblems(action));
      case 'value': {
        if (typeof action.value === 'string' && action.value.trim() === '') delete action.value;
        if (action.value === undefined || action.value === null) return true;
        this.javascript(v, action, 'value', `${where}.value`, 'value', (logic) => {
          action.value = logic;
          return null;
        });
        if (!isDict(action.value) && !Array.isArray(action.value)) {
          if (action.value !== undefined) this.problem(v, `${where}.value`, 'must be JSON Logic (an object)');
          return false;
        }
        this.jsonLogic(v, action, 'value', `${where}.value`);
        return action.value !== undefined;
      }
      case 'mergeComponentSchema': {
        const schema = action.schemaDefinition;
        if (typeof schema === 'string') {
          if (schema.trim() === '') return false;
          if (this.mode === 'evaluate' || !this.readSchema) return false;
          const read = this.readSchema(schema);
          if (!read.ok) {
            this.problem(
              v,
              `${where}.schemaDefinition`,
              `${JAVASCRIPT_ONLY} and this is not only an assignment of plain values (schema = { label: 'New label' }): ${read.reason}`,
            );
            return false;
          }
          action.schemaDefinition = read.schema;
          this.conversions.push({
            component: this.ref(v),
            property: `${where}.schemaDefinition`,
            from: schema,
            to: read.schema,
          });
        }
        if (!isDict(action.schemaDefinition)) {
          this.problem(v, `${where}.schemaDefinition`, 'must be an object of the properties to set');
          return false;
        }
        return report(schemaProblems(action.schemaDefinition));
      }
      case 'customAction':
        if (!isBlank(action.customAction))
          this.problem(
            v,
            `${where}.customAction`,
            `${JAVASCRIPT_ONLY}: set the value with a "value" action in JSON Logic, or a calculated value (calculateValue)`,
          );
        return false;
      default:
        // Form.io does nothing for an action type it does not know; neither do we.
        return true;
    }
  }

  removed(v: Visit | null, target: Record<string, unknown>, name: string, property: string, note: string) {
    const value = target[name];
    delete target[name];
    if (this.mode === 'upload' && !isBlank(value))
      this.conversions.push({
        component: this.ref(v),
        property,
        from: typeof value === 'string' ? value : JSON.stringify(value),
        to: null,
        note,
      });
  }

  removedButton(c: FormComponent) {
    if (this.mode === 'upload')
      this.conversions.push({
        component: { path: String(c.key ?? ''), key: String(c.key ?? ''), label: labelOf(c) },
        property: 'action',
        from: String(c.action),
        to: null,
        note: 'removed: a button that runs code or leaves the page; the application supplies its own buttons',
      });
  }

  /** A component seen on the walk: depth, count, key and duplicate checks (upload only). */
  shape(v: Visit): boolean {
    const c = v.component;
    this.count++;
    this.positions.set(c, this.count);
    if (this.count === definitionLimits.maxComponents + 1)
      this.problem(null, 'components', `the form has more than ${definitionLimits.maxComponents} components`);
    if (v.depth >= definitionLimits.maxDepth) {
      this.problem(
        v,
        'components',
        `components are nested more than ${definitionLimits.maxDepth} levels deep`,
      );
      return false;
    }
    // Read before a key of the wrong type is refused (and removed): that one is named once, as not text.
    const keyless = c.key === undefined || c.key === '';
    if (c.type !== undefined && typeof c.type !== 'string') this.refuse(v, c, 'type', 'type', 'must be text');
    if (c.key !== undefined && typeof c.key !== 'string') this.refuse(v, c, 'key', 'key', 'must be text');
    const key = typeof c.key === 'string' ? c.key : '';
    // A question holds an answer by its shape, whether or not the export says `input: true` (Form.io's
    // schemas default it): without a key its answer, or its rows, would have nowhere to be kept. (A
    // container or nested form without a key keeps its questions' answers where it stands.)
    const shape = dataShapeOf(c);
    const question =
      c.type !== 'button' &&
      (c.input === true || (c.input !== false && (shape === 'value' || shape === 'rows')));
    if (hasData(c) || (question && keyless)) {
      if (key === '') this.problem(v, 'key', 'a question must have a key');
      else if (key.length > definitionLimits.maxKeyLength)
        this.problem(v, 'key', `must be at most ${definitionLimits.maxKeyLength} characters`);
      else if (!KEY.test(key) || key.split('.').some((part) => FORBIDDEN_SEGMENTS.has(part))) {
        this.problem(v, 'key', 'may use only letters, digits, "_", "-" and "." (not at either end)');
        // Form.io reads and writes answers at paths made of keys (lodash's get and set): a definition
        // stored before this check never evaluates with a key that leads to a prototype.
        if (this.mode === 'evaluate' && key.split('.').some((part) => FORBIDDEN_SEGMENTS.has(part)))
          c.key = 'dcfRefusedKey';
      }
      const other = this.seen.get(v.path);
      if (other !== undefined)
        this.problem(
          v,
          'key',
          `another question (${other}) already keeps its answer at "${v.path}": give each question its own key`,
        );
      else if (hasData(c)) this.seen.set(v.path, labelOf(c));
    }
    return true;
  }

  properties(v: Visit) {
    const c = v.component as Record<string, unknown>;
    for (const name of ['input', 'hidden', 'disabled', 'clearOnHide', 'multiple', 'tree'])
      if (c[name] !== undefined && typeof c[name] !== 'boolean')
        this.refuse(v, c, name, name, 'must be true or false');
    // Presentation only (decision 0035): a value of another type, as other builders export (an empty
    // `errors` string, a boolean `suffix`), is ignored, never a reason to refuse the form. Words given
    // as a number are kept as text.
    if (c.tableView !== undefined && typeof c.tableView !== 'boolean')
      this.ignore(v, c, 'tableView', 'tableView', 'true or false');
    for (const name of ['label', 'title', 'legend'])
      if (typeof c[name] === 'number') c[name] = String(c[name]);
    for (const name of [
      'label',
      'title',
      'legend',
      'placeholder',
      'description',
      'tooltip',
      'errorLabel',
      'prefix',
      'suffix',
      'customClass',
    ])
      if (c[name] !== undefined && c[name] !== null && typeof c[name] !== 'string')
        this.ignore(v, c, name, name, 'text');
      else if (typeof c[name] === 'string' && (c[name] as string).length > definitionLimits.maxTextLength)
        this.refuse(v, c, name, name, `must be at most ${definitionLimits.maxTextLength} characters`);
    for (const name of ['html', 'content', 'dataSrc'])
      if (c[name] !== undefined && c[name] !== null && typeof c[name] !== 'string')
        this.refuse(v, c, name, name, 'must be text');
      else if (typeof c[name] === 'string' && (c[name] as string).length > definitionLimits.maxTextLength)
        this.refuse(v, c, name, name, `must be at most ${definitionLimits.maxTextLength} characters`);
    for (const name of ['errors', 'attributes', 'templates', 'properties'])
      if (c[name] !== undefined && c[name] !== null && !isDict(c[name]))
        this.ignore(v, c, name, name, 'an object');
    for (const name of ['validate', 'conditional', 'data', 'datePicker'])
      if (c[name] !== undefined && c[name] !== null && !isDict(c[name]))
        this.refuse(v, c, name, name, 'must be an object');
    for (const name of ['components', 'columns', 'logic', 'values'])
      if (c[name] !== undefined && !Array.isArray(c[name])) this.refuse(v, c, name, name, 'must be a list');
    if (c.rows !== undefined && !Array.isArray(c.rows) && typeof c.rows !== 'number')
      this.refuse(
        v,
        c,
        'rows',
        'rows',
        'must be a number (a text area) or a list of rows of cells (a table)',
      );
    if (Array.isArray(c.columns) && c.columns.some((col) => !isDict(col)))
      this.refuse(v, c, 'columns', 'columns', 'must be a list of columns, each an object');
    if (
      Array.isArray(c.rows) &&
      c.rows.some((row) => !Array.isArray(row) || row.some((cell) => !isDict(cell)))
    )
      this.refuse(v, c, 'rows', 'rows', 'must be a list of rows, each a list of cells');
    if (
      Array.isArray(c.values) &&
      c.values.some((o) => !isDict(o) || (o.value !== undefined && typeof o.value === 'object'))
    )
      this.refuse(v, c, 'values', 'values', 'must be a list of options, each with a label and a value');
    const data = c.data;
    if (
      isDict(data) &&
      data.values !== undefined &&
      (!Array.isArray(data.values) || data.values.some((o) => !isDict(o)))
    )
      this.refuse(
        v,
        data,
        'values',
        'data.values',
        'must be a list of options, each with a label and a value',
      );
    const validate = c.validate;
    if (isDict(validate)) {
      if (validate.required !== undefined && typeof validate.required !== 'boolean')
        this.refuse(v, validate, 'required', 'validate.required', 'must be true or false');
      for (const name of [
        'minLength',
        'maxLength',
        'min',
        'max',
        'minWords',
        'maxWords',
        'minSelectedCount',
        'maxSelectedCount',
      ])
        if (validate[name] !== undefined && !isNumeric(validate[name]))
          this.refuse(v, validate, name, `validate.${name}`, 'must be a number');
      for (const name of ['customMessage', 'pattern', 'patternMessage'])
        if (validate[name] !== undefined && validate[name] !== null && typeof validate[name] !== 'string')
          this.refuse(v, validate, name, `validate.${name}`, 'must be text');
      // A pattern RE2 cannot run is refused on upload; one stored earlier stays, and the engine says
      // the form cannot be checked (engine/linear-rules.ts), never a silent pass.
      if (this.mode === 'upload' && typeof validate.pattern === 'string' && validate.pattern !== '') {
        const problem = patternProblem(validate.pattern);
        if (problem)
          this.refuse(v, validate, 'pattern', 'validate.pattern', `the pattern cannot be used: ${problem}`);
      }
    }
    const conditional = c.conditional;
    if (isDict(conditional)) {
      this.conditionPath(v, conditional, 'conditional');
      if (conditional.conditions !== undefined && !Array.isArray(conditional.conditions))
        this.refuse(v, conditional, 'conditions', 'conditional.conditions', 'must be a list');
      if (conditional.json !== undefined && conditional.json !== null && typeof conditional.json !== 'object')
        this.refuse(v, conditional, 'json', 'conditional.json', 'must be JSON Logic (an object)');
    }
    if (Array.isArray(c.logic) && c.logic.some((item) => !isDict(item)))
      this.refuse(v, c, 'logic', 'logic', 'must be a list of logic rules, each an object');
  }

  /**
   * A simple condition's `when` names the question it reads. Form.io reads an answer there with lodash's
   * `get` when no question has that key, so it must be a path of plain names (no `__proto__`,
   * `constructor` or `prototype`): on upload a problem; before evaluation it is removed and the
   * condition ignored, as Form.io ignores a condition that names nothing.
   */
  conditionPath(v: Visit, holder: Record<string, unknown>, where: string) {
    const when = holder.when;
    if (when === undefined || when === null || when === '') return;
    if (typeof when !== 'string' || pathSegments(when) === null)
      this.refuse(v, holder, 'when', `${where}.when`, 'must be the key of a question');
  }

  /** The builder writes "" where no rule is set: nothing to check or convert. */
  blanks(v: Visit) {
    const c = v.component as Record<string, unknown>;
    for (const [holder, name] of [
      [c, 'calculateValue'],
      [c, 'customDefaultValue'],
      [c, 'customConditional'],
      [c.conditional, 'json'],
      [c.validate, 'json'],
      [c.validate, 'custom'],
    ] as const)
      if (isDict(holder) && typeof holder[name] === 'string' && (holder[name] as string).trim() === '')
        delete holder[name];
  }

  code(v: Visit) {
    const c = v.component as Record<string, unknown>;
    // Values and defaults.
    this.javascript(v, c, 'customDefaultValue', 'customDefaultValue', 'value', (logic) => {
      c.customDefaultValue = logic;
      return null;
    });
    this.jsonLogic(v, c, 'customDefaultValue', 'customDefaultValue');
    this.javascript(v, c, 'calculateValue', 'calculateValue', 'value', (logic) => {
      c.calculateValue = logic;
      return null;
    });
    this.jsonLogic(v, c, 'calculateValue', 'calculateValue');
    // Conditions.
    this.javascript(v, c, 'customConditional', 'customConditional', 'show', (logic) => {
      const conditional = isDict(c.conditional) ? c.conditional : {};
      if (hasSimpleCondition(conditional))
        return 'it also has a simple condition; combine both in one JSON Logic condition (conditional.json)';
      c.conditional = { ...conditional, json: logic };
      return null;
    });
    if (isDict(c.conditional)) this.jsonLogic(v, c.conditional, 'json', 'conditional.json');
    // Validation.
    if (isDict(c.validate)) {
      const validate = c.validate;
      this.javascript(v, validate, 'custom', 'validate.custom', 'valid', (logic) => {
        if (isDict(validate.json) || typeof validate.json === 'string')
          return 'it also has a JSON Logic validation (validate.json); combine both there';
        validate.json = logic;
        return null;
      });
      if (typeof validate.json === 'string')
        this.refuse(v, validate, 'json', 'validate.json', 'must be JSON Logic (an object), not text');
      this.jsonLogic(v, validate, 'json', 'validate.json');
      if (!isBlank(validate.row))
        this.refuse(
          v,
          validate,
          'row',
          'validate.row',
          `${JAVASCRIPT_ONLY}: ${USE_JSON_LOGIC} on the row's questions`,
        );
    }
    // Logic rules (triggers and actions).
    if (Array.isArray(c.logic)) {
      c.logic.forEach((item: Record<string, unknown>, i) => {
        const trigger = isDict(item.trigger) ? item.trigger : undefined;
        if (trigger && isDict(trigger.simple))
          this.conditionPath(v, trigger.simple, `logic[${i}].trigger.simple`);
        if (trigger) {
          this.javascript(v, trigger, 'javascript', `logic[${i}].trigger.javascript`, 'result', (logic) => {
            trigger.type = 'json';
            trigger.json = logic;
            return null;
          });
          if (trigger.type === 'javascript') trigger.type = 'json';
          this.jsonLogic(v, trigger, 'json', `logic[${i}].trigger.json`);
        }
        if (Array.isArray(item.actions))
          item.actions = item.actions.filter((action: unknown, j: number) =>
            this.logicAction(v, action, `logic[${i}].actions[${j}]`),
          );
      });
    }
    // Wizard page routing.
    this.javascript(v, c, 'nextPage', 'nextPage', 'next', (logic) => {
      c.nextPage = logic;
      return null;
    });
    this.jsonLogic(v, c, 'nextPage', 'nextPage');
    // A data source fetches from elsewhere (Form.io's fetch processor): never.
    if (isDict(c.fetch) && !isBlank(c.fetch.url))
      this.refuse(
        v,
        c,
        'fetch',
        'fetch.url',
        'data is never fetched from elsewhere: put the values in the form',
      );
    // A nested form is used only with its components inline: forms are never fetched.
    if (c.type === 'form' && (!Array.isArray(c.components) || c.components.length === 0)) {
      this.problem(
        v,
        'src',
        'a nested form is never fetched from elsewhere: put its components in this form',
      );
      c.components = [];
    }
    // Options from code or from another origin.
    const data = isDict(c.data) ? c.data : undefined;
    if (c.dataSrc === 'custom' || (data && !isBlank(data.custom)))
      this.refuse(
        v,
        data ?? c,
        'custom',
        'data.custom',
        `${JAVASCRIPT_ONLY}: list the options in the form (data.values)`,
      );
    if (c.dataSrc === 'url' || c.dataSrc === 'resource' || c.dataSrc === 'indexeddb') {
      this.problem(
        v,
        'dataSrc',
        `options are never fetched from ${c.dataSrc === 'url' ? 'a URL' : `a ${c.dataSrc}`}: list the options in the form (data.values)`,
      );
      c.dataSrc = 'values';
      c.data = { values: [] };
    }
    // Dates computed by code (moment.js expressions).
    for (const [holder, prefix] of [
      [c, ''],
      [c.widget, 'widget.'],
      [c.datePicker, 'datePicker.'],
    ] as const) {
      if (!isDict(holder)) continue;
      for (const name of ['minDate', 'maxDate'])
        if (typeof holder[name] === 'string' && /[()]/.test(holder[name] as string))
          this.refuse(
            v,
            holder,
            name,
            `${prefix}${name}`,
            `${JAVASCRIPT_ONLY}: write the date as YYYY-MM-DD`,
          );
      if (!isBlank(holder.disableFunction))
        this.refuse(
          v,
          holder,
          'disableFunction',
          `${prefix}disableFunction`,
          `${JAVASCRIPT_ONLY}: list the dates to disable instead`,
        );
    }
    if (!isBlank(c.conditionalAddButton))
      this.refuse(
        v,
        c,
        'conditionalAddButton',
        'conditionalAddButton',
        `${JAVASCRIPT_ONLY}: use a maximum number of rows (validate.maxLength) instead`,
      );
    // HTML event handlers.
    if (isDict(c.attributes))
      for (const name of Object.keys(c.attributes))
        if (/^on/i.test(name) || /^\s*javascript:/i.test(String(c.attributes[name])))
          this.refuse(
            v,
            c.attributes,
            name,
            `attributes.${name}`,
            `${JAVASCRIPT_ONLY}: remove the event handler`,
          );
    // Templates: Form.io's display templates are code ({% %}); our renderer draws rows and options itself.
    if (isDict(c.templates))
      for (const name of Object.keys(c.templates))
        this.removed(
          v,
          c.templates,
          name,
          `templates.${name}`,
          'removed: a Form.io display template; the NHS.UK renderer lays out each row itself',
        );
    if (typeof c.template === 'string' && c.template.includes('{%'))
      this.removed(
        v,
        c,
        'template',
        'template',
        'removed: a Form.io display template; options show their labels',
      );
    // Messages are filled in with names ({{ field }}); Form.io would call a function named there.
    const calls = (text: unknown) => typeof text === 'string' && /\{\{[^}]*\(/.test(text);
    if (isDict(c.validate) && calls(c.validate.customMessage))
      this.refuse(
        v,
        c.validate,
        'customMessage',
        'validate.customMessage',
        `${JAVASCRIPT_ONLY}: a message may name values ({{ field }}) but not call functions`,
      );
    if (isDict(c.errors))
      for (const name of Object.keys(c.errors))
        if (calls(c.errors[name]))
          this.refuse(
            v,
            c.errors,
            name,
            `errors.${name}`,
            `${JAVASCRIPT_ONLY}: a message may name values ({{ field }}) but not call functions`,
          );
    for (const name of ['html', 'content'])
      if (typeof c[name] === 'string' && (c[name] as string).includes('{%'))
        this.refuse(
          v,
          c,
          name,
          name,
          `${JAVASCRIPT_ONLY}: "{% %}" template code is not allowed in content; write plain HTML`,
        );
  }
}

/** Converted JavaScript that moves to another property (the rest stays where it was). */
const MOVED_TO: Record<string, string> = {
  customConditional: 'conditional.json',
  'validate.custom': 'validate.json',
  'trigger.javascript': 'trigger.json',
};

function hasSimpleCondition(conditional: Record<string, unknown>): boolean {
  if (isDict(conditional.json)) return true;
  if (typeof conditional.when === 'string' && conditional.when !== '') return true;
  return Array.isArray(conditional.conditions) && conditional.conditions.length > 0;
}

const isJavaScriptButton = (c: FormComponent) =>
  c.type === 'button' &&
  (c.action === 'custom' || c.action === 'url' || c.action === 'event' || c.action === 'oauth');
const isSubmitButton = (c: FormComponent) =>
  c.type === 'button' && (c.action === undefined || c.action === 'submit');

export function inspectDefinition(
  definition: FormDefinition,
  mode: Mode,
  convert?: Converter,
  readSchema?: SchemaReader,
): DefinitionCheck {
  const inspector = new Inspector(mode, convert, readSchema);
  const copy = structuredClone(definition) as FormDefinition;
  const form = copy as Record<string, unknown>;
  for (const name of ['controller', 'module', 'customJs'])
    if (!isBlank(form[name]))
      inspector.refuse(null, form, name, name, `${JAVASCRIPT_ONLY}: remove the form's ${name}`);

  // Buttons: the application has its own Save and Submit; a button that runs code or leaves the page goes.
  const withoutButtons = (list: FormComponent[]): FormComponent[] =>
    list
      .filter((c) => {
        if (isSubmitButton(c)) return false;
        if (!isJavaScriptButton(c)) return true;
        inspector.removedButton(c);
        return false;
      })
      .map((c) => mapChildren(c, withoutButtons));
  copy.components = withoutButtons(Array.isArray(copy.components) ? copy.components : []);

  // Types from other Form.io services whose meaning is plain become the nearest standard component.
  const notices = typeNotices(copy.components).map(
    ({ message, components }) =>
      `${message}${components.length > 0 ? ` (${components.map((k) => `'${k}'`).join(', ')})` : ''}`,
  );
  walkComponents(copy.components, (v) => {
    Object.assign(v.component, standardComponent(v.component));
  });
  inspector.indexData(copy.components);
  walkComponents(copy.components, (v) => {
    if (!inspector.shape(v)) return false;
    inspector.blanks(v);
    inspector.properties(v);
    inspector.code(v);
    return undefined;
  });
  return {
    definition: copy,
    conversions: inspector.conversions,
    problems: inspector.problems,
    notices: mode === 'upload' ? [...notices, ...inspector.ignored] : [],
  };
}

/** A component as a manager knows it: 'Ward' (key 'ward'), or its key, or its place in the form. */
export function nameOfRef(component: ComponentRef | null): string {
  if (!component) return 'The form';
  const { key, label, position, type } = component;
  if (label && key && label !== key) return `'${label}' (key '${key}')`;
  if (key || label) return `'${key || label}'`;
  return `Component ${position ?? '?'}${type ? ` (a ${type})` : ''}`;
}

/**
 * The definition as the engine evaluates it: every place that could hold code, a fetch from elsewhere
 * or a property of the wrong type removed. Never throws, never converts (that happened on upload).
 */
export const stripDefinition = (definition: FormDefinition): FormDefinition =>
  inspectDefinition(definition, 'evaluate').definition;
