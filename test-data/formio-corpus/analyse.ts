// What a Form.io definition holds, read from its component tree: which component types, which properties
// carry JavaScript (the product must convert them to JSON Logic or refuse them), which carry JSON Logic,
// and whether it has simple conditions and grids inside grids. The corpus test checks index.ts against it.

export interface DefinitionFeatures {
  componentTypes: string[];
  /** Properties holding JavaScript source, e.g. `validate.custom`, `logic.trigger.javascript`. */
  customJavaScript: string[];
  /** Properties holding JSON Logic, e.g. `conditional.json`, `calculateValue`. */
  jsonLogic: string[];
  simpleConditionals: boolean;
  /** A datagrid or editgrid inside another one (at any depth, through layout components). */
  nestedGrids: boolean;
}

type Json = Record<string, unknown>;

const GRIDS = new Set(['datagrid', 'editgrid']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
const hasLogic = (value: unknown): boolean => isObject(value) && Object.keys(value).length > 0;

export function analyseDefinition(definition: { components: unknown[] }): DefinitionFeatures {
  const types = new Set<string>();
  const javaScript = new Set<string>();
  const jsonLogic = new Set<string>();
  let simpleConditionals = false;
  let nestedGrids = false;

  const inspect = (component: Json) => {
    const validate = isObject(component.validate) ? component.validate : {};
    if (hasText(validate.custom)) javaScript.add('validate.custom');
    if (hasLogic(validate.json)) jsonLogic.add('validate.json');
    for (const property of ['calculateValue', 'customDefaultValue'] as const) {
      if (hasText(component[property])) javaScript.add(property);
      if (hasLogic(component[property])) jsonLogic.add(property);
    }
    if (hasText(component.customConditional)) javaScript.add('customConditional');
    // Form.io runs `{{ expression }}` and `{% statement %}` in HTML as lodash templates, with the data in scope.
    for (const property of ['html', 'content'] as const) {
      const text = component[property];
      if (typeof text === 'string' && /\{\{|\{%/.test(text)) javaScript.add(`${property}.template`);
    }
    const conditional = isObject(component.conditional) ? component.conditional : {};
    if (hasLogic(conditional.json)) jsonLogic.add('conditional.json');
    if (
      hasText(conditional.when) ||
      (Array.isArray(conditional.conditions) && conditional.conditions.length > 0)
    ) {
      simpleConditionals = true;
    }
    const data = isObject(component.data) ? component.data : {};
    if (component.dataSrc === 'custom' && hasText(data.custom)) javaScript.add('data.custom');
    for (const rule of Array.isArray(component.logic) ? component.logic : []) {
      if (!isObject(rule)) continue;
      const trigger = isObject(rule.trigger) ? rule.trigger : {};
      if (trigger.type === 'javascript' && hasText(trigger.javascript))
        javaScript.add('logic.trigger.javascript');
      if (trigger.type === 'json' && hasLogic(trigger.json)) jsonLogic.add('logic.trigger.json');
      if (trigger.type === 'simple') simpleConditionals = true;
      for (const action of Array.isArray(rule.actions) ? rule.actions : []) {
        if (!isObject(action)) continue;
        if (action.type === 'value' && hasText(action.value)) javaScript.add('logic.action.value');
        if (action.type === 'customAction' && hasText(action.customAction)) {
          javaScript.add('logic.action.customAction');
        }
        if (action.type === 'mergeComponentSchema' && hasText(action.schemaDefinition)) {
          javaScript.add('logic.action.mergeComponentSchema');
        }
      }
    }
  };

  // Children live in `components` (tabs hold untyped tab objects that hold `components`), in
  // `columns[].components` and in a table's `rows[][].components`. A textarea's `rows` is a number.
  const visit = (nodes: unknown, gridDepth: number) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (!isObject(node)) continue;
      let depth = gridDepth;
      if (typeof node.type === 'string') {
        types.add(node.type);
        inspect(node);
        if (GRIDS.has(node.type)) {
          depth += 1;
          if (depth > 1) nestedGrids = true;
        }
      }
      visit(node.components, depth);
      if (Array.isArray(node.columns))
        for (const column of node.columns) if (isObject(column)) visit(column.components, depth);
      if (Array.isArray(node.rows)) {
        for (const row of node.rows)
          if (Array.isArray(row)) for (const cell of row) if (isObject(cell)) visit(cell.components, depth);
      }
    }
  };
  visit(definition.components, 0);

  return {
    componentTypes: [...types].sort(),
    customJavaScript: [...javaScript].sort(),
    jsonLogic: [...jsonLogic].sort(),
    simpleConditionals,
    nestedGrids,
  };
}
