import '@formio/js/dist/formio.builder.min.css';
import './form-builder.css';
import { Utils } from '@formio/js';
import { FormBuilder } from '@formio/react';
import { useEffect, useMemo, useRef } from 'react';

// Our content security policy refuses eval (script-src 'self'), and Form.io compiles every '{{ }}' string
// of its builder with lodash's template (new Function) unless told not to. In no-eval mode it fills simple
// '{{ path }}' placeholders itself, which is all the builder's own strings need.
Utils.Evaluator.noeval = true;

export interface BuilderDefinition {
  display: 'form' | 'wizard';
  components: Record<string, unknown>[];
  [other: string]: unknown;
}

export interface FormioBuilderProps {
  /** The definition the builder starts from; a new object (by value) rebuilds it. */
  definition: BuilderDefinition;
  /** Every edit in the builder (add, edit, move, remove a component). */
  onChange: (definition: BuilderDefinition) => void;
}

/**
 * Form.io's drag-and-drop builder, in a chunk of its own: this file is only reached through
 * React.lazy from the form tab, so @formio/js and its CSS stay out of every other page.
 *
 * The palette offers what a collection's form can use: no premium components (licensed), no resource
 * components (they need a Form.io server) and no default submit button (the application supplies save
 * and submit; the API strips submit buttons anyway).
 */
export default function FormioBuilder({ definition, onChange }: FormioBuilderProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // Form.io's palette is an accordion of buttons marked role="tablist" without any tabs inside, which
    // screen readers announce as an empty tab list (axe: aria-required-children). Its buttons already
    // carry aria-expanded, the accordion pattern, so the role is dropped whenever the builder redraws it.
    const fix = () => {
      for (const sidebar of root.querySelectorAll('.builder-sidebar[role="tablist"]'))
        sidebar.removeAttribute('role');
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const options = useMemo(
    () => ({
      noDefaultSubmitButton: true,
      builder: { premium: false, resource: false },
    }),
    [],
  );
  return (
    <div className="dcf-formio-builder" ref={container}>
      <FormBuilder
        initialForm={definition as never}
        options={options as never}
        onChange={(form) => onChange(form as unknown as BuilderDefinition)}
      />
    </div>
  );
}
