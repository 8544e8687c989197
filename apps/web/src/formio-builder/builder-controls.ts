/**
 * What Form.io's builder does not do for keyboard and screen reader users, added around it: add a
 * component by pressing its palette button, move a component up or down, copy it, and a settings
 * dialog that takes focus, keeps it, closes on Escape and gives focus back.
 *
 * Form.io's builder classes are untyped JavaScript; `BuilderInstance` names only what is used here.
 */

/** A container element on the canvas, as Form.io marks it (WebformBuilder's attachComponents hook). */
type ContainerElement = HTMLElement & {
  formioContainer?: Record<string, unknown>[];
  formioComponent?: { component: Record<string, unknown>; rebuild(): Promise<unknown> };
};
type ComponentElement = HTMLElement & {
  formioComponent?: { component: Record<string, unknown>; element: HTMLElement };
};

export interface BuilderInstance {
  form: Record<string, unknown>;
  dialog?: HTMLElement & { close(): void };
  refs: { form?: HTMLElement };
  on(event: string, listener: (...args: never[]) => void): void;
  onDrop(element: HTMLElement, target: HTMLElement, source: HTMLElement, sibling: HTMLElement | null): void;
  getParentElement(element: HTMLElement): ContainerElement | null;
  copyComponent(component: unknown): void;
  pasteComponent(component: unknown): void;
}

/** Where a component added from the palette goes: the form, or a wizard's current page. */
function dropTarget(builder: BuilderInstance): ContainerElement | undefined {
  const containers = [
    ...(builder.refs.form?.querySelectorAll<ContainerElement>('.drag-container') ?? []),
  ].filter((element) => element.formioContainer);
  // A wizard's canvas holds one page: its first container is that page's panel, inside the root.
  const page = containers.find((element) => element.formioComponent?.component?.type === 'panel');
  const root = containers[0];
  const isWizard = (builder.form as { display?: string }).display === 'wizard';
  return isWizard && page ? page : root;
}

/** Adds a palette component at the end of the form (or page) and opens its settings, as a drop would. */
export function addFromPalette(builder: BuilderInstance, button: HTMLElement): void {
  const target = dropTarget(builder);
  if (!target || !button.parentElement) return;
  builder.onDrop(button, target, button.parentElement, null);
}

/** The canvas element of the component a button belongs to: Form.io attaches it to our wrapper. */
const componentOf = (button: HTMLElement): ComponentElement | undefined => {
  const wrapper = button.closest<ComponentElement>('.builder-component');
  return wrapper?.formioComponent ? wrapper : undefined;
};

/**
 * Moves a component one place up or down among its siblings, as Form.io's own keyboard move does
 * (the container's list and a rebuild of the container), and keeps focus on the same button.
 * Returns whether it moved (not past either end).
 */
export async function moveComponent(
  builder: BuilderInstance,
  button: HTMLElement,
  step: -1 | 1,
): Promise<boolean> {
  const element = componentOf(button);
  const component = element?.formioComponent;
  if (!element || !component) return false;
  const parent = builder.getParentElement(element);
  const list = parent?.formioContainer;
  if (!parent?.formioComponent || !list) return false;
  const index = list.indexOf(component.component);
  const target = index + step;
  if (index < 0 || target < 0 || target >= list.length) return false;
  list.splice(index, 1);
  list.splice(target, 0, component.component);
  await parent.formioComponent.rebuild();
  focusAction(builder, String(component.component.key), step === -1 ? 'up' : 'down');
  return true;
}

/** A component that holds a list of components a manager can move a question into. */
const takesComponents = (component: Record<string, unknown> | undefined) =>
  Boolean(component) &&
  Array.isArray(component?.components) &&
  !['tabs', 'columns', 'table'].includes(String(component?.type));

/** The container element a component's own container sits in, or null at the top of the form. */
function outerOf(builder: BuilderInstance, parent: ContainerElement): ContainerElement | null {
  const wrapper = parent.closest<HTMLElement>('.builder-component');
  return wrapper ? builder.getParentElement(wrapper) : null;
}

/**
 * A keyboard way to put a component inside a section (decision 0035): "Move into" puts it at the end of
 * the panel, fieldset, well, container or grid just above it; "Move out" puts it just after the section it
 * is in. Dragging with a mouse does the same. Returns whether it moved.
 */
export async function moveAcross(
  builder: BuilderInstance,
  button: HTMLElement,
  where: 'into' | 'out',
): Promise<boolean> {
  const element = componentOf(button);
  const component = element?.formioComponent?.component;
  const parent = element ? builder.getParentElement(element) : null;
  const list = parent?.formioContainer;
  if (!component || !parent?.formioComponent || !list) return false;
  const index = list.indexOf(component);
  if (index < 0) return false;
  if (where === 'into') {
    const section = list[index - 1];
    if (!section || !takesComponents(section)) return false;
    list.splice(index, 1);
    (section.components as Record<string, unknown>[]).push(component);
    await parent.formioComponent.rebuild();
  } else {
    const outer = outerOf(builder, parent);
    const outerList = outer?.formioContainer;
    const section = parent.formioComponent.component;
    const at = outerList?.indexOf(section) ?? -1;
    if (!outer?.formioComponent || !outerList || at < 0) return false;
    list.splice(index, 1);
    outerList.splice(at + 1, 0, component);
    await outer.formioComponent.rebuild();
  }
  focusAction(builder, String(component.key), 'edit');
  return true;
}

