/**
 * What Form.io passes a template function (see `Component.renderTemplate` in @formio/js 5). Only the parts
 * our NHS.UK templates read are typed; Form.io adds more.
 */
export interface TemplateContext {
  id: string;
  key: string;
  classes: string;
  styles?: string;
  visible: boolean;
  children: string | string[];
  /** The rendered input, given to the `field` template. */
  element: string;
  readOnly?: boolean;
  component: FormioComponentJson;
  instance: { id: string; root?: { id: string } };
  options: Record<string, unknown> & { readOnly?: boolean; completedPages?: readonly string[] };
  label: { hidden?: boolean };
  input: {
    type: string;
    ref?: string;
    attr: Record<string, string | number | boolean | undefined>;
    content?: string;
    label?: string;
    multiple?: boolean;
  };
  prefix?: string;
  suffix?: string;
  values: { label: string; value: string | number | boolean }[];
  value: unknown;
  row?: string | number;
  checked?: boolean;
  message?: string;
  level?: string;
  errors: { message: string; keyOrPath: string }[];
  attrs: Record<string, string>;
  type: string;
  nestedKey: string;
  collapsed?: boolean;
  selectOptions?: string;
  // Wizard
  className: string;
  wizardKey: string;
  panels: FormioComponentJson[];
  currentPage: number;
  buttons: Record<string, unknown>;
  components: string;
  wizardHeader: string | null;
  wizardNav: string;
  t: (text: string | undefined, params?: Record<string, unknown>) => string;
}

export interface FormioComponentJson {
  key: string;
  type: string;
  label?: string;
  title?: string;
  legend?: string;
  description?: string;
  hideLabel?: boolean;
  validate?: { required?: boolean };
  [other: string]: unknown;
}

export type Template = (ctx: TemplateContext) => string;

/** Escapes a value for an HTML attribute. Labels and content are sanitised by Form.io itself. */
export function attr(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
}

/** The ids every field template agrees on, so labels, hints and errors connect to the input. */
export function fieldIds(ctx: TemplateContext) {
  const base = `${ctx.instance.id}-${ctx.component.key}`;
  return { input: base, label: `l-${base}`, hint: `d-${base}`, error: `e-${base}` };
}

/** `aria-describedby` for a field: its hint (when there is one) and its error container (always there). */
export function describedBy(ctx: TemplateContext): string {
  const ids = fieldIds(ctx);
  return ctx.component.description ? `${ids.hint} ${ids.error}` : ids.error;
}

/** The asterisk of the specification's required label, as `RequiredLabel` draws it. */
export function requiredMark(ctx: TemplateContext): string {
  return ctx.component.validate?.required
    ? ' <span class="dcf-required" aria-hidden="true">*</span> <span class="nhsuk-u-visually-hidden">(required)</span>'
    : '';
}

/** Input attributes from Form.io except its Bootstrap class and the ones the template sets itself. */
export function inputAttributes(ctx: TemplateContext, skip: readonly string[] = []): string {
  return Object.entries(ctx.input.attr)
    .filter(([name, value]) => value !== undefined && name !== 'class' && !skip.includes(name))
    .map(([name, value]) => `${name}="${attr(value)}"`)
    .join(' ');
}
