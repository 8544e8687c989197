import { standardComponent } from '@dcf/forms/component-types';
import { dataShapeOf, type FormComponent, isMultiValue, walkComponents } from '@dcf/forms/components';
import type { JSX } from 'react';
import { type ComponentProps, type Scope, text, useForm } from './context';
import { DateTimeInput, DayInput, TimeInput } from './dates';
import { EditGrid } from './editgrid';
import { FileInput } from './file';
import { Grid } from './grid';
import {
  CheckboxInput,
  NumberInput,
  RadioInput,
  SelectBoxesInput,
  SelectInput,
  SurveyInput,
  TextArea,
  TextInput,
} from './inputs';
import { Columns, Container, Content, Fieldset, HtmlElement, LayoutTable, Panel, Well } from './layout';
import { MultiValue } from './multi-value';
import { joinPath } from './paths';
import { SignatureInput } from './signature';
import { Tabs } from './tabs';

const views: Record<string, (props: ComponentProps) => JSX.Element | null> = {
  textfield: TextInput,
  email: TextInput,
  phoneNumber: TextInput,
  url: TextInput,
  password: TextInput,
  textarea: TextArea,
  number: NumberInput,
  currency: NumberInput,
  select: SelectInput,
  radio: RadioInput,
  checkbox: CheckboxInput,
  selectboxes: SelectBoxesInput,
  survey: SurveyInput,
  day: DayInput,
  datetime: DateTimeInput,
  time: TimeInput,
  file: FileInput,
  datagrid: Grid,
  editgrid: EditGrid,
  container: Container,
  panel: Panel,
  fieldset: Fieldset,
  columns: Columns,
  table: LayoutTable,
  well: Well,
  tabs: Tabs,
  content: Content,
  htmlelement: HtmlElement,
  signature: SignatureInput,
};

/** Never shown: hidden answers (kept as they are) and buttons (the page has its own). */
const NOT_SHOWN = new Set(['hidden', 'button']);

/** The path a component is known by: its data path, or its layout path when it keeps no answer. */
export function pathOf(component: FormComponent, scope: Scope): string {
  const shape = dataShapeOf(component);
  const key = text(component.key);
  return shape === 'layout' || shape === 'content'
    ? joinPath(scope.layoutPrefix, key)
    : joinPath(scope.dataPrefix, key);
}

/** One Form.io component, as the NHS.UK component that matches its type; nothing when hidden. */
export function ComponentView({ component: given, scope }: { component: FormComponent; scope: Scope }) {
  const form = useForm();
  // A type from another Form.io service is drawn as its nearest standard component (decision 0035).
  const standard = standardComponent(given);
  // Form.io's builder hides the labels of a grid's questions (its table has column headings); here a
  // row lists its questions one under another, so each keeps its label in sight (decision 0035).
  const component =
    standard.hideLabel === true && scope.dataPrefix.includes('[')
      ? { ...standard, hideLabel: false }
      : standard;
  const type = text(component.type);
  if (NOT_SHOWN.has(type) || component.hidden === true) return null;
  const path = pathOf(component, scope);
  if (form.hidden.has(path) || (!form.ready && conditional(component))) return null;
  const View = views[type] ?? fallback(component);
  // Always a fragment: a note appearing must not remount the question being typed into.
  return (
    <>
      {isMultiValue(component) ? (
        <MultiValue View={View} component={component} path={path} scope={scope} />
      ) : (
        <View component={component} path={path} scope={scope} />
      )}
      {form.noteAt(path)}
    </>
  );
}

/** Whether any question of the form comes and goes or is calculated: the engine must be there to answer it. */
export const hasRules = (definition: { components?: readonly FormComponent[] }) => {
  let found = false;
  walkComponents(definition.components ?? [], ({ component }) => {
    if (conditional(component) || component.calculateValue) found = true;
  });
  return found;
};

/** Whether the component is shown only under a condition (or logic): the engine decides. */
const conditional = (c: FormComponent) => {
  const condition = (c.conditional ?? {}) as { when?: unknown; json?: unknown; conditions?: unknown };
  return (
    Boolean(condition.when) ||
    Boolean(condition.json) ||
    (Array.isArray(condition.conditions) && condition.conditions.length > 0) ||
    (Array.isArray(c.logic) && c.logic.length > 0)
  );
};

/** A type we do not know: its children laid out when it has some, else a text box for its answer. */
function fallback(component: FormComponent) {
  const shape = dataShapeOf(component);
  if (shape === 'layout') return Container;
  if (shape === 'object') return Container;
  if (shape === 'rows') return Grid;
  if (shape === 'content') return Content;
  return TextInput;
}

/** A list of components in one scope. */
export function Children({ list, scope }: { list: readonly FormComponent[] | undefined; scope: Scope }) {
  if (!list) return null;
  return (
    <>
      {list.map((component, index) => (
        // Keys may repeat in a broken definition; the position keeps React's list stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat in a broken definition.
        <ComponentView key={`${text(component.key)}-${index}`} component={component} scope={scope} />
      ))}
    </>
  );
}
