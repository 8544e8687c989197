import type { SubmissionPageKey } from '../../api/submissions';
import { Notification, type useNotification } from '../../components';
import { EntryNotices, ReadOnlyNote } from './form-entry-sections';
import { LockNotice } from './lock-notice';
import { SubmissionBanners } from './submission-banners';
import type { useFormEntry } from './use-form-entry';

/**
 * Above the form: the page's notice, the return's banners, who holds the lock, why the return is
 * read-only, and a conflict to reload or typing to restore.
 */
export function EntryHeader({
  pageKey,
  entry,
  notices,
}: {
  pageKey: SubmissionPageKey;
  entry: ReturnType<typeof useFormEntry>;
  notices: ReturnType<typeof useNotification>;
}) {
  const { notification, notify, clear } = notices;
  const { view } = entry;
  return (
    <>
      <Notification
        key={notification?.id ?? 'none'}
        {...(notification ?? { variant: 'none' })}
        onClose={clear}
      />
      <SubmissionBanners view={view} />
      <LockNotice
        pageKey={pageKey}
        view={view}
        onReleased={async () => {
          // A notice that stays (decision 0037): the page changes under the button that was pressed.
          notify({ variant: 'success', message: 'The lock has been released.', stayOpen: true });
          await entry.refresh();
        }}
      />
      <ReadOnlyNote entry={entry} />
      {entry.lock.state === 'taking' ? <p className="nhsuk-body">Opening the return for editing...</p> : null}
      <EntryNotices entry={entry} />
    </>
  );
}