/**
 * Shows each Move into / Move out button only where that move is possible, named by the section it moves
 * into or out of ("Move into Staffing"). Run after every redraw of the canvas.
 */
export function showMoveAcross(builder: BuilderInstance): void {
  for (const button of builder.refs.form?.querySelectorAll<HTMLElement>(
    '[data-dcf-action="into"], [data-dcf-action="out"]',
  ) ?? []) {
    const element = componentOf(button);
    const component = element?.formioComponent?.component;
    const parent = element ? builder.getParentElement(element) : null;
    const list = parent?.formioContainer;
    const index = component && list ? list.indexOf(component) : -1;
    const name = button.querySelector('.visually-hidden')?.outerHTML ?? '';
    let section: Record<string, unknown> | undefined;
    if (button.dataset.dcfAction === 'into') section = index > 0 && list ? list[index - 1] : undefined;
    else if (parent && outerOf(builder, parent)?.formioContainer) section = parent.formioComponent?.component;
    const possible = button.dataset.dcfAction === 'into' ? takesComponents(section) : Boolean(section);
    button.hidden = !possible;
    if (!possible || !section) continue;
    const words = String(section.title || section.legend || section.label || section.key || 'the section');
    const text = `${button.dataset.dcfAction === 'into' ? 'Move into' : 'Move out of'} ${words}`;
    if (button.dataset.dcfText !== text) {
      button.dataset.dcfText = text;
      button.innerHTML = `${escapeText(text)}${name}`;
    }
  }
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Copies a component and puts the copy just below it (Form.io's copy and paste, in one press). */
export function copyComponent(builder: BuilderInstance, button: HTMLElement): void {
  const component = componentOf(button)?.formioComponent;
  if (!component) return;
  builder.copyComponent(component);
  builder.pasteComponent(component);
  window.sessionStorage.removeItem('formio.clipboard');
}

/** Focuses a component's action button after the canvas was drawn again. */
export function focusAction(builder: BuilderInstance, key: string, action: string): void {
  const button = builder.refs.form?.querySelector<HTMLElement>(
    `[data-dcf-action="${action}"][data-dcf-key="${CSS.escape(key)}"]`,
  );
  button?.focus();
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

/**
 * Makes Form.io's settings dialog behave as a modal: the page behind is inert, focus moves to the
 * first setting and stays in the dialog (Tab wraps), Escape closes it (as Cancel does) and focus goes
 * back to what opened it, or to the component's Edit button when that was drawn again.
 */
export function manageDialog(
  builder: BuilderInstance,
  opener: Element | null,
  componentKey: string | undefined,
): void {
  const dialog = builder.dialog;
  if (!dialog) return;
  const content = dialog.querySelector<HTMLElement>('[role="dialog"]') ?? dialog;
  const background = document.getElementById('root');
  if (background) background.inert = true;

  const first = content.querySelector<HTMLElement>(
    '[ref="editForm"] input:not([type="hidden"]), [ref="editForm"] textarea',
  );
  (first ?? content.querySelector<HTMLElement>('button'))?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      dialog.close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(content);
    if (focusable.length === 0) return;
    const firstElement = focusable[0];
    const lastElement = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === firstElement) {
      event.preventDefault();
      lastElement?.focus();
    } else if (!event.shiftKey && document.activeElement === lastElement) {
      event.preventDefault();
      firstElement?.focus();
    }
  };
  dialog.addEventListener('keydown', onKeyDown);
  const stopFilling = fillOptionValues(dialog);
  dialog.addEventListener(
    'close',
    () => {
      dialog.removeEventListener('keydown', onKeyDown);
      stopFilling();
      if (background) background.inert = false;
      // Form.io redraws the canvas after the dialog closes; give it a frame.
      requestAnimationFrame(() => {
        if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus();
        else if (componentKey) focusAction(builder, componentKey, 'edit');
      });
    },
    { once: true },
  );
}

/** An option's value from its label, as Form.io's own builder makes it: "Band 5 nurse" -> "band5Nurse". */
export function optionValue(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
}

/**
 * In a settings dialog, an option's value follows its label as the manager types it, until the manager
 * edits the value (decision 0035). Form.io's builder does this with a JSON Logic calculation that our
 * hardened JSON Logic does not run, so Save said "Value is required" for every option. A value already
 * there (a saved option) is never changed: returns hold it. Returns a function that stops it.
 */
export function fillOptionValues(dialog: HTMLElement): () => void {
  const onInput = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    if (input.name.endsWith('[value]')) {
      if (event.isTrusted) input.dataset.dcfEdited = 'true';
      return;
    }
    const row = /^(.*)\[label\]$/.exec(input.name)?.[1];
    if (!row) return;
    const value = dialog.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`${row}[value]`)}"]`);
    if (!value || value.dataset.dcfEdited) return;
    if (value.value !== '' && value.value !== value.dataset.dcfFilled) return;
    const next = optionValue(input.value);
    value.value = next;
    value.dataset.dcfFilled = next;
    value.dispatchEvent(new Event('input', { bubbles: true }));
  };
  dialog.addEventListener('input', onInput);
  return () => dialog.removeEventListener('input', onInput);
}
