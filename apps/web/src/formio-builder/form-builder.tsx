import '@formio/js/dist/formio.builder.min.css';
import './builder-bootstrap.scss';
import './form-builder.css';
import { FormBuilder } from '@formio/js';
import { useEffect, useRef } from 'react';
import {
  addFromPalette,
  type BuilderInstance,
  copyComponent,
  manageDialog,
  moveAcross,
  moveComponent,
  showMoveAcross,
} from './builder-controls';
import { PALETTE } from './palette';
import { setUpFormio } from './setup';
import { BUILDER_TEMPLATE } from './templates';

export interface BuilderDefinition {
  display: 'form' | 'wizard';
  components: Record<string, unknown>[];
  [other: string]: unknown;
}

export interface FormioBuilderProps {
  /** The definition the builder starts from; a new object (by value) rebuilds it. */
  definition: BuilderDefinition;
  /** Every edit in the builder (add, edit, move, copy, remove a component). */
  onChange: (definition: BuilderDefinition) => void;
}

/** Form.io's events that change the form (and cancelComponent, which undoes a live edit). */
const CHANGE_EVENTS = [
  'addComponent',
  'saveComponent',
  'updateComponent',
  'removeComponent',
  'cancelComponent',
  'pasteComponent',
] as const;

const BUILDER_OPTIONS = {
  template: BUILDER_TEMPLATE,
  noDefaultSubmitButton: true,
  builder: PALETTE,
  // The settings dialog's outer element takes the Bootstrap scope class (it is added to <body>).
  dialogAttr: { class: 'dcf-bootstrap' },
  // No Help links to Form.io's site and no raw JSON editing (it loads the ace editor from a CDN).
  helplinks: false,
  editJson: false,
  noNewEdit: false,
};

/**
 * Form.io's drag-and-drop builder, in a chunk of its own: this file is only reached through
 * React.lazy from the form tab, so @formio/js and its CSS stay out of every other page. Styled with
 * Bootstrap scoped to the builder (builder-bootstrap.scss), redrawn with our templates (templates.ts),
 * settings from the allow-list (edit-forms.ts), and keyboard controls around it (builder-controls.ts).
 */
export default function FormioBuilder({ definition, onChange }: FormioBuilderProps) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    setUpFormio();
    const formBuilder = new FormBuilder(element, structuredClone(definition), {
      ...BUILDER_OPTIONS,
    }) as unknown as {
      ready: Promise<BuilderInstance>;
      instance?: { destroy(all?: boolean): void };
    };
    let builder: BuilderInstance | undefined;
    let gone = false;
    // The button that opened the settings dialog. Not document.activeElement: dragula prevents the
    // default of mousedown on the canvas, so a clicked button never takes focus.
    let pressed: HTMLElement | null = null;
    const remember = (event: MouseEvent) => {
      pressed = (event.target as HTMLElement).closest('button');
    };
    const report = () => {
      if (builder && !gone) onChangeRef.current(structuredClone(builder.form) as BuilderDefinition);
    };

    void formBuilder.ready.then((instance) => {
      if (gone) return;
      builder = instance;
      showMoveAcross(instance);
      for (const event of CHANGE_EVENTS) instance.on(event, report);
      instance.on('editComponent', (component: { key?: string } | undefined) => {
        const opener = pressed?.isConnected ? pressed : document.activeElement;
        manageDialog(instance, opener, component?.key);
      });
    });

    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      if (!builder) return;
      const paletteButton = target.closest<HTMLElement>('.builder-sidebar .formcomponent');
      if (paletteButton) {
        addFromPalette(builder, paletteButton);
        return;
      }
      const action = target.closest<HTMLElement>('[data-dcf-action]');
      const kind = action?.dataset.dcfAction;
      if (!action || !kind) return;
      if (kind === 'up' || kind === 'down') {
        void moveComponent(builder, action, kind === 'up' ? -1 : 1).then((moved) => moved && report());
      } else if (kind === 'into' || kind === 'out') {
        void moveAcross(builder, action, kind).then((moved) => moved && report());
      } else if (kind === 'copy') {
        copyComponent(builder, action);
        report();
      }
    };
    element.addEventListener('click', remember, true);
    element.addEventListener('click', onClick);
    // Move into / out of a section shows where possible, after every redraw of the canvas.
    let pending = 0;
    const observer = new MutationObserver(() => {
      if (pending || !builder) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        if (builder && !gone) showMoveAcross(builder);
      });
    });
    observer.observe(element, { childList: true, subtree: true });

    return () => {
      gone = true;
      observer.disconnect();
      if (pending) cancelAnimationFrame(pending);
      element.removeEventListener('click', remember, true);
      element.removeEventListener('click', onClick);
      formBuilder.instance?.destroy(true);
      element.replaceChildren();
    };
  }, [definition]);

  // Bootstrap's variables apply below .dcf-bootstrap, on [data-bs-theme] (builder-bootstrap.scss).
  return (
    <div className="dcf-formio-builder dcf-bootstrap">
      <div data-bs-theme="light" ref={host} />
    </div>
  );
}
