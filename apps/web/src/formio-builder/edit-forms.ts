/**
 * What the builder's component settings dialog offers. Form.io builds each component's settings form
 * ("edit form") from JSON; ours keeps only the settings on an allow-list, so anything Form.io adds in a
 * later release stays out until someone decides it is safe. Left out, with why:
 *
 * - JavaScript, which is never run (docs/decisions/0012-form-builder.md): custom default values,
 *   JavaScript calculated values, custom validation, advanced conditions in JavaScript, the Logic tab,
 *   a wizard page's next-page script, edit grid row templates and row validation, select data from
 *   custom code or item templates, add-button conditions, date-picker disable functions.
 * - What reaches another server or needs Form.io's: data sources other than a values list (URL,
 *   resource, raw JSON, custom; the data source choice itself goes, a list is all there is), uniqueness,
 *   encryption, database indexes, server-side calculation and overrides, file upload settings.
 * - Widgets we do not ship (they load from Form.io's CDN, or fail accessibility checks): rich text
 *   editors, choices.js selects and tags, calendar and input-mask widgets.
 * - Presentation the NHS.UK renderer decides: label position and width, CSS classes, tab index,
 *   themes, table striping, HTML attributes, PDF overlay (the Layout tab).
 *
 * JSON Logic stays, in plain text areas that must hold JSON: calculated value, JSON Logic validation,
 * JSON Logic conditions.
 */

/** A component of a Form.io form (an edit form is a Form.io form too). */
export interface EditFormComponent {
  type?: string;
  key?: string;
  input?: boolean;
  label?: string;
  title?: string;
  tooltip?: string;
  description?: string;
  ignore?: boolean;
  components?: EditFormComponent[];
  columns?: { components?: EditFormComponent[] }[];
  [setting: string]: unknown;
}

export interface EditForm {
  components: EditFormComponent[];
}

/** The component type of our JSON Logic text area (`json-logic-field.ts`). */
export const JSON_LOGIC_FIELD = 'dcfJsonLogic';

/** Settings a manager may change, by the key Form.io gives them. */
export const ALLOWED_SETTINGS: ReadonlySet<string> = new Set([
  // Display
  'label',
  'title',
  'legend',
  'placeholder',
  'description',
  'tooltip',
  'prefix',
  'suffix',
  'hidden',
  'hideLabel',
  'disabled',
  'autocomplete',
  'spellcheck',
  'showWordCount',
  'showCharCount',
  'inputMask',
  'rows',
  'autoExpand',
  'inline',
  'uniqueOptions',
  'collapsible',
  'collapsed',
  'columns',
  'components',
  'numRows',
  'numCols',
  'header',
  'tag',
  'content',
  'html',
  'addAnother',
  'addAnotherPosition',
  'disableAddingRemovingRows',
  'initEmpty',
  'openWhenEmpty',
  'saveRow',
  'removeRow',
  'footer',
  // Data
  'multiple',
  'defaultValue',
  'delimiter',
  'decimalLimit',
  'requireDecimal',
  'clearOnHide',
  'case',
  'truncateMultipleSpaces',
  'allowCalculateOverride',
  'data.values',
  'values',
  'questions',
  'dataType',
  'currency',
  'dataFormat',
  'inlineEdit',
  // Validation
  'validate.required',
  'validate.minLength',
  'validate.maxLength',
  'validate.minWords',
  'validate.maxWords',
  'validate.pattern',
  'validate.min',
  'validate.max',
  'validate.minSelectedCount',
  'validate.maxSelectedCount',
  'minSelectedCountMessage',
  'maxSelectedCountMessage',
  'errorLabel',
  'validate.customMessage',
  'fields.day.required',
  'fields.month.required',
  'fields.year.required',
  'minDate',
  'maxDate',
  'datePicker.minDate',
  'datePicker.maxDate',
  'enableMinDateInput',
  'enableMaxDateInput',
  // Day / date / time parts
  'fields.day.hide',
  'fields.month.hide',
  'fields.year.hide',
  'fields.year.minYear',
  'fields.year.maxYear',
  'enableDate',
  'enableTime',
  'datePicker.disableWeekends',
  'datePicker.disableWeekdays',
  // API
  'key',
  // Conditional (simple)
  'conditional.show',
  'conditional.when',
  'conditional.eq',
]);

/**
 * Settings that hold JavaScript in Form.io's own edit forms, or load code or data from elsewhere. None
 * is on the allow-list; `edit-forms.test.ts` proves none survives for any component type.
 */
export const JAVASCRIPT_SETTINGS: readonly string[] = [
  'customDefaultValue',
  'customConditional',
  'validate.custom',
  'validate.customPrivate',
  'logic',
  'nextPage',
  'templates.header',
  'templates.row',
  'templates.footer',
  'templates.tableHeader',
  'templates.tableRow',
  'validate.row',
  'data.custom',
  'template',
  'conditionalAddButton',
  'datePicker.disableFunction',
  'defaultDate',
  'custom',
  'data.url',
  'data.resource',
  'data.json',
  'customOptions',
  'editor',
  'wysiwyg',
];

