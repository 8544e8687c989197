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
  dialog.addEventListener(
    'close',
    () => {
      dialog.removeEventListener('keydown', onKeyDown);
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
