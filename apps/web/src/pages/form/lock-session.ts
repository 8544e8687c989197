import type { SubmissionView } from '@dcf/domain';
import { codeOf, hasCode, problemText } from '../../api/problems';
import {
  getSubmission,
  newPageToken,
  releaseLock,
  type SubmissionPageKey,
  takeLock,
} from '../../api/submissions';
import type { LockState } from './entry-state';

/** The lock lapses after 20 minutes without a save or heartbeat; the page renews it every 5. */
export const LOCK_HEARTBEAT_MS = 5 * 60_000;
/** Coming back to the page (focus, a tab shown again) reads it again at most this often. */
export const REFRESH_THROTTLE_MS = 1_000;
/** A view read this recently is not read again when the page opens (it has just been loaded). */
const OPEN_FRESH_MS = 10_000;

/** How the page reads the return again: on opening, on coming back to it, or to reload after a conflict. */
export type SyncReason = 'open' | 'focus' | 'reload';

/** The lock refused by a failed call: its words are shown, its code is what the page acts on. */
export const refusedBy = (error: unknown): LockState => ({
  state: 'refused',
  message: problemText(error),
  code: codeOf(error),
});

export interface LockSessionPage {
  key: SubmissionPageKey;
  /** When the view was last read from the server (0: never). */
  lastRead: number;
  view: () => SubmissionView;
  lock: () => LockState;
  setLock: (lock: LockState) => void;
  /** Shows a view that only refreshes the lock (a heartbeat: the content may be mid-save). */
  replaceView: (view: SubmissionView) => void;
  /** Shows a view read from the server (its answers kept unless discardUnsaved, see useFormEntry). */
  adoptView: (view: SubmissionView, discardUnsaved?: boolean) => void;
}

/**
 * One visit of the page holding the lock (decision 0036): its own token, the reads and lock requests
 * made with it, and its release on leaving. A lock request still on its way after the release is refused
 * by the server rather than taking the lock again.
 */
export function lockVisit(page: LockSessionPage) {
  let token = newPageToken();
  // A lock request went out with this token: leaving must release with it.
  let asked = false;
  let leaving = false;
  let running: Promise<void> | null = null;
  let lastRead = page.lastRead;

  const take = async (heartbeat: boolean) => {
    asked = true;
    const next = await takeLock(page.key, token);
    if (leaving) return;
    lastRead = Date.now();
    if (heartbeat) page.replaceView({ ...page.view(), ...lockFields(next) });
    else page.adoptView(next);
    page.setLock({ state: 'mine' });
  };

  // Someone else holds it: read who, until when and who can release it.
  const readHolder = () =>
    getSubmission(page.key)
      .then((latest) => {
        if (leaving) return;
        page.adoptView(latest);
        if (!latest.canEdit) page.setLock({ state: 'none' });
      })
      .catch(() => undefined);

  const run = async (reason: SyncReason) => {
    try {
      if (page.lock().state === 'mine' && reason !== 'reload') {
        await take(true);
        return;
      }
      // On opening, a view that says the return may be edited is checked by the lock itself (its answer
      // is the view as it is now); one that says it may not is read again unless just read.
      const fresh = reason === 'open' && (page.view().canEdit || Date.now() - lastRead < OPEN_FRESH_MS);
      if (!fresh) {
        const latest = await getSubmission(page.key);
        if (leaving) return;
        lastRead = Date.now();
        page.adoptView(latest, reason === 'reload');
      }
      if (page.view().canEdit) {
        page.setLock({ state: 'taking' });
        await take(false);
      } else page.setLock({ state: 'none' });
    } catch (error) {
      if (leaving) return;
      page.setLock(refusedBy(error));
      if (hasCode(error, 'lock_held')) await readHolder();
    }
  };

  return {
    sync(reason: SyncReason): Promise<void> {
      if (leaving) return Promise.resolve();
      if (reason === 'focus' && Date.now() - lastRead < REFRESH_THROTTLE_MS) return Promise.resolve();
      running ??= run(reason).finally(() => {
        running = null;
      });
      return running;
    },
    /** Renews the lock while the page holds it. */
    heartbeat() {
      if (page.lock().state !== 'mine') return;
      void take(true).catch((error: unknown) => {
        if (!leaving) page.setLock(refusedBy(error));
      });
    },
    leave() {
      if (leaving) return;
      leaving = true;
      if (asked) releaseLock(page.key, { keepalive: true, pageToken: token }).catch(() => undefined);
    },
    /** Back from the browser's page cache: a new visit, with a new token (the old one has left). */
    restart() {
      token = newPageToken();
      asked = false;
      leaving = false;
      lastRead = 0;
    },
  };
}

function lockFields(view: SubmissionView) {
  const { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe } = view;
  return { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe };
}
