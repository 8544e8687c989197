import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { submissionKeys } from '../../api/submissions';
import { LOCK_HEARTBEAT_MS, type LockSessionPage, lockVisit, type SyncReason } from './lock-session';

/**
 * The lock while the page is open (decision 0036): the page reads the return again and tries the lock
 * whenever it opens or the person comes back to it (focus, the tab shown again, the page restored from
 * the browser's cache), so a lock released meanwhile (by a manager, an authoriser, or by lapsing) never
 * stays on screen as 'locked'. It renews the lock every 5 minutes while the tab is shown, and releases it
 * when the person leaves (a link, the tab closed: fetch keepalive).
 *
 * `page` must keep its identity while the page shows the same return: a new one releases and takes again.
 * Answers how to read the return again now.
 */
export function useLockVisit(
  page: Omit<LockSessionPage, 'lastRead'>,
): RefObject<(reason: SyncReason) => Promise<void>> {
  const queryClient = useQueryClient();
  const sync = useRef<(reason: SyncReason) => Promise<void>>(async () => undefined);
  useEffect(() => {
    const lastRead = queryClient.getQueryState(submissionKeys.view(page.key))?.dataUpdatedAt ?? 0;
    const visit = lockVisit({ ...page, lastRead });
    sync.current = visit.sync;
    void visit.sync('open');
    // Renewed while the tab is shown: a tab left hidden lets its lock lapse, and takes it again (if
    // nobody else has) when it is shown.
    const heartbeat = setInterval(() => {
      if (document.visibilityState !== 'hidden') visit.heartbeat();
    }, LOCK_HEARTBEAT_MS);
    const comeBack = () => {
      if (document.visibilityState !== 'hidden') void visit.sync('focus');
    };
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      visit.restart();
      page.setLock({ state: 'none' });
      void visit.sync('open');
    };
    window.addEventListener('pagehide', visit.leave);
    window.addEventListener('pageshow', restored);
    window.addEventListener('focus', comeBack);
    document.addEventListener('visibilitychange', comeBack);
    return () => {
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', visit.leave);
      window.removeEventListener('pageshow', restored);
      window.removeEventListener('focus', comeBack);
      document.removeEventListener('visibilitychange', comeBack);
      visit.leave();
    };
  }, [page, queryClient]);
  return sync;
}