/** Form.io's panels of a JavaScript-or-JSON-Logic setting, replaced by a JSON Logic text area. */
const JSON_LOGIC_PANELS: Record<string, { key: string; label: string; description: string }> = {
  calculateValuePanel: {
    key: 'calculateValue',
    label: 'Calculated value (JSON Logic)',
    description:
      'The answer is worked out from other answers. Write a JSON Logic rule, for example {"+": [{"var": "data.nurses"}, {"var": "data.doctors"}]}. Leave empty for none.',
  },
  'json-validation-json': {
    key: 'validate.json',
    label: 'JSON Logic validation',
    description:
      'A JSON Logic rule that gives true when the answer is valid, or the error message, for example {"if": [{">": [{"var": "input"}, 0]}, true, "Enter a number greater than 0"]}. Leave empty for none.',
  },
  customConditionalPanel: {
    key: 'conditional.json',
    label: 'JSON Logic condition',
    description:
      'Shows the question when the rule gives true, for example {"===": [{"var": "data.anyVacancies"}, "yes"]}. It replaces the simple condition above. Leave empty for none.',
  },
};

/** Tabs of Form.io's edit forms that we drop whole. */
const DROPPED_TABS = new Set(['logic', 'layout']);

const jsonLogicField = (spec: (typeof JSON_LOGIC_PANELS)[string]): EditFormComponent => ({
  type: JSON_LOGIC_FIELD,
  key: spec.key,
  label: spec.label,
  description: spec.description,
  input: true,
});

/**
 * A setting kept, in the plainest accessible form: help text shown under the field rather than in an
 * icon tooltip (an icon has no name and needs a pointer), text areas without a code or rich-text
 * editor, selects as native selects.
 */
function plainSetting(component: EditFormComponent): EditFormComponent {
  const { tooltip, editor: _editor, wysiwyg: _wysiwyg, ...rest } = component;
  const setting: EditFormComponent = { ...rest };
  if (tooltip && !setting.description) setting.description = tooltip;
  if (setting.type === 'textarea' && setting.as !== 'json') delete setting.as;
  if (setting.type === 'select') setting.widget = 'html5';
  if (setting.autofocus) delete setting.autofocus;
  // A values list's rows move with an icon-only drag handle (no name, mouse only): rows stay in order.
  if (setting.type === 'datagrid') setting.reorder = false;
  if (Array.isArray(setting.components)) setting.components = setting.components.map(plainSetting);
  return setting;
}

const isLayout = (component: EditFormComponent) =>
  !component.input && (Array.isArray(component.components) || Array.isArray(component.columns));

function keepComponents(components: readonly EditFormComponent[] | undefined): EditFormComponent[] {
  const kept: EditFormComponent[] = [];
  for (const component of components ?? []) {
    if (component.ignore) continue;
    const jsonLogic = component.key ? JSON_LOGIC_PANELS[component.key] : undefined;
    if (jsonLogic) {
      kept.push(jsonLogicField(jsonLogic));
    } else if (component.type === JSON_LOGIC_FIELD) {
      kept.push(component);
    } else if (component.type === 'hidden' && component.key === 'type') {
      kept.push(component); // Form.io's own record of the component's type
    } else if (component.input && component.key && ALLOWED_SETTINGS.has(component.key)) {
      kept.push(plainSetting(component));
    } else if (isLayout(component)) {
      const layout = keepLayout(component);
      if (layout) kept.push(layout);
    }
  }
  return kept;
}

function keepLayout(component: EditFormComponent): EditFormComponent | null {
  if (component.type === 'tabs') {
    const tabs = (component.components ?? [])
      .filter((tab) => !DROPPED_TABS.has(String(tab.key)) && !tab.ignore)
      .map((tab) => ({ ...tab, components: keepComponents(tab.components) }))
      .filter((tab) => tab.components.length > 0);
    return tabs.length ? { ...component, components: tabs } : null;
  }
  if (Array.isArray(component.columns)) {
    const columns = component.columns.map((column) => ({
      ...column,
      components: keepComponents(column.components),
    }));
    return columns.some((column) => column.components.length) ? { ...component, columns } : null;
  }
  const children = keepComponents(component.components);
  if (!children.length) return null;
  // Panels of settings stay open: a collapsed panel hides settings behind one more control.
  return { ...component, components: children, collapsible: false, collapsed: false };
}

/** The edit form a manager sees: Form.io's, with only the allowed settings (see the file comment). */
export function safeEditForm(form: EditForm): EditForm {
  return { ...form, components: keepComponents(form.components) };
}

/**
 * Every setting of an edit form, by key. A setting's own parts (the rows of a values list) are not
 * settings of their own.
 */
export function settingKeys(form: EditForm): string[] {
  const keys: string[] = [];
  const walk = (components: readonly EditFormComponent[] | undefined) => {
    for (const component of components ?? []) {
      if (component.input && component.key) {
        keys.push(component.key);
        continue;
      }
      walk(component.components);
      for (const column of component.columns ?? []) walk(column.components);
    }
  };
  walk(form.components);
  return keys;
}
