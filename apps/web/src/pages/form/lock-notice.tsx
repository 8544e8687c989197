import { lockAdvice, lockedByMessage, type SubmissionView } from '@dcf/domain';
import { useState } from 'react';
import { problemText } from '../../api/problems';
import { releaseLock, type SubmissionPageKey } from '../../api/submissions';

/**
 * Someone else holds the return's lock (product decisions, "The return between people"; decision
 * 0036): who, since when, until when it holds, and who can release it, with 'Release lock' for those
 * who may (a manager, the organisation's authoriser). After releasing, `onReleased` reads the return
 * again (and takes the lock where the person may edit it).
 */
export function LockNotice({
  pageKey,
  view,
  onReleased,
}: {
  pageKey: SubmissionPageKey;
  view: SubmissionView;
  onReleased: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!view.isLocked || view.lockedByMe || !view.lockedBy || !view.lockedOn) return null;
  const holder = view.lockedBy.name;
  const advice = lockAdvice({
    holder,
    expiresAt: view.lockExpiresAt ?? view.lockedOn,
    organisationName: view.organisationName,
    canRelease: view.canReleaseLock,
  });
  const release = async () => {
    setBusy(true);
    try {
      await releaseLock(pageKey);
      setError(null);
      await onReleased();
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="nhsuk-warning-callout dcf-lock-notice">
      <h2 className="nhsuk-warning-callout__label">
        <span>
          <span className="nhsuk-u-visually-hidden">Important: </span>
          <span>{lockedByMessage(holder, view.lockedOn)}</span>
        </span>
      </h2>
      <p>{advice.until}</p>
      <p>{advice.release}</p>
      {error ? <p className="nhsuk-error-message">{error}</p> : null}
      {view.canReleaseLock ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => void (busy ? undefined : release())}
        >
          Release lock
        </button>
      ) : null}
    </div>
  );
}
