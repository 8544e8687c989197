import { useEffect, useRef } from 'react';

/** How long after the last change a draft is saved by itself. */
export const AUTOSAVE_DELAY_MS = 30_000;

export interface AutosaveOptions {
  /** Saving is possible now (the person holds the lock, no conflict is waiting). */
  enabled: boolean;
  /** There are changes not yet saved. */
  pending: boolean;
  /** Goes up on every change: each change restarts the wait. */
  changeCount: number;
  /** True while a save (manual or automatic) runs: the autosave then waits another period. */
  isSaving: () => boolean;
  save: () => Promise<unknown>;
  delayMs?: number;
}

/**
 * Saves a draft `delayMs` after the last change (debounced), never while another save runs. Failures
 * are left to `save` to report; the next change tries again.
 */
export function useAutosave({
  enabled,
  pending,
  changeCount,
  isSaving,
  save,
  delayMs = AUTOSAVE_DELAY_MS,
}: AutosaveOptions) {
  const latest = useRef({ isSaving, save });
  latest.current = { isSaving, save };

  // biome-ignore lint/correctness/useExhaustiveDependencies: changeCount restarts the wait on every change.
  useEffect(() => {
    if (!enabled || !pending) return;
    let timer: ReturnType<typeof setTimeout>;
    const fire = () => {
      if (latest.current.isSaving()) {
        timer = setTimeout(fire, delayMs);
        return;
      }
      latest.current.save().catch(() => undefined);
    };
    timer = setTimeout(fire, delayMs);
    return () => clearTimeout(timer);
  }, [enabled, pending, changeCount, delayMs]);
}
