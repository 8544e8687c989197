import { messages } from '@dcf/domain';
import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { YesNoModal } from './yes-no-modal';

export interface UnsavedChangesPromptProps {
  /** True while there are changes that would be lost. */
  when: boolean;
  message?: string;
}

/**
 * Warns before leaving a page with unsaved changes (specification, section 2): in-app navigation is held
 * by React Router's blocker and a Yes/No dialog asks; closing or reloading the tab gets the browser's own
 * prompt through `beforeunload`.
 */
export function UnsavedChangesPrompt({ when, message = messages.unsavedChanges }: UnsavedChangesPromptProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, message]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.reset();
  }, [blocker, when]);

  return (
    <YesNoModal
      open={blocker.state === 'blocked'}
      title={message}
      onYes={() => blocker.proceed?.()}
      onNo={() => blocker.reset?.()}
    >
      Do you want to leave this page?
    </YesNoModal>
  );
}
