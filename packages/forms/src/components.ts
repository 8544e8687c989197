import { isDict } from './logic/values';
/**
 * Form.io definitions as this application reads them, and THE component walker: every part of the
 * package (definition checks, the engine, the answers walker, Excel, exports) finds a component's
 * children here, so a layout nested at any depth (columns, table cells, tabs, panels, wells, fieldsets,
 * containers, data grids, edit grids) is walked the same way everywhere.
 */

/** A Form.io component as far as this application needs to know: the rest passes through untouched. */
export interface FormComponent {
  type?: string;
  key?: string;
  label?: string;
  input?: boolean;
  action?: string;
  components?: FormComponent[];
  columns?: { components?: FormComponent[]; [other: string]: unknown }[];
  /** A table's grid of cells; a textarea's `rows` is a number (the builder writes `"rows": 3`). */
  rows?: unknown;
  [other: string]: unknown;
}

export interface FormDefinition {
  display: 'form' | 'wizard';
  components: FormComponent[];
  [other: string]: unknown;
}

export type Answers = Record<string, unknown>;
/** Messages per data path (`staff[0].headcount`), or per `form` for the whole return. */
export type FieldErrors = Record<string, string[]>;

const componentsIn = (value: unknown): FormComponent[] =>
  Array.isArray(value) ? (value.filter(isDict) as FormComponent[]) : [];

/**
 * The lists of child components of a component: its `components`, each column's, and each table
 * cell's. A `rows` that is not an array of arrays (a textarea's `"rows": 3`) holds no children.
 */
export function childLists(c: FormComponent): FormComponent[][] {
  const lists: FormComponent[][] = [];
  if (Array.isArray(c.components)) lists.push(componentsIn(c.components));
  if (Array.isArray(c.columns))
    for (const column of c.columns) if (isDict(column)) lists.push(componentsIn(column.components));
  if (Array.isArray(c.rows))
    for (const row of c.rows) {
      if (!Array.isArray(row)) continue;
      for (const cell of row) if (isDict(cell)) lists.push(componentsIn(cell.components));
    }
  return lists;
}

/** Replaces the children of a component (same places as childLists), for transforms. */
export function mapChildren(
  c: FormComponent,
  map: (list: FormComponent[]) => FormComponent[],
): FormComponent {
  const out: FormComponent = { ...c };
  if (Array.isArray(c.components)) out.components = map(componentsIn(c.components));
  if (Array.isArray(c.columns))
    out.columns = c.columns.map((column) =>
      isDict(column) ? { ...column, components: map(componentsIn(column.components)) } : column,
    );
  if (Array.isArray(c.rows))
    out.rows = c.rows.map((row) =>
      Array.isArray(row)
        ? row.map((cell) =>
            isDict(cell)
              ? { ...cell, components: map(componentsIn((cell as FormComponent).components)) }
              : cell,
          )
        : row,
    );
  return out;
}

/**
 * Where a component keeps its answer, as Form.io's data model says:
 * - 'rows': an array of row objects, each holding the children's answers (data grid, edit grid);
 * - 'object': an object under its key holding the children's answers (container, or `tree: true`);
 * - 'layout': no answer of its own, its children's answers sit at its level (panel, columns, table...);
 * - 'content': no answer at all (HTML content);
 * - 'value': one answer under its key (any input, including structured ones such as select boxes).
 */
export type DataShape = 'rows' | 'object' | 'layout' | 'content' | 'value';

const ROW_TYPES = new Set(['datagrid', 'editgrid', 'datatable', 'dynamicWizard']);
const LAYOUT_TYPES = new Set(['table', 'well', 'columns', 'fieldset', 'panel', 'tabs']);
/** No answer at all: HTML content, and buttons (the application supplies its own). */
const CONTENT_TYPES = new Set(['htmlelement', 'content', 'button']);
/** Inputs whose value is an object although they have child components or `tree`. */
const LEAF_OBJECT_TYPES = new Set(['address', 'selectboxes', 'survey', 'datamap', 'file', 'tags']);

export function dataShapeOf(c: FormComponent): DataShape {
  const type = String(c.type ?? '');
  if (CONTENT_TYPES.has(type)) return 'content';
  if (ROW_TYPES.has(type)) return 'rows';
  if (type === 'container' || type === 'form') return 'object';
  if (LAYOUT_TYPES.has(type)) return 'layout';
  if (LEAF_OBJECT_TYPES.has(type)) return 'value';
  if (c.tree === true && Array.isArray(c.components)) return 'object';
  if (c.input === false || (Array.isArray(c.components) && !c.input)) return 'layout';
  // A tab entry ({ key, label, components }) has no type: it lays out its children.
  if (!c.type) return Array.isArray(c.components) ? 'layout' : 'value';
  return 'value';
}

/**
 * Where an 'object' component keeps its children's answers, relative to its own value: a nested form
 * keeps them under `data` (`{ key: { data: { ... } } }`, Form.io's dataObject), a container directly.
 */
export const innerDataKey = (c: FormComponent): string | null => (c.type === 'form' ? 'data' : null);

