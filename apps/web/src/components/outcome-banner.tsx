import { useState } from 'react';
import { errorMessage } from '../api/client';
import { Notification } from './notification';

/** What an action came to, said in a banner. */
export interface Outcome {
  variant: 'success' | 'error';
  title?: string | undefined;
  message: string | readonly string[];
}

/**
 * The outcome of the last action on a screen (product decisions, "The return between people"): a banner
 * that stays until closed and takes focus, shown afresh (and focused again) for each different outcome.
 */
export function OutcomeBanner({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  if (!outcome) return null;
  return (
    <Notification
      key={JSON.stringify(outcome)}
      variant={outcome.variant}
      {...(outcome.title ? { title: outcome.title } : {})}
      message={outcome.message}
      stayOpen
      onClose={onClose}
    />
  );
}

/**
 * The outcome of a screen's actions, for its OutcomeBanner: `report` clears the last outcome, runs the
 * action, then says `done` (or the words `done` makes of the action's result), or the error's message.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  async function report<T>(action: () => Promise<T>, done: string | ((result: T) => string)) {
    setOutcome(null);
    try {
      const result = await action();
      setOutcome({ variant: 'success', message: typeof done === 'function' ? done(result) : done });
    } catch (error) {
      setOutcome({ variant: 'error', message: errorMessage(error) });
    }
  }
  return { outcome, setOutcome, clear: () => setOutcome(null), report };
}
