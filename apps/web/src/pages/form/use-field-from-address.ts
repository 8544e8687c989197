import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormRendererHandle } from '../../formio/form-renderer';

/**
 * The form opened at one question: `?field=PATH` (a Change link of check your answers, decision 0016)
 * moves focus to that field once the form is ready and settled (the lock taken or refused; taking it
 * rebuilds the form editable). The renderer's handle changes when its form is replaced, and each new
 * ready handle focuses the field again, so a rebuild never leaves focus on a form that is gone.
 * Returns the ref callback to give the renderer, and the handle for the page's other uses.
 */
export function useFieldFromAddress(settled: boolean) {
  const [search] = useSearchParams();
  const field = search.get('field');
  const handle = useRef<FormRendererHandle | null>(null);
  const [version, setVersion] = useState(0);
  const ref: RefCallback<FormRendererHandle> = useCallback((next) => {
    handle.current = next;
    setVersion((n) => n + 1);
  }, []);

  useEffect(() => {
    void version;
    const current = handle.current;
    if (!field || !settled || !current || current.getData() === undefined) return;
    current.focusField(field);
  }, [field, settled, version]);

  return { ref, handle };
}