/** True when a component holds an answer under its key (an input, a container or a grid). */
export const hasData = (c: FormComponent): boolean => {
  const shape = dataShapeOf(c);
  return (
    (shape === 'value' || shape === 'object' || shape === 'rows') && typeof c.key === 'string' && c.key !== ''
  );
};

export interface Visit {
  component: FormComponent;
  parent: FormComponent | undefined;
  /** Nesting depth: 0 at the top level of the form. */
  depth: number;
  /**
   * The component's data path with `[*]` for each enclosing grid's row (`staff[*].grade`), or its
   * place in the layout for a component with no data (`page1`).
   */
  path: string;
  /** The data path its children's answers are under (`''` at the top). */
  dataPrefix: string;
}

const join = (prefix: string, key: string) =>
  prefix === '' ? key : key === '' ? prefix : `${prefix}.${key}`;

/**
 * Visits every component at any depth, in form order. `visit` returning false skips the component's
 * children. Paths follow Form.io's data model: containers and grids nest their children's answers,
 * layout components do not.
 */
export function walkComponents(
  components: readonly FormComponent[],
  visit: (v: Visit) => boolean | undefined,
): void {
  const walk = (
    list: readonly FormComponent[],
    parent: FormComponent | undefined,
    depth: number,
    prefix: string,
    layout: string,
  ) => {
    for (const component of list) {
      const shape = dataShapeOf(component);
      const key = typeof component.key === 'string' ? component.key : '';
      const path = shape === 'layout' || shape === 'content' ? join(layout, key) : join(prefix, key);
      if (visit({ component, parent, depth, path, dataPrefix: prefix }) === false) continue;
      const inner = innerDataKey(component);
      const childPrefix =
        shape === 'rows'
          ? `${join(prefix, key)}[*]`
          : shape === 'object'
            ? join(join(prefix, key), inner ?? '')
            : prefix;
      const childLayout = shape === 'layout' ? join(layout, key) : childPrefix;
      for (const list of childLists(component)) walk(list, component, depth + 1, childPrefix, childLayout);
    }
  };
  walk(components, undefined, 0, '', '');
}

/**
 * Types whose `multiple: true` answer is a list of single answers, answered as an NHS "add another" list
 * (decision 0035). Select boxes and files keep their own shapes.
 */
export const MULTI_VALUE_TYPES: ReadonlySet<string> = new Set([
  'textfield',
  'textarea',
  'number',
  'currency',
  'email',
  'url',
  'phoneNumber',
  'time',
  'datetime',
  'day',
  'select',
  'password',
]);

/**
 * The items of a select's JSON data source (`data.json`: a list, or a manager's JSON text of one); null when
 * it has none or the text does not parse.
 */
export function jsonDataItems(c: FormComponent): unknown[] | null {
  let items = isDict(c.data) ? c.data.json : undefined;
  if (typeof items === 'string') {
    try {
      items = JSON.parse(items);
    } catch {
      return null;
    }
  }
  return Array.isArray(items) ? items : null;
}

/** Whether a question's answer is a list of single answers (`multiple: true` on a type that allows it). */
export const isMultiValue = (c: FormComponent): boolean =>
  c.multiple === true && MULTI_VALUE_TYPES.has(String(c.type));

/** The words a person knows a component by: its label, else its title or legend, else its key. */
export function labelOf(c: FormComponent): string {
  for (const text of [c.label, c.title, c.legend, c.key])
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  return '';
}

export interface AnswerVisit {
  component: FormComponent;
  /** The answer (undefined when not answered). */
  value: unknown;
  /** Its concrete data path: `staff[0].grade`. */
  path: string;
  /** The object holding the answer under the component's key (the row, container or whole return). */
  holder: Record<string, unknown>;
}

/**
 * Visits every answer-holding input of a form with its answer, at any depth: layout is looked
 * through, containers descend into their object, grids into each row. Containers and grids
 * themselves are not visited, their inputs are.
 */
export function walkAnswers(
  components: readonly FormComponent[],
  data: Record<string, unknown>,
  visit: (v: AnswerVisit) => void,
): void {
  const walk = (list: readonly FormComponent[], holder: Record<string, unknown>, prefix: string) => {
    for (const component of list) {
      const shape = dataShapeOf(component);
      if (shape === 'content') continue;
      if (shape === 'layout') {
        for (const children of childLists(component)) walk(children, holder, prefix);
        continue;
      }
      const key = typeof component.key === 'string' ? component.key : '';
      if (key === '') continue;
      const path = join(prefix, key);
      const value = Object.hasOwn(holder, key) ? holder[key] : undefined;
      if (shape === 'object') {
        const inner = innerDataKey(component);
        const holderOfChildren = inner && isDict(value) ? value[inner] : value;
        if (isDict(holderOfChildren))
          for (const children of childLists(component))
            walk(children, holderOfChildren, join(path, inner ?? ''));
      } else if (shape === 'rows') {
        if (Array.isArray(value))
          value.forEach((row, i) => {
            if (isDict(row))
              for (const children of childLists(component)) walk(children, row, `${path}[${i}]`);
          });
      } else visit({ component, value, path, holder });
    }
  };
  walk(components, data, '');
}
