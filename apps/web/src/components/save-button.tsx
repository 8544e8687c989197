import { constants, messages } from '@dcf/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface SaveButtonProps {
  /** Resolve for success, reject (or throw) for failure. */
  onSave: () => Promise<unknown>;
  children?: ReactNode;
  /** Disabled for another reason (e.g. an upload in progress). */
  disabled?: boolean;
  secondary?: boolean;
  /** How long the outcome shows and the button stays disabled (default 3000 ms). */
  resetMs?: number;
}

/**
 * Save with visible progress (specification, section 2): 'Saving...' while the save runs, then
 * 'Successfully saved.' or 'Failed to save.'; the button is re-enabled and the message cleared after 3 s.
 * The outcome is announced through a status region.
 */
export function SaveButton({
  onSave,
  children = 'Save',
  disabled = false,
  secondary = false,
  resetMs = constants.saveButtonResetMs,
}: SaveButtonProps) {
  const [state, setState] = useState<SaveState>('idle');
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (state !== 'saved' && state !== 'failed') return;
    const timer = setTimeout(() => setState('idle'), resetMs);
    return () => clearTimeout(timer);
  }, [state, resetMs]);

  // While busy the button keeps focus (aria-disabled rather than disabled) but ignores clicks.
  const busy = state !== 'idle';

  async function handleClick() {
    if (busy) return;
    setState('saving');
    let outcome: SaveState;
    try {
      await onSave();
      outcome = 'saved';
    } catch {
      outcome = 'failed';
    }
    if (mounted.current) setState(outcome);
  }

  const message = state === 'saved' ? messages.saved : state === 'failed' ? messages.saveFailed : '';
  return (
    <span className="dcf-save-button">
      <button
        type="button"
        className={`nhsuk-button${secondary ? ' nhsuk-button--secondary' : ''}`}
        disabled={disabled}
        aria-disabled={busy ? true : undefined}
        onClick={handleClick}
      >
        {state === 'saving' ? messages.saving : children}
      </button>
      <span
        role="status"
        className={`dcf-save-button__message${state === 'failed' ? ' dcf-save-button__message--failed' : ''}`}
      >
        {message}
      </span>
    </span>
  );
}
