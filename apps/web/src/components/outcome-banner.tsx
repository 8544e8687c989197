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
