import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormRendererHandle } from '../../formio/form-renderer';

/**
 * The form opened at one question: `?field=PATH` (a Change link of check your answers, decision 0016;
 * an error summary's link) moves focus to that field once, when the form is ready and settled (the lock
 * taken or refused; taking it rebuilds the form editable), and never again (decision 0035).
 *
 * The renderer's handle changes whenever its pages or hidden questions change, i.e. on most keystrokes:
 * focusing again on each new handle pulled focus back to this question while the person typed in another
 * one (one character stayed there, the rest went into this question, and autosave stored it). So the
 * field is focused once per address and form instance: a new `?field=`, or the form rebuilt with other
 * answers (typing restored, the latest version loaded), focuses it again; a keystroke never does.
 * Returns the ref callback to give the renderer, and the handle for the page's other uses.
 */
export function useFieldFromAddress(settled: boolean) {
  const [search] = useSearchParams();
  const field = search.get('field');
  const handle = useRef<FormRendererHandle | null>(null);
  const [version, setVersion] = useState(0);
  const focused = useRef<{ field: string; instance: object } | null>(null);
  const ref: RefCallback<FormRendererHandle> = useCallback((next) => {
    handle.current = next;
    setVersion((n) => n + 1);
  }, []);

  useEffect(() => {
    void version;
    const current = handle.current;
    if (!field || !settled || !current?.ready) return;
    if (focused.current?.field === field && focused.current.instance === current.instance) return;
    focused.current = { field, instance: current.instance };
    current.focusField(field);
  }, [field, settled, version]);

  return { ref, handle };
}
