import { Components, Templates, Utils } from '@formio/js';
import { safeEditForm } from './edit-forms';
import { registerJsonLogicField } from './json-logic-field';
import { BUILDER_TEMPLATE, builderTemplates } from './templates';

/**
 * Prepares Form.io for the builder, once: no eval, our JSON Logic box, safe edit forms for every
 * component type, our template set, and tabs that keep their ARIA state.
 */

type EditFormFunction = ((...extend: unknown[]) => { components: never[] }) & { dcfSafe?: true };
type ComponentClass = { editForm?: EditFormFunction; prototype: object };

// Only what the patches below touch of Form.io's (untyped) component instances.
interface SelectInstance {
  options?: { template?: string };
  component: { widget?: string; data?: { custom?: unknown } };
  asyncValues?: boolean;
  evalContext(extra: Record<string, unknown>): Record<string, unknown>;
}
interface SelectPrototype {
  dcfNative?: boolean;
  init(this: SelectInstance): unknown;
  getCustomItems(this: SelectInstance): unknown;
}
interface TabsInstance {
  refs?: Record<string, HTMLElement[] | undefined>;
  tabLinkKey: string;
  currentTab: number;
  setTab(index: number): void;
  addEventListener(target: EventTarget, type: string, listener: (event: KeyboardEvent) => void): void;
}
interface TabsPrototype {
  dcfAria?: boolean;
  setTab(this: TabsInstance, index: number): void;
  attach(this: TabsInstance, element: HTMLElement): unknown;
}

let done = false;

export function setUpFormio(): void {
  if (done) return;
  done = true;
  // One of Form.io's dependencies (custom-event, through dragula) reads Node's `global` when it runs.
  (globalThis as { global?: unknown }).global ??= globalThis;
  // Our content security policy refuses eval (script-src 'self'), and Form.io compiles every '{{ }}'
  // string with lodash's template (new Function) unless told not to. In no-eval mode it fills simple
  // '{{ path }}' placeholders itself, which is all the builder's own strings need.
  Utils.Evaluator.noeval = true;

  const registry = Components as unknown as {
    components: Record<string, ComponentClass>;
    addComponent(name: string, component: unknown): void;
  };
  registerJsonLogicField(registry);
  for (const componentClass of Object.values(registry.components)) makeEditFormSafe(componentClass);
  keepTabsAriaState(registry.components.tabs);
  noCalendarWidget(registry.components.datetime);
  nativeSelectsInBuilder(registry.components.select);

  const templates = Templates as unknown as {
    templates: Record<string, Record<string, unknown>>;
    addTemplate(name: string, template: unknown): void;
  };
  const bootstrap = templates.templates.bootstrap5 ?? templates.templates.bootstrap;
  if (bootstrap) templates.addTemplate(BUILDER_TEMPLATE, builderTemplates(bootstrap));
}

/** Every component type's settings form goes through the allow-list (edit-forms.ts). */
function makeEditFormSafe(componentClass: ComponentClass): void {
  const original = componentClass.editForm;
  if (!original || original.dcfSafe) return;
  const safe: EditFormFunction = function (this: unknown, ...extend: unknown[]) {
    return safeEditForm(original.apply(this, extend)) as { components: never[] };
  };
  safe.dcfSafe = true;
  componentClass.editForm = safe;
}

/**
 * Selects drawn by the builder (on the canvas and in the settings preview) are native selects:
 * choices.js, Form.io's default, fails axe (a placeholder without contrast, unnamed buttons) and its
 * styles come from a CDN.
 */
function nativeSelectsInBuilder(selectClass: ComponentClass | undefined): void {
  if (!selectClass) return;
  const proto = selectClass.prototype as SelectPrototype;
  if (proto.dcfNative) return;
  proto.dcfNative = true;
  const init = proto.init;
  proto.init = function (this: SelectInstance) {
    if (this.options?.template === BUILDER_TEMPLATE && this.component.widget !== 'html5') {
      // In place: the builder finds components by this very object. The definition then says html5,
      // which is also what our renderer draws.
      this.component.widget = 'html5';
    }
    return init.call(this);
  };
  // In no-eval mode Form.io runs no function at all, so its own settings lists built by a function
  // (the simple condition's "When the form component" list) stayed empty. A function can only come
  // from code (definitions are JSON), so it is called; strings still never run.
  const getCustomItems = proto.getCustomItems;
  proto.getCustomItems = function (this: SelectInstance) {
    const custom = this.component.data?.custom;
    if (typeof custom !== 'function') return getCustomItems.call(this);
    this.asyncValues = false;
    return custom(this.evalContext({ values: [] }));
  };
}

/**
 * Form.io switches tabs by classes only; screen readers need aria-selected on the tab links our `tab`
 * template marks as role="tab". Left and Right arrows move between them, as in the ARIA tabs pattern.
 */
function keepTabsAriaState(tabsClass: ComponentClass | undefined): void {
  if (!tabsClass) return;
  const proto = tabsClass.prototype as TabsPrototype;
  if (proto.dcfAria) return;
  proto.dcfAria = true;
  const { setTab, attach } = proto;
  proto.setTab = function (this: TabsInstance, index: number) {
    setTab.call(this, index);
    const links: HTMLElement[] = this.refs?.[this.tabLinkKey] ?? [];
    links.forEach((link, i) => {
      link.setAttribute('aria-selected', String(i === this.currentTab));
    });
  };
  proto.attach = function (this: TabsInstance, element: HTMLElement) {
    const result = attach.call(this, element);
    const links: HTMLElement[] = this.refs?.[this.tabLinkKey] ?? [];
    links.forEach((link, i) => {
      this.addEventListener(link, 'keydown', (event: KeyboardEvent) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        event.preventDefault();
        const next = (i + step + links.length) % links.length;
        this.setTab(next);
        links[next]?.focus();
      });
    });
    return result;
  };
}

interface WidgetPrototype {
  dcfNoCalendar?: boolean;
  createWidget(this: { component: { widget?: unknown } }, index: number): unknown;
}

/**
 * Date and time components in the builder (on the canvas, in their settings' preview and default value)
 * get no calendar widget: Form.io's loads flatpickr's script and styles from its CDN, which our content
 * security policy refuses (console errors, an uncaught error). The box takes the date typed; a form's
 * date is drawn as the NHS.UK date input by our renderer anyway (decision 0035).
 */
function noCalendarWidget(dateTimeClass: ComponentClass | undefined): void {
  if (!dateTimeClass) return;
  const proto = dateTimeClass.prototype as WidgetPrototype;
  if (proto.dcfNoCalendar) return;
  proto.dcfNoCalendar = true;
  const createWidget = proto.createWidget;
  proto.createWidget = function (this: { component: { widget?: unknown } }, index: number) {
    const widget = this.component.widget as { type?: string } | string | undefined;
    const type = typeof widget === 'string' ? widget : widget?.type;
    return type === 'calendar' ? null : createWidget.call(this, index);
  };
}
