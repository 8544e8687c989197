import type { FormDefinition } from '@dcf/forms';
import { configure, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { expect, vi } from 'vitest';
import { FormRenderer, type FormRendererHandle } from '../form-renderer';

// The engine loads in a chunk of its own; on a busy machine the first evaluation takes a while.
configure({ asyncUtilTimeout: 5000 });

/** A single-page form of these components. */
export const form = (components: FormDefinition['components']): FormDefinition => ({
  display: 'form',
  components,
});

/**
 * Renders a form and waits until the engine has evaluated it (the first onChange). `last` is the
 * answers the form reported last; `ref` is the page's handle on the form.
 */
export async function show(
  definition: FormDefinition,
  submission?: Record<string, unknown>,
  readOnly = false,
) {
  const onChange = vi.fn();
  const ref = createRef<FormRendererHandle>();
  render(
    <FormRenderer
      ref={ref}
      definition={definition}
      submission={submission}
      onChange={onChange}
      readOnly={readOnly}
    />,
  );
  await waitFor(() => expect(onChange).toHaveBeenCalled());
  const last = () => onChange.mock.lastCall?.[0] as Record<string, unknown>;
  return { onChange, last, ref };
}

/** What an element's aria-describedby points at, as text, in order (one space between). */
export const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
